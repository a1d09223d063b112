import { create } from 'zustand';
import type { SessionAnswer, SessionUser } from '@server/domains/users/users.schemas';
import { sessionEndText, tokenExpired } from './session-rules';
import { toastError } from './lazy-toast';
import { local, storageKeys } from './storage-keys';

function readPermissionIds(): string[] {
  return (local.get(storageKeys.eventPermissions) ?? '').split(',').filter(Boolean);
}

function storedViewerToken(): string | null {
  const token = local.get(storageKeys.viewerToken);
  if (token && tokenExpired(token, Date.now())) {
    local.remove(storageKeys.viewerToken);
    local.remove(storageKeys.eventPermissions);
    return null;
  }
  return token;
}

interface ViewerState {
  /** The viewer's token, kept apart from the creator token (`cuepoint.viewerToken`). */
  token: string | null;
  /** Known once signed in here or refreshed with `alive`. */
  user: SessionUser | null;
  /** Paid event ids stored in the browser (platform.md §3): a cache that grants at once; the server is asked otherwise. */
  permissionIds: string[];
  signIn(answer: SessionAnswer): void;
  setUser(user: SessionUser): void;
  /** Clears the viewer and their stored permissions; a reason is shown as a toast. */
  signOut(reason?: string): void;
  /** Appends a paid event (after a confirmed payment, or when the server lists it). */
  grantEventAccess(...eventIds: string[]): void;
  /** Replaces the stored list with the server's answer: an event a lapsed membership opened is dropped. */
  keepEventAccess(eventIds: readonly string[]): void;
  /** Drops one event (its stream was refused). */
  revokeEventAccess(eventId: string): void;
}

/** The viewer of the public event pages (platform.md §3 "Viewer", §6). */
export const useViewer = create<ViewerState>()((set, get) => ({
  token: storedViewerToken(),
  user: null,
  permissionIds: readPermissionIds(),

  signIn: ({ token, user }) => {
    local.set(storageKeys.viewerToken, token);
    set({ token, user });
  },
  setUser: (user) => set({ user }),
  signOut: (reason) => {
    const wasSignedIn = !!get().token;
    local.remove(storageKeys.viewerToken);
    local.remove(storageKeys.eventPermissions);
    set({ token: null, user: null, permissionIds: [] });
    if (reason && wasSignedIn) toastError(sessionEndText(reason), { id: 'viewer-session-ended' });
  },
  grantEventAccess: (...eventIds) => {
    const merged = [...new Set([...get().permissionIds, ...eventIds])];
    if (merged.length === get().permissionIds.length) return;
    local.set(storageKeys.eventPermissions, merged.join(','));
    set({ permissionIds: merged });
  },
  keepEventAccess: (eventIds) => {
    const kept = [...new Set(eventIds)];
    const current = get().permissionIds;
    if (kept.length === current.length && kept.every((id) => current.includes(id))) return;
    if (kept.length) local.set(storageKeys.eventPermissions, kept.join(','));
    else local.remove(storageKeys.eventPermissions);
    set({ permissionIds: kept });
  },
  revokeEventAccess: (eventId) => {
    if (get().permissionIds.includes(eventId)) get().keepEventAccess(get().permissionIds.filter((id) => id !== eventId));
  },
}));
