import { useEffect } from 'react';
import { startupAction, startupFailureAction } from '@web/lib/session-rules';
import { useSession } from '@web/lib/session-store';
import { alive, callStatus } from '@web/lib/trpc';

/**
 * At start: an expired stored token logs out ("access_token expired"); a valid one is refreshed with alive. A 401 ends
 * the session (the client's 401 rule); a network error, 5xx or 429 keeps it and asks again.
 */
export function useSessionBootstrap() {
  useEffect(() => {
    const store = useSession.getState();
    const action = startupAction(store.token, Date.now());
    if (action.kind === 'none') return store.setStatus('ready');
    if (action.kind === 'logout') return store.logout(action.reason);
    let cancelled = false;
    let retryTimer: number | undefined;
    const check = (attempt: number) => {
      alive(action.token)
        .then((answer) => {
          if (!cancelled && useSession.getState().token === action.token) useSession.getState().setSession(answer);
        })
        .catch((error: unknown) => {
          // A 401 has already signed the session out (afterFailedCall): the token is no longer the stored one.
          if (cancelled || useSession.getState().token !== action.token) return;
          const next = startupFailureAction(callStatus(error), attempt);
          if (next.kind === 'retry') retryTimer = window.setTimeout(() => check(attempt + 1), next.retryInMs);
        });
    };
    check(0);
    return () => {
      cancelled = true;
      window.clearTimeout(retryTimer);
    };
  }, []);
}
