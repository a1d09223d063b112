import { useCallback } from 'react';
import { useLocation } from 'wouter';
import type { SessionAnswer } from '@server/domains/users/users.schemas';
import { afterLoginTarget } from '@web/app/guard';
import { useSession } from '@web/lib/session-store';

/** Stores the session like the main login and goes to the saved redirect URL, else `/`. */
export function useFinishLogin() {
  const [, navigate] = useLocation();
  return useCallback(
    (answer: SessionAnswer, to?: string) => {
      const state = useSession.getState();
      const target = to ? { to, replace: true } : afterLoginTarget({ productId: null, redirectUrl: state.redirectUrl });
      state.setRedirectUrl(null);
      state.setSession(answer);
      navigate(target.to, { replace: target.replace });
    },
    [navigate],
  );
}
