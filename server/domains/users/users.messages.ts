/**
 * The users domain's server-side texts that are not form texts (those are `validationMessages` and `authMessages` in
 * users.schemas.ts, shared with the web): ICU templates, so each locale's catalog (server/i18n/locales) can
 * translate them whole. The English rendering of each is the exact text the spec and the tests know.
 */
export const registrationMessages = {
  /** What a creator who must wait for an admin is told at registration (never "ready", then a 503 at the first login). */
  awaitingActivation: 'Please wait for an admin to activate your account. We will send you an email once your account is ready.',
  botCheckCallFailed: 'The bot check call failed: {reason}',
  botCheckUnknownError: 'The bot check call failed: unknown error',
  botCheckUnexpectedAction: 'The bot check call failed: unexpected action "{action}"',
} as const;

/** Refusals of the users routes themselves. */
export const usersRouteMessages = {
  noChallenges: 'This bot check does not use challenges',
  profileNotMultipart: 'Send the profile as multipart/form-data',
} as const;

export const adminUserAnswers = {
  resetLinkSentTo: 'A password reset link was sent to {email}',
} as const;

/** The mails the users domain sends, each in its recipient account's language (`users.locale`). */
export const userMailMessages = {
  resetSubject: 'Reset your {siteName} password',
  resetBody:
    'Hello {firstName},\n\nSomeone asked to reset the password of your {siteName} account. Open this link within an hour to choose a new one:\n\n{link}\n\nIf it was not you, ignore this mail; your password stays as it is.\n',
  activationSubject: 'Your {siteName} account is ready',
  activationBody: 'Hello {firstName},\n\nAn admin has activated your creator account. You can log in now:\n\n{loginUrl}\n',
  /** To every active admin, each in their own language. */
  waitingCreatorSubject: 'A creator waits for activation: {displayName}',
  waitingCreatorBody: '{displayName} ({email}, creator tag {creatorTag}) registered and waits for an admin to activate the account:\n\n{link}\n',
} as const;
