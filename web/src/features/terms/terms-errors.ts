export const unexpectedError = 'Unexpected error. Please try again.';

/** Terms failures show the server's message, else the generic text (platform.md §8). */
export function termsFailureMessage(error: unknown): string {
  const { message, data } = (error && typeof error === 'object' ? error : {}) as { message?: unknown; data?: { httpStatus?: number } | null };
  const status = data?.httpStatus ?? 0;
  return status >= 400 && status < 500 && typeof message === 'string' && message ? message : unexpectedError;
}
