import { authMessages } from '@server/domains/users/users.schemas';
import { ApiError } from '@web/lib/api';

export const genericLoginError = 'Error, please try again.';
export const unexpectedError = 'Unexpected error. Please try again.';

interface TrpcLikeError {
  message?: unknown;
  data?: { httpStatus?: number; fieldErrors?: Record<string, string> | null } | null;
}

function asTrpcError(error: unknown): TrpcLikeError {
  return error && typeof error === 'object' ? (error as TrpcLikeError) : {};
}

/** The HTTP status of a failed REST call (ApiError) or tRPC call; 0 when there is none (e.g. offline). */
export function errorStatus(error: unknown): number {
  if (error instanceof ApiError) return error.status;
  return asTrpcError(error).data?.httpStatus ?? 0;
}

/** The server's field messages, by field name. */
export function errorFields(error: unknown): Record<string, string> {
  if (error instanceof ApiError) return error.fields;
  return asTrpcError(error).data?.fieldErrors ?? {};
}

/** The server's message for a client-side problem (4xx), else the fallback. */
export function serverMessage(error: unknown, fallback = unexpectedError): string {
  const { message } = asTrpcError(error);
  const status = errorStatus(error);
  return status >= 400 && status < 500 && typeof message === 'string' && message ? message : fallback;
}

/** Login failures (platform.md §8): 401 and 503 carry the spec's texts, 429 the server's; anything else is the generic message. */
export function loginErrorMessage(error: unknown): string {
  const status = errorStatus(error);
  if (status === 401) return authMessages.invalidLogin;
  if (status === 503) return authMessages.notValidated;
  if (status === 429) return serverMessage(error, genericLoginError);
  return genericLoginError;
}
