import { forbiddenMessage, pendingPaymentMessage } from '@server/platform/errors';
import { tooManyAttemptsMessage } from '@server/platform/rate-limit';
import { adminUsersMessages } from '@server/domains/users/admin-users.schemas';
import { adminRuleMessages } from '@server/domains/users/admin-rules';
import { externalSignInMessages } from '@server/domains/users/external-sign-in';
import { authMessages, validationMessages } from '@server/domains/users/users.schemas';
import { adminUserAnswers, registrationMessages, userMailMessages, usersRouteMessages } from '@server/domains/users/users.messages';

/**
 * The refusals every procedure base and the HTTP layer answer, whatever the domain. Written out here where their
 * modules keep them as literals (server/platform/errors.ts, server/app.ts, server/trpc/init.ts); the
 * server-translate test checks that each one still appears in the module named.
 */
export const commonMessages = {
  forbidden: forbiddenMessage,
  pendingPayment: pendingPaymentMessage,
  tooManyAttempts: tooManyAttemptsMessage,
  unsupportedLocale: 'Please choose a supported language',
  unexpected: 'Unexpected error. Please try again.',
  invalidInput: 'Invalid input',
  unknownField: 'Unknown field',
  notFound: 'Not found',
  invalidJson: 'The request body is not valid JSON',
  bodyTooLarge: 'The request body is too large',
  unsupportedContentType: 'Unsupported content type',
  notMultipart: 'The request is not multipart/form-data',
  tooManyParts: 'The form has too many fields or files',
  badRequest: 'Bad request',
} as const;

/** Where each common literal is written (checked by tests/unit/server-translate.test.ts). */
export const commonMessageHomes: Record<keyof typeof commonMessages, string> = {
  forbidden: 'server/platform/errors.ts',
  pendingPayment: 'server/platform/errors.ts',
  tooManyAttempts: 'server/platform/rate-limit.ts',
  unsupportedLocale: 'common/locale-schema.ts',
  unexpected: 'server/platform/errors.ts',
  invalidInput: 'server/platform/errors.ts',
  unknownField: 'server/platform/errors.ts',
  notFound: 'server/app.ts',
  invalidJson: 'server/app.ts',
  bodyTooLarge: 'server/app.ts',
  unsupportedContentType: 'server/app.ts',
  notMultipart: 'server/app.ts',
  tooManyParts: 'server/app.ts',
  badRequest: 'server/app.ts',
};

/**
 * Answered in English in every language on purpose: the web app tells an expired session from an invalid one by
 * these exact texts (web/src/lib/session-rules.ts) and shows its own translated toast for each; the Apple sign-in
 * popup's texts (social.service.ts appleMessages) travel to the web app by postMessage, which shows its own.
 */
export const keptInEnglish = ['Invalid access_token', 'access_token expired'] as const;

/** One group of texts the server answers, and the module that holds them (the PO files' extraction comments). */
export interface MessageGroup {
  origin: string;
  messages: Readonly<Record<string, string>>;
}

/**
 * Every text the server can answer in the domains translated so far, by the constants their code throws and sends:
 * a domain joins by naming its message constants here (`scripts/i18n-server-extract.ts` reads this list).
 */
export const serverMessageGroups: readonly MessageGroup[] = [
  { origin: 'common refusals', messages: commonMessages },
  { origin: 'server/domains/users/users.schemas.ts validationMessages', messages: validationMessages },
  { origin: 'server/domains/users/users.schemas.ts authMessages', messages: authMessages },
  { origin: 'server/domains/users/users.messages.ts registrationMessages', messages: registrationMessages },
  { origin: 'server/domains/users/users.messages.ts usersRouteMessages', messages: usersRouteMessages },
  { origin: 'server/domains/users/users.messages.ts adminUserAnswers', messages: adminUserAnswers },
  { origin: 'server/domains/users/users.messages.ts userMailMessages', messages: userMailMessages },
  { origin: 'server/domains/users/admin-users.schemas.ts adminUsersMessages', messages: adminUsersMessages },
  { origin: 'server/domains/users/admin-rules.ts adminRuleMessages', messages: adminRuleMessages },
  { origin: 'server/domains/users/external-sign-in.ts externalSignInMessages', messages: externalSignInMessages },
];

/** The distinct English texts, in order of first appearance, each with the first place it comes from. */
export function serverMessages(groups: readonly MessageGroup[] = serverMessageGroups): { id: string; origin: string }[] {
  const seen = new Map<string, string>();
  for (const group of groups) for (const id of Object.values(group.messages)) if (!seen.has(id)) seen.set(id, group.origin);
  return [...seen].map(([id, origin]) => ({ id, origin }));
}
