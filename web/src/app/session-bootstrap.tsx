import { useEffect } from 'react';
import { ApiError } from '@web/lib/api';
import { alive } from '@web/lib/session-actions';
import { useSession } from '@web/lib/session-store';
import { sessionMessages, startupAction, startupFailureAction } from './session-rules';

/**
 * At start: an expired stored token logs out ("access_token expired"); a valid one is refreshed with alive. Only a
 * 401 from alive logs out ("Invalid access_token"); a network error, 5xx or 429 keeps the session and asks again.
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
          if (cancelled || useSession.getState().token !== action.token) return;
          const status = error instanceof ApiError ? error.status : null;
          const next = startupFailureAction(status, attempt);
          if (next.kind === 'logout') {
            useSession.getState().logout(error instanceof ApiError && error.message ? error.message : sessionMessages.invalidToken);
            return;
          }
          retryTimer = window.setTimeout(() => check(attempt + 1), next.retryInMs);
        });
    };
    check(0);
    return () => {
      cancelled = true;
      window.clearTimeout(retryTimer);
    };
  }, []);
}
