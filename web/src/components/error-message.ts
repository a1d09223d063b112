import { msg } from '@lingui/core/macro';
import { i18n } from '@web/lib/i18n/i18n';

const somethingWentWrong = msg`Something went wrong. Please try again.`;

interface ServerErrorLike {
  message?: unknown;
  data?: { httpStatus?: number } | null;
  status?: unknown;
}

/** The HTTP status of a failed tRPC or REST call; 0 when there is none (offline, thrown in the browser). */
export function failureStatus(error: unknown): number {
  if (!error || typeof error !== 'object') return 0;
  const { data, status } = error as ServerErrorLike;
  if (typeof data?.httpStatus === 'number') return data.httpStatus;
  return typeof status === 'number' ? status : 0;
}

/** A message fit for a toast or error state: the server's text for client errors (4xx), else the fallback. */
export function failureMessage(error: unknown, fallback = i18n._(somethingWentWrong)): string {
  const status = failureStatus(error);
  const message = error && typeof error === 'object' ? (error as ServerErrorLike).message : undefined;
  return status >= 400 && status < 500 && typeof message === 'string' && message ? message : fallback;
}

/** The per-field messages a refusal carries: tRPC's `data.fieldErrors` or an upload's ApiError `fields`; {} when none. */
export function failureFields(error: unknown): Record<string, string> {
  if (!error || typeof error !== 'object') return {};
  const { data, fields } = error as { data?: { fieldErrors?: unknown } | null; fields?: unknown };
  const found = data?.fieldErrors ?? fields;
  return found && typeof found === 'object' ? (found as Record<string, string>) : {};
}
