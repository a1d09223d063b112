import { authMessages } from '@server/domains/users/users.schemas';
import { ApiError } from '@web/lib/api';

export const genericLoginError = 'Error, please try again.';
export const unexpectedError = 'Unexpected error. Please try again.';

/** Login failures (platform.md §8): 401 and 503 carry the spec's texts; anything else is the generic message. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return authMessages.invalidLogin;
    if (error.status === 503) return error.message || authMessages.notValidated;
  }
  return genericLoginError;
}
