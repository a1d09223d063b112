/** Pure session rules (platform.md §4 "Session"); no browser APIs except base64 decoding. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from './i18n/i18n';

export const sessionMessages = {
  invalidToken: 'Invalid access_token',
  expiredToken: 'access_token expired',
} as const;

const sessionEndTexts: Record<string, MessageDescriptor> = {
  [sessionMessages.invalidToken]: msg`Invalid access_token`,
  [sessionMessages.expiredToken]: msg`access_token expired`,
};

/** Why a session ended, in the reader's language: the spec's texts are translated, any other reason is shown as given. */
export function sessionEndText(reason: string): string {
  const text = sessionEndTexts[reason];
  return text ? i18n._(text) : reason;
}

/** Any non-empty role list means signed in; an empty (or missing) list means guest. */
export function isSignedIn(roles: readonly string[] | null | undefined): boolean {
  return !!roles && roles.length > 0;
}

function decodeBase64Url(value: string): string {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

function tokenClaims(token: string): { exp?: unknown; sub?: unknown } | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    return JSON.parse(decodeBase64Url(payload)) as { exp?: unknown; sub?: unknown };
  } catch {
    return null;
  }
}

/** The `exp` claim (seconds since the epoch) of a JWT, or null when the token cannot be read. */
export function tokenExpiry(token: string): number | null {
  const exp = tokenClaims(token)?.exp;
  return typeof exp === 'number' ? exp : null;
}

/** The `sub` claim (the account) of a JWT, or null when the token cannot be read. */
export function tokenSubject(token: string): string | null {
  const sub = tokenClaims(token)?.sub;
  return typeof sub === 'string' ? sub : null;
}

/**
 * The token a long-lived connection keeps using: the one it has while the new one is the same account's refresh and the
 * kept one stays valid for another minute (a refresh then does not reconnect it); else the new one.
 */
export function connectionToken(kept: string | null, latest: string | null, now: number): string | null {
  if (!kept || !latest || kept === latest) return latest;
  const sameAccount = tokenSubject(kept) !== null && tokenSubject(kept) === tokenSubject(latest);
  return sameAccount && !tokenExpired(kept, now + 60_000) ? kept : latest;
}

/**
 * True when the token's exp claim lies at or before `now` (milliseconds).
 * An unreadable token counts as expired: it can never be used.
 */
export function tokenExpired(token: string, now: number): boolean {
  const exp = tokenExpiry(token);
  if (exp === null) return true;
  return exp * 1000 <= now;
}

export type StartupAction = { kind: 'none' } | { kind: 'logout'; reason: string } | { kind: 'refresh'; token: string };

/** What to do with the stored token when the app starts. */
export function startupAction(storedToken: string | null | undefined, now: number): StartupAction {
  if (!storedToken) return { kind: 'none' };
  if (tokenExpired(storedToken, now)) return { kind: 'logout', reason: sessionMessages.expiredToken };
  return { kind: 'refresh', token: storedToken };
}

/**
 * The start-up check of a stored token failed: only the server's 401 ends the session. A network error, a 5xx or a
 * 429 says nothing about the token, so the session is kept and the check is tried again after `retryInMs`.
 */
export function startupFailureAction(status: number | null, attempt: number): { kind: 'logout' } | { kind: 'retry'; retryInMs: number } {
  if (status === 401) return { kind: 'logout' };
  return { kind: 'retry', retryInMs: Math.min(30_000, 1000 * 2 ** Math.max(0, attempt)) };
}

/** Calls whose 401 means "no permission for this event", not "your session is gone". */
export function isPermissionCheck(path: string): boolean {
  return /check-has-permission|checkHasPermission/i.test(path);
}

/** Sign-in calls (e.g. the lock screen while signed in): their 401 means "wrong password", not "your session is gone". */
export function isCredentialCheck(path: string): boolean {
  return /(?:^|[./])(?:viewer-?)?login$/i.test(path);
}

/** A 401 on a call made with our token logs out ("Invalid access_token"), except on the permission check and sign-in calls. */
export function shouldLogoutOnError(input: { status: number; path: string; sentToken: boolean }): boolean {
  return input.status === 401 && input.sentToken && !isPermissionCheck(input.path) && !isCredentialCheck(input.path);
}

/**
 * The toast of a session ended by a 401: "access_token expired" when the server says so, else "Invalid access_token"
 * (the English texts; `sessionEndText` shows them in the reader's language).
 */
export function sessionEndReason(serverMessage: string | undefined): string {
  return serverMessage === sessionMessages.expiredToken ? sessionMessages.expiredToken : sessionMessages.invalidToken;
}
