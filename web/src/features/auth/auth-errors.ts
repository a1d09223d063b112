import { authMessages } from '@server/domains/users/users.schemas';
import { callStatus } from '@web/lib/trpc';

export const genericLoginError = 'Error, please try again.';
export const unexpectedError = 'Unexpected error. Please try again.';

interface TrpcLikeError {
  message?: unknown;
  data?: { fieldErrors?: Record<string, string> | null } | null;
}

function asTrpcError(error: unknown): TrpcLikeError {
  return error && typeof error === 'object' ? (error as TrpcLikeError) : {};
}

/** The server's field messages, by field name. */
export function errorFields(error: unknown): Record<string, string> {
  return asTrpcError(error).data?.fieldErrors ?? {};
}

/** The server's message for a client-side problem (4xx), else the fallback. */
export function serverMessage(error: unknown, fallback = unexpectedError): string {
  const { message } = asTrpcError(error);
  const status = callStatus(error);
  return status >= 400 && status < 500 && typeof message === 'string' && message ? message : fallback;
}

/** Login failures (platform.md §8): 401 and 503 carry the spec's texts, 429 the server's; anything else is the generic message. */
export function loginErrorMessage(error: unknown): string {
  const status = callStatus(error);
  if (status === 401) return authMessages.invalidLogin;
  if (status === 503) return authMessages.notValidated;
  if (status === 429) return serverMessage(error, genericLoginError);
  return genericLoginError;
}
