import { useCallback } from 'react';
import { useLocation } from 'wouter';
import type { SessionAnswer } from '@server/domains/users/users.schemas';
import { afterLoginTarget } from '@web/lib/navigation-rules';
import { checkoutProduct } from '@web/lib/checkout-storage';
import { useSession } from '@web/lib/session-store';

/**
 * Stores the session and goes on: to `to` when given (e.g. the lock screen), else the checkout product rule,
 * else the saved redirect URL, else `/`.
 */
export function useCompleteLogin(productId?: string | null) {
  const [, navigate] = useLocation();
  return useCallback(
    (answer: SessionAnswer, to?: string) => {
      const state = useSession.getState();
      const product = to ? null : (productId ?? checkoutProduct.get());
      const target = to ? { to, replace: true } : afterLoginTarget({ productId: product, redirectUrl: state.redirectUrl });
      // A creator who still has to pay keeps the product: the guard sends them back to its payment step.
      if (product && !answer.user.pendingPayment) checkoutProduct.clear();
      state.setRedirectUrl(null);
      state.setSession(answer);
      navigate(target.to, { replace: target.replace });
    },
    [navigate, productId],
  );
}
