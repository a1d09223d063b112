import { useEffect } from 'react';
import { ApiError } from '@web/lib/api';
import { alive } from '@web/lib/session-actions';
import { useSession } from '@web/lib/session-store';
import { sessionMessages, startupAction } from './session-rules';

/** At start: an expired stored token logs out ("access_token expired"); a valid one is refreshed with alive. */
export function useSessionBootstrap() {
  useEffect(() => {
    const store = useSession.getState();
    const action = startupAction(store.token, Date.now());
    if (action.kind === 'none') return store.setStatus('ready');
    if (action.kind === 'logout') return store.logout(action.reason);
    let cancelled = false;
    alive(action.token)
      .then((answer) => {
        if (!cancelled && useSession.getState().token === action.token) useSession.getState().setSession(answer);
      })
      .catch((error: unknown) => {
        if (cancelled || useSession.getState().token !== action.token) return;
        const reason = error instanceof ApiError && error.status === 401 ? error.message || sessionMessages.invalidToken : sessionMessages.invalidToken;
        useSession.getState().logout(reason);
      });
    return () => {
      cancelled = true;
    };
  }, []);
}
