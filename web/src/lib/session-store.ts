import { create } from 'zustand';
import type { SessionAnswer, SessionUser } from '@server/domains/users/users.schemas';
import { toastError } from './lazy-toast';
import { local, session, storageKeys } from './storage-keys';

export type SessionStatus = 'checking' | 'ready';

interface SessionState {
  token: string | null;
  user: SessionUser | null;
  status: SessionStatus;
  /** The admin's token while emulating (mirrors sessionStorage). */
  originalToken: string | null;
  redirectUrl: string | null;
  setSession(answer: SessionAnswer): void;
  setUser(user: SessionUser): void;
  setStatus(status: SessionStatus): void;
  /** Clears the creator session; a reason is shown as a toast. */
  logout(reason?: string): void;
  startEmulation(answer: SessionAnswer): void;
  finishEmulation(answer: SessionAnswer): void;
  setRedirectUrl(url: string | null): void;
}

const storedToken = local.get(storageKeys.token);

/** The creator/admin session. The token persists in localStorage (`cuepoint.token`); the user is re-fetched with `alive`. */
export const useSession = create<SessionState>()((set, get) => ({
  token: storedToken,
  user: null,
  status: storedToken ? 'checking' : 'ready',
  originalToken: session.get(storageKeys.originalToken),
  redirectUrl: session.get(storageKeys.redirectUrl),

  setSession: ({ token, user }) => {
    local.set(storageKeys.token, token);
    set({ token, user, status: 'ready' });
  },
  setUser: (user) => set({ user }),
  setStatus: (status) => set({ status }),
  logout: (reason) => {
    const wasSignedIn = !!get().token;
    local.remove(storageKeys.token);
    session.remove(storageKeys.originalToken);
    set({ token: null, user: null, status: 'ready', originalToken: null });
    if (reason && wasSignedIn) toastError(reason, { id: 'session-ended' });
  },
  startEmulation: (answer) => {
    const current = get().originalToken ?? get().token;
    if (current) session.set(storageKeys.originalToken, current);
    local.set(storageKeys.token, answer.token);
    set({ token: answer.token, user: answer.user, status: 'ready', originalToken: current });
  },
  finishEmulation: (answer) => {
    session.remove(storageKeys.originalToken);
    local.set(storageKeys.token, answer.token);
    set({ token: answer.token, user: answer.user, status: 'ready', originalToken: null });
  },
  setRedirectUrl: (url) => {
    if (url) session.set(storageKeys.redirectUrl, url);
    else session.remove(storageKeys.redirectUrl);
    set({ redirectUrl: url });
  },
}));

export function currentRoles(): string[] {
  return useSession.getState().user?.role ?? [];
}

const noRoles: string[] = [];

/** A stable selector: the same empty array while signed out, so subscribers do not re-render in a loop. */
export function selectRoles(state: Pick<SessionState, 'user'>): string[] {
  return state.user?.role ?? noRoles;
}
