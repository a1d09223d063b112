import { describe, expect, it } from 'vitest';
import { connectionToken, isSignedIn, sessionMessages, shouldLogoutOnError, startupAction, startupFailureAction, tokenExpired, tokenExpiry } from '@web/lib/session-rules';

function jwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

describe('session rules', () => {
  it('any non-empty role list means signed in', () => {
    expect(isSignedIn(['dj'])).toBe(true);
    expect(isSignedIn(['admin', 'dj'])).toBe(true);
    expect(isSignedIn([])).toBe(false);
    expect(isSignedIn(null)).toBe(false);
    expect(isSignedIn(undefined)).toBe(false);
  });

  it('reads the exp claim and compares it with now', () => {
    const now = Date.UTC(2030, 0, 1);
    const token = jwt({ sub: 'u1', exp: now / 1000 + 60 });
    expect(tokenExpiry(token)).toBe(now / 1000 + 60);
    expect(tokenExpired(token, now)).toBe(false);
    expect(tokenExpired(token, now + 59_000)).toBe(false);
    expect(tokenExpired(token, now + 60_000)).toBe(true);
    expect(tokenExpired(token, now + 61_000)).toBe(true);
  });

  it('an unreadable token or one without exp counts as expired', () => {
    expect(tokenExpired('not-a-jwt', 0)).toBe(true);
    expect(tokenExpired('a.%%%.c', 0)).toBe(true);
    expect(tokenExpired(jwt({ sub: 'u1' }), 0)).toBe(true);
  });

  it('at start: no token does nothing, an expired one logs out with "access_token expired", a valid one is refreshed', () => {
    const now = Date.UTC(2030, 0, 1);
    expect(startupAction(null, now)).toEqual({ kind: 'none' });
    expect(startupAction('', now)).toEqual({ kind: 'none' });
    const expired = jwt({ exp: now / 1000 - 1 });
    expect(startupAction(expired, now)).toEqual({ kind: 'logout', reason: 'access_token expired' });
    const valid = jwt({ exp: now / 1000 + 3600 });
    expect(startupAction(valid, now)).toEqual({ kind: 'refresh', token: valid });
    expect(sessionMessages.invalidToken).toBe('Invalid access_token');
  });

  it('a 401 on a call sent with our token logs out, except on the permission check', () => {
    expect(shouldLogoutOnError({ status: 401, path: 'adminUsers.list', sentToken: true })).toBe(true);
    expect(shouldLogoutOnError({ status: 401, path: '/api/user/alive', sentToken: true })).toBe(true);
    expect(shouldLogoutOnError({ status: 401, path: '/api/event/check-has-permission/abc', sentToken: true })).toBe(false);
    expect(shouldLogoutOnError({ status: 401, path: 'events.checkHasPermission', sentToken: true })).toBe(false);
    expect(shouldLogoutOnError({ status: 401, path: '/api/user/login', sentToken: false })).toBe(false);
    expect(shouldLogoutOnError({ status: 403, path: 'adminUsers.list', sentToken: true })).toBe(false);
    expect(shouldLogoutOnError({ status: 500, path: 'adminUsers.list', sentToken: true })).toBe(false);
  });
});

describe('start-up check failures', () => {
  it('logs out only on a 401; a network error, 5xx or 429 keeps the session and retries with a growing, capped delay', () => {
    expect(startupFailureAction(401, 0)).toEqual({ kind: 'logout' });
    for (const status of [null, 500, 502, 503, 429]) expect(startupFailureAction(status, 0)).toEqual({ kind: 'retry', retryInMs: 1000 });
    expect(startupFailureAction(null, 3)).toEqual({ kind: 'retry', retryInMs: 8000 });
    expect(startupFailureAction(503, 20)).toEqual({ kind: 'retry', retryInMs: 30_000 });
  });
});

describe('connectionToken', () => {
  const now = Date.UTC(2026, 10, 27, 12);
  const first = jwt({ sub: 'u1', exp: now / 1000 + 3600, iat: 1 });
  const refreshed = jwt({ sub: 'u1', exp: now / 1000 + 7200, iat: 2 });

  it('keeps a connection on its token when the same account’s refresh arrives', () => {
    expect(connectionToken(first, refreshed, now)).toBe(first);
  });

  it('takes the new token for another account, a sign-out, a first token, or a kept one about to expire', () => {
    expect(connectionToken(first, jwt({ sub: 'u2', exp: now / 1000 + 3600 }), now)).not.toBe(first);
    expect(connectionToken(first, null, now)).toBeNull();
    expect(connectionToken(null, refreshed, now)).toBe(refreshed);
    expect(connectionToken(jwt({ sub: 'u1', exp: now / 1000 + 30 }), refreshed, now)).toBe(refreshed);
    expect(connectionToken('not-a-jwt', refreshed, now)).toBe(refreshed);
  });
});
