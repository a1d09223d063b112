import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '@web/lib/i18n/i18n';
import { callStatus } from '@web/lib/trpc';

const texts = {
  generic: msg`Error, please try again.`,
  unexpected: msg`Unexpected error. Please try again.`,
  // The spec's login answers (platform.md §8), shown by the web app in the reader's language.
  invalidLogin: msg`Invalid email/password`,
  invalidViewerLogin: msg`Invalid username or password`,
  notValidated: msg`Your account has not been validated. We will send you an email once your account is ready.`,
  accountDeactivated: msg`This account has been deactivated. Contact the site admin.`,
};

/** The English texts, as the spec words them (other features and tests compare with them). */
export const genericLoginError = 'Error, please try again.';
export const unexpectedError = 'Unexpected error. Please try again.';

/** "Unexpected error. Please try again." in the active language. */
export const unexpectedErrorText = () => i18n._(texts.unexpected);

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
export function serverMessage(error: unknown, fallback = unexpectedErrorText()): string {
  const { message } = asTrpcError(error);
  const status = callStatus(error);
  return status >= 400 && status < 500 && typeof message === 'string' && message ? message : fallback;
}

/** The text our server answered with (a tRPC refusal, not a proxy's page), else the fallback. */
function sentMessage(error: unknown, fallback: string): string {
  const { message, data } = asTrpcError(error);
  return data && typeof message === 'string' && message ? message : fallback;
}

/**
 * Login failures (platform.md §8): 401 and 503 carry the spec's texts, 403 the server's deactivation text, 429 the
 * server's; anything else is the generic message.
 */
export function loginErrorMessage(error: unknown): string {
  return loginFailure(error).message;
}

export type LoginField = 'userName' | 'password';

/** A refused sign-in: its text and the field it concerns (platform.md §4: errors go under the field). */
export interface LoginFailure {
  field: LoginField;
  message: string;
}

/** The texts a login form shows: the dashboard login's (§8 "Login") or the viewer login's (§8 "Viewer login"). */
export interface LoginTexts {
  invalid: MessageDescriptor;
  /** The 503 of a creator still waiting for a first activation; the viewer login has none. */
  notValidated?: MessageDescriptor;
  other: MessageDescriptor;
}

export const dashboardLoginTexts: LoginTexts = { invalid: texts.invalidLogin, notValidated: texts.notValidated, other: texts.generic };
export const viewerLoginTexts: LoginTexts = { invalid: texts.invalidViewerLogin, other: texts.unexpected };

/**
 * Which field a refused sign-in concerns and what it says there. The account's state (deactivated: 403, not yet
 * activated: 503) concerns the email or username field; wrong credentials (401), too many attempts (429) and
 * anything unexpected go under the password, beside the button; a field the server names (400) gets its own message.
 */
export function loginFailure(error: unknown, loginTexts: LoginTexts = dashboardLoginTexts): LoginFailure {
  const status = callStatus(error);
  const other = i18n._(loginTexts.other);
  if (status === 401) return { field: 'password', message: i18n._(loginTexts.invalid) };
  if (status === 403) return { field: 'userName', message: sentMessage(error, i18n._(texts.accountDeactivated)) };
  if (status === 503 && loginTexts.notValidated) return { field: 'userName', message: i18n._(loginTexts.notValidated) };
  if (status === 429) return { field: 'password', message: serverMessage(error, other) };
  if (status === 400) {
    const fields = errorFields(error);
    for (const field of ['userName', 'password'] as const) if (fields[field]) return { field, message: fields[field] };
  }
  return { field: 'password', message: other };
}
