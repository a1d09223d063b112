import { msg } from '@lingui/core/macro';
import { i18n } from '@web/lib/i18n/i18n';

const unexpected = msg`Unexpected error. Please try again.`;

/** "Unexpected error. Please try again." in the active language. */
export const unexpectedErrorText = () => i18n._(unexpected);

/** Terms failures show the server's message, else the generic text (platform.md §8). */
export function termsFailureMessage(error: unknown): string {
  const { message, data } = (error && typeof error === 'object' ? error : {}) as { message?: unknown; data?: { httpStatus?: number } | null };
  const status = data?.httpStatus ?? 0;
  return status >= 400 && status < 500 && typeof message === 'string' && message ? message : unexpectedErrorText();
}
