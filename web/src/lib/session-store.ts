import { create } from 'zustand';
import type { SessionAnswer, SessionUser } from '@server/domains/users/users.schemas';
import { toastError } from './lazy-toast';
import { sessionEndText } from './session-rules';
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

const storedOriginalToken = session.get(storageKeys.originalToken);
const storedToken = (storedOriginalToken && session.get(storageKeys.emulatedToken)) || local.get(storageKeys.token);

/** Keeps a session token: the signed-in account's in localStorage, an emulated user's in this tab's sessionStorage only. */
function storeToken(token: string, emulating: boolean): void {
  if (emulating) session.set(storageKeys.emulatedToken, token);
  else {
    session.remove(storageKeys.emulatedToken);
    local.set(storageKeys.token, token);
  }
}

/**
 * The creator/admin session. The token persists in localStorage (`cuepoint.token`); the user is re-fetched with `alive`.
 * Emulation stays in the admin's tab: the emulated token lives in sessionStorage, localStorage keeps the admin's.
 */
export const useSession = create<SessionState>()((set, get) => ({
  token: storedToken,
  user: null,
  status: storedToken ? 'checking' : 'ready',
  originalToken: storedOriginalToken,
  redirectUrl: session.get(storageKeys.redirectUrl),

  setSession: ({ token, user }) => {
    storeToken(token, !!get().originalToken);
    set({ token, user, status: 'ready' });
  },
  setUser: (user) => set({ user }),
  setStatus: (status) => set({ status }),
  logout: (reason) => {
    const wasSignedIn = !!get().token;
    local.remove(storageKeys.token);
    session.remove(storageKeys.originalToken);
    session.remove(storageKeys.emulatedToken);
    set({ token: null, user: null, status: 'ready', originalToken: null });
    if (reason && wasSignedIn) toastError(sessionEndText(reason), { id: 'session-ended' });
  },
  startEmulation: (answer) => {
    const current = get().originalToken ?? get().token;
    if (current) session.set(storageKeys.originalToken, current);
    storeToken(answer.token, !!current);
    set({ token: answer.token, user: answer.user, status: 'ready', originalToken: current });
  },
  finishEmulation: (answer) => {
    session.remove(storageKeys.originalToken);
    storeToken(answer.token, false);
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
