import { describe, expect, it } from 'vitest';
import { authMessages } from '@server/domains/users/users.schemas';
import { genericLoginError, loginErrorMessage, loginFailure, unexpectedError, viewerLoginTexts } from '@web/features/auth/auth-errors';

/** A refusal as the tRPC client hands it over: the server's message and its data. */
function refusal(httpStatus: number, message: string, fieldErrors: Record<string, string> | null = null) {
  return Object.assign(new Error(message), { data: { httpStatus, fieldErrors } });
}

describe('login errors go under the field they concern (platform.md §4, §8)', () => {
  it('a deactivated account: the server’s 403 text under the email or username, on both logins', () => {
    const error = refusal(403, authMessages.accountDeactivated);
    expect(loginFailure(error)).toEqual({ field: 'userName', message: 'This account has been deactivated. Contact the site admin.' });
    expect(loginFailure(error, viewerLoginTexts)).toEqual({ field: 'userName', message: 'This account has been deactivated. Contact the site admin.' });
    expect(loginErrorMessage(error)).toBe(authMessages.accountDeactivated);
  });

  it('a creator waiting for activation: the spec’s 503 text under the username; the viewer login has no such state', () => {
    expect(loginFailure(refusal(503, 'Service Unavailable'))).toEqual({ field: 'userName', message: authMessages.notValidated });
    expect(loginFailure(refusal(503, 'Service Unavailable'), viewerLoginTexts)).toEqual({ field: 'password', message: unexpectedError });
  });

  it('wrong credentials: each login’s own text under the password', () => {
    expect(loginFailure(refusal(401, 'whatever'))).toEqual({ field: 'password', message: 'Invalid email/password' });
    expect(loginFailure(refusal(401, 'whatever'), viewerLoginTexts)).toEqual({ field: 'password', message: 'Invalid username or password' });
  });

  it('too many attempts keep the server’s text; anything else is the generic one', () => {
    expect(loginFailure(refusal(429, 'Too many attempts. Try again in 60 seconds.'))).toEqual({ field: 'password', message: 'Too many attempts. Try again in 60 seconds.' });
    expect(loginFailure(refusal(500, 'boom'))).toEqual({ field: 'password', message: genericLoginError });
    expect(loginFailure(new TypeError('Failed to fetch'), viewerLoginTexts)).toEqual({ field: 'password', message: unexpectedError });
  });

  it('a field the server names gets its message', () => {
    expect(loginFailure(refusal(400, 'Invalid input', { userName: 'Too long' }))).toEqual({ field: 'userName', message: 'Too long' });
    expect(loginFailure(refusal(400, 'Invalid input', { password: 'Min character length is 4' }))).toEqual({ field: 'password', message: 'Min character length is 4' });
  });
});
