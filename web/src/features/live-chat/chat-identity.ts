import { useEffect, useRef, useState } from 'react';
import { local, storageKeys } from '@web/lib/storage-keys';
import { connectionToken } from '@web/lib/session-rules';
import { useSession } from '@web/lib/session-store';

/** The name and photo a viewer chats with (the chat sign-in form), kept in localStorage. */
export interface ChatIdentity {
  displayName: string;
  photoURL: string | null;
}

export function loadChatIdentity(): ChatIdentity | null {
  const raw = local.get(storageKeys.chat);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ChatIdentity>;
    if (typeof value.displayName !== 'string' || !value.displayName.trim()) return null;
    return { displayName: value.displayName, photoURL: typeof value.photoURL === 'string' ? value.photoURL : null };
  } catch {
    return null;
  }
}

export function saveChatIdentity(identity: ChatIdentity): void {
  local.set(storageKeys.chat, JSON.stringify(identity));
}

/** Signs out of the chat (the viewer logout calls this too). */
export function clearChatIdentity(): void {
  local.remove(storageKeys.chat);
}

/**
 * The token the chat signs in with: the one given, else the viewer token (its own storage key, also
 * followed across tabs), else the creator session's token (a creator moderating their own event).
 */
export function useChatToken(explicit?: string | null): string | null {
  const creatorToken = useSession((state) => state.token);
  const [viewerToken, setViewerToken] = useState(() => local.get(storageKeys.viewerToken));
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === storageKeys.viewerToken || event.key === null) setViewerToken(local.get(storageKeys.viewerToken));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  // The creator session's start-up refresh hands back a new token of the same account: the chat keeps its connection.
  const keptCreatorToken = useRef<string | null>(null);
  keptCreatorToken.current = connectionToken(keptCreatorToken.current, creatorToken, Date.now());
  if (explicit !== undefined) return explicit;
  return viewerToken ?? keptCreatorToken.current;
}
