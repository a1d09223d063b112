import { useCallback } from 'react';
import { useLocation } from 'wouter';
import type { SessionAnswer } from '@server/domains/users/users.schemas';
import { afterLoginTarget } from '@web/app/guard';
import { checkoutProduct } from '@web/lib/checkout-storage';
import { useSession } from '@web/lib/session-store';

/** Stores the session and goes on: checkout product rule first, else the saved redirect URL, else `/`. */
export function useCompleteLogin(productId?: string | null) {
  const [, navigate] = useLocation();
  return useCallback(
    (answer: SessionAnswer) => {
      const state = useSession.getState();
      const product = productId ?? checkoutProduct.get();
      const target = afterLoginTarget({ productId: product, redirectUrl: state.redirectUrl });
      if (product) checkoutProduct.clear();
      state.setRedirectUrl(null);
      state.setSession(answer);
      navigate(target.to, { replace: target.replace });
    },
    [navigate, productId],
  );
}
