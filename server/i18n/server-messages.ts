import { forbiddenMessage, pendingPaymentMessage } from '@server/platform/errors';
import { tooManyAttemptsMessage } from '@server/platform/rate-limit';
import { adminUsersMessages } from '@server/domains/users/admin-users.schemas';
import { adminRuleMessages } from '@server/domains/users/admin-rules';
import { externalSignInMessages } from '@server/domains/users/external-sign-in';
import { authMessages, validationMessages } from '@server/domains/users/users.schemas';
import { adminUserAnswers, registrationMessages, userMailMessages, usersRouteMessages } from '@server/domains/users/users.messages';
import { eventMessages } from '@server/domains/events/events.schemas';
import { tipMessages } from '@server/domains/tips/tips.schemas';
import { tipOptionMessages } from '@server/domains/tips/tip-options.schemas';
import { tipOptionMultipartMessage } from '@server/domains/tips/tip-options.rest';
import { membershipMessages } from '@server/domains/memberships/memberships.schemas';
import { paymentMessages } from '@server/domains/payments/payments.schemas';
import { paymentProviderMessages } from '@server/domains/payments/payments.messages';
import { subscriptionMessages } from '@server/domains/subscriptions/subscriptions.schemas';
import { chatMessages } from '@server/domains/chat/chat.schemas';
import { liveMessages } from '@server/domains/live/live.schemas';
import { playbackMessages } from '@server/domains/live/live.playback';
import { webrtcMessages } from '@server/domains/live/webrtc/webrtc.messages';
import { podcastMessages } from '@server/domains/podcasts/podcasts.schemas';
import { planMessages } from '@server/domains/billing/billing.schemas';
import { earningsMessages } from '@server/domains/earnings/earnings.schemas';
import { apiTokenMessages, apiTokenTemplates } from '@server/domains/api-tokens/api-tokens.schemas';
import { mobileAppMessages } from '@server/domains/mobile-app/mobile-app.schemas';
import { pushMessages } from '@server/domains/push/push.schemas';
import { publicPagesMessages } from '@server/domains/public-pages/public-pages.schemas';
import { podcastPageMessages } from '@server/domains/public-pages/podcast-page.schemas';
import { pageHeadMessages } from '@server/domains/public-pages/public-pages.messages';
import { notFoundTexts } from '@server/domains/public-pages/not-found.schemas';
import { podcastFeedMessages } from '@server/domains/podcasts/podcasts.messages';
import { calendarFeedMessages } from '@server/domains/events/events.messages';
import { pushNotificationMessages } from '@server/domains/push/push.messages';
import { appPageMessages, notifyMeMessages } from '@server/domains/mobile-app/mobile-app.messages';
import { liveNoticeTemplates } from '@server/domains/live/live.schemas';
import { planRefusalTemplates } from '@server/domains/billing/plan-refusal.schemas';
import { federationMessages } from '@server/domains/federation/federation.schemas';
import { membershipMailMessages } from '@server/domains/memberships/memberships.messages';
import { planMailMessages } from '@server/domains/subscriptions/subscriptions.messages';
import { paymentMailMessages } from '@server/domains/payments/payments.messages';
import { settingsMessages } from '@server/domains/settings/settings.schemas';
import { scrumboardMessages } from '@server/domains/demo/scrumboard/scrumboard.service';
import { scrumboardFieldMessages } from '@server/domains/demo/scrumboard/scrumboard.schemas';
import { appleMessages, applePopupTexts } from '@server/domains/users/social.service';

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
 * popup's texts (social.service.ts appleMessages) travel to the web app by postMessage in English, which shows its own
 * (the popup page itself shows them in the visitor's language).
 */
export const keptInEnglish = ['Invalid access_token', 'access_token expired'] as const;

/**
 * The texts of a domain's message constants: its strings, less the ones kept in English. A member that is a function
 * builds its text at run time and is left out; the ones the server answers are listed by their ICU templates
 * (apiTokenTemplates.missingScope, podcastFeedMessages).
 */
function textsOf(constants: Readonly<Record<string, unknown>>): Record<string, string> {
  const kept: readonly string[] = keptInEnglish;
  return Object.fromEntries(Object.entries(constants).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && !kept.includes(entry[1])));
}

/** One group of texts the server answers, and the module that holds them (the PO files' extraction comments). */
export interface MessageGroup {
  origin: string;
  messages: Readonly<Record<string, string>>;
  /**
   * Templates the server only ever fills with values (page heads, feeds, notifications): marked `#, fill-only` in the
   * catalogs so that no other answer's English text is read back into them (`{creatorName} on {siteName}` would match
   * any text with " on " in it).
   */
  fillOnly?: true;
}

/**
 * Every text the server can answer in the domains translated so far, by the constants their code throws and sends:
 * a domain joins by naming its message constants here (`scripts/i18n-server-extract.ts` reads this list). Billing's
 * plan refusals and the Fediverse's "switched off" carry a code the web app reads (`data.reason`), so their texts are
 * translated like any other.
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
  { origin: 'server/domains/events/events.schemas.ts eventMessages', messages: textsOf(eventMessages) },
  { origin: 'server/domains/tips/tips.schemas.ts tipMessages', messages: textsOf(tipMessages) },
  { origin: 'server/domains/tips/tip-options.schemas.ts tipOptionMessages', messages: { ...textsOf(tipOptionMessages), notMultipart: tipOptionMultipartMessage } },
  { origin: 'server/domains/memberships/memberships.schemas.ts membershipMessages', messages: textsOf(membershipMessages) },
  { origin: 'server/domains/payments/payments.schemas.ts paymentMessages', messages: textsOf(paymentMessages) },
  { origin: 'server/domains/payments/payments.messages.ts paymentProviderMessages', messages: paymentProviderMessages },
  { origin: 'server/domains/subscriptions/subscriptions.schemas.ts subscriptionMessages', messages: textsOf(subscriptionMessages) },
  { origin: 'server/domains/chat/chat.schemas.ts chatMessages', messages: textsOf(chatMessages) },
  { origin: 'server/domains/live/live.schemas.ts liveMessages', messages: textsOf(liveMessages) },
  { origin: 'server/domains/live/live.playback.ts playbackMessages', messages: playbackMessages },
  { origin: 'server/domains/live/webrtc/webrtc.messages.ts webrtcMessages', messages: webrtcMessages },
  { origin: 'server/domains/podcasts/podcasts.schemas.ts podcastMessages', messages: textsOf(podcastMessages) },
  { origin: 'server/domains/billing/billing.schemas.ts planMessages', messages: textsOf(planMessages) },
  { origin: 'server/domains/earnings/earnings.schemas.ts earningsMessages', messages: earningsMessages },
  { origin: 'server/domains/api-tokens/api-tokens.schemas.ts apiTokenMessages', messages: { ...textsOf(apiTokenMessages), ...apiTokenTemplates } },
  { origin: 'server/domains/mobile-app/mobile-app.schemas.ts mobileAppMessages', messages: mobileAppMessages },
  { origin: 'server/domains/push/push.schemas.ts pushMessages', messages: pushMessages },
  { origin: 'server/domains/settings/settings.schemas.ts settingsMessages', messages: settingsMessages },
  { origin: 'server/domains/public-pages/public-pages.schemas.ts publicPagesMessages', messages: publicPagesMessages },
  { origin: 'server/domains/public-pages/podcast-page.schemas.ts podcastPageMessages', messages: podcastPageMessages },
  { origin: 'server/domains/public-pages/public-pages.messages.ts pageHeadMessages', messages: pageHeadMessages, fillOnly: true },
  {
    origin: 'server/domains/public-pages/not-found.schemas.ts notFoundTexts',
    messages: {
      ...Object.fromEntries((['event', 'episode', 'podcast', 'page'] as const).flatMap((kind) => [[`${kind}Title`, notFoundTexts[kind].title], [`${kind}Detail`, notFoundTexts[kind].detail]])),
      homeLink: notFoundTexts.homeLink,
    },
  },
  { origin: 'server/domains/podcasts/podcasts.messages.ts podcastFeedMessages', messages: podcastFeedMessages, fillOnly: true },
  { origin: 'server/domains/events/events.messages.ts calendarFeedMessages', messages: calendarFeedMessages, fillOnly: true },
  { origin: 'server/domains/push/push.messages.ts pushNotificationMessages', messages: pushNotificationMessages, fillOnly: true },
  { origin: 'server/domains/memberships/memberships.messages.ts membershipMailMessages', messages: membershipMailMessages, fillOnly: true },
  { origin: 'server/domains/subscriptions/subscriptions.messages.ts planMailMessages', messages: planMailMessages, fillOnly: true },
  { origin: 'server/domains/payments/payments.messages.ts paymentMailMessages', messages: paymentMailMessages, fillOnly: true },
  { origin: 'server/domains/mobile-app/mobile-app.messages.ts appPageMessages', messages: appPageMessages, fillOnly: true },
  { origin: 'server/domains/mobile-app/mobile-app.messages.ts notifyMeTexts', messages: notifyMeMessages },
  { origin: 'server/domains/live/live.schemas.ts liveNoticeTemplates', messages: liveNoticeTemplates },
  { origin: 'server/domains/billing/plan-refusal.schemas.ts planRefusalTemplates', messages: planRefusalTemplates },
  { origin: 'server/domains/federation/federation.schemas.ts federationMessages', messages: federationMessages },
  { origin: 'server/domains/demo/scrumboard/scrumboard.service.ts scrumboardMessages', messages: scrumboardMessages },
  { origin: 'server/domains/demo/scrumboard/scrumboard.schemas.ts scrumboardFieldMessages', messages: scrumboardFieldMessages },
  { origin: 'server/domains/users/social.service.ts appleMessages', messages: appleMessages },
  { origin: 'server/domains/users/social.service.ts applePopupTexts', messages: applePopupTexts },
];

/** The distinct English texts, in order of first appearance, each with the first place it comes from. */
export function serverMessages(groups: readonly MessageGroup[] = serverMessageGroups): { id: string; origin: string; fillOnly?: true }[] {
  const seen = new Map<string, MessageGroup>();
  for (const group of groups) for (const id of Object.values(group.messages)) if (!seen.has(id)) seen.set(id, group);
  return [...seen].map(([id, group]) => ({ id, origin: group.origin, ...(group.fillOnly && { fillOnly: group.fillOnly }) }));
}
