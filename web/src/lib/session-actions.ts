import type { SessionAnswer } from '@server/domains/users/users.schemas';
import { api } from './api';
import { useSession } from './session-store';

export const emulationMessages = { emulateFailed: 'Emulate user failed', exitFailed: 'Exit emulate failed' } as const;

/** Re-validates a token with `/api/user/alive` and answers the fresh token and user. */
export function alive(token: string): Promise<SessionAnswer> {
  return api<SessionAnswer>('/api/user/alive', { token, noAutoLogout: true });
}

/** Restores the admin's own session saved when the emulation started (re-validated with alive). */
export async function exitEmulation(): Promise<void> {
  const original = useSession.getState().originalToken;
  if (!original) throw new Error(emulationMessages.exitFailed);
  const answer = await alive(original);
  useSession.getState().finishEmulation(answer);
}
