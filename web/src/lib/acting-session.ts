import { sessionEndReason, shouldLogoutOnError } from './session-rules';
import { useSession } from './session-store';
import { useViewer } from './viewer-session';

/**
 * Whose token a call carries when it names none: the dashboard session's (a creator, an admin, or the user an admin
 * emulates: emulating swaps the session's token) or the viewer's, who signs in on the event pages apart from it.
 */
export type ActingAs = 'session' | 'viewer';

export function actingToken(actingAs: ActingAs): string | null {
  return actingAs === 'viewer' ? useViewer.getState().token : useSession.getState().token;
}

export interface FailedCall {
  /** The token the call carried; null when it carried none. */
  token: string | null;
  /** The HTTP status; 0 when there was no answer. */
  status: number;
  /** The procedure (`users.alive`) or the /api path. */
  path: string;
  /** The server's message. */
  message?: string;
}

/**
 * The one 401 rule of the web app (platform.md §4 "Session"), run for every failed call (tRPC, uploads, downloads): a 401
 * to a call made with the token of a session still signed in ends that session, the creator's or the viewer's, with the
 * "Invalid access_token" toast ("access_token expired" when the server says so). A sign-in call's 401 means a wrong
 * password and the permission check's means no access, so neither ends anything; nor does a network error, a 5xx or a
 * 429, which say nothing about the token.
 */
export function afterFailedCall({ token, status, path, message }: FailedCall): void {
  if (!token || !shouldLogoutOnError({ status, path, sentToken: true })) return;
  const reason = sessionEndReason(message);
  if (useSession.getState().token === token) useSession.getState().logout(reason);
  else if (useViewer.getState().token === token) useViewer.getState().signOut(reason);
}
