import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { eventMessages } from '@server/domains/events/events.schemas';
import { federationMessages } from '@server/domains/federation/federation.schemas';
import { membershipMessages } from '@server/domains/memberships/memberships.schemas';
import { mobileAppMessages, nameMaxLength, shortNameMaxLength } from '@server/domains/mobile-app/mobile-app.schemas';
import { paymentMessages } from '@server/domains/payments/payments.schemas';
import { bodyMaxLength, pushMessages, titleMaxLength } from '@server/domains/push/push.schemas';
import { validationMessages } from '@server/domains/users/users.schemas';
import { i18n } from './i18n';

/**
 * The messages of the server's shared zod schemas that the web's forms check with, in the reader's language. The
 * schemas keep the English (the spec's texts, byte for byte); a form shows a message through `validationText`.
 */
const fixedTexts = new Map<string, MessageDescriptor>([
  [validationMessages.email, msg`Please enter a valid email`],
  [validationMessages.creatorTag, msg`Please use only letters, numbers and underscores`],
  [validationMessages.passwordsMismatch, msg`Passwords do not match`],
  [validationMessages.tooLong, msg`This value is too long`],
  [paymentMessages.nameEmpty, msg`Input field can not be empty`],
  [paymentMessages.nameInvalid, msg`Please enter a valid name`],
  [membershipMessages.nameRequired, msg`Please enter a name for the tier`],
  [membershipMessages.priceRange, msg`The monthly price must be between $1.00 and $10,000.00`],
  [membershipMessages.priceDecimals, msg`Use at most 2 decimals for the price`],
  [pushMessages.url, msg`The link must be a path on this site, such as /events/your-tag`],
  [pushMessages.audience, msg`Choose "all" subscribers or "members" only`],
  [mobileAppMessages.color, msg`Colours are written as #rrggbb`],
  [eventMessages.nameRequired, msg`Please enter the event name`],
  [eventMessages.invalidDate, msg`Please enter a valid date and time`],
  [eventMessages.startAndEnd, msg`Give both a start and an end, or neither for "TBA"`],
  [eventMessages.endAfterStart, msg`The end must be after the start`],
  [eventMessages.priceRange, msg`A premium price must be between $1.00 and $10,000.00`],
  [eventMessages.premiumStreamOnly, msg`While a premium event is scheduled and not over, the stream plays only on that event's page, for viewers with access.`],
  [federationMessages.invalidDomain, msg`Enter a domain name such as mastodon.social`],
  [federationMessages.invalidActor, msg`Enter the actor URL (https://...)`],
  // federation.schemas.ts `hashtag` writes it inline.
  ['A hashtag is letters, digits and underscores', msg`A hashtag is letters, digits and underscores`],
]);

/** Texts built from the schemas' limits: the English they produce, and the same text in the reader's language. */
const limitTexts = new Map<string, () => string>([
  [pushMessages.title, () => plural(titleMaxLength, { other: `Title must be 1 to ${titleMaxLength} characters` })],
  [pushMessages.body, () => plural(bodyMaxLength, { other: `Message must be 1 to ${bodyMaxLength} characters` })],
  [mobileAppMessages.name, () => plural(nameMaxLength, { other: `App name must be 1 to ${nameMaxLength} characters` })],
  [mobileAppMessages.shortName, () => plural(shortNameMaxLength, { other: `Short name must be 1 to ${shortNameMaxLength} characters` })],
]);

/**
 * Texts with a number in them: the schemas' own (`Min character length is 4`, membershipMessages.nameTooLong and
 * descriptionTooLong) and zod's English defaults for a length no custom message covers. The number stays as written
 * (`{count}`, not `#`): English keeps "2000", not "2,000".
 */
const patternTexts: readonly (readonly [RegExp, (count: number) => string])[] = [
  [/^Min character length is (\d+)$/, (count) => plural(count, { other: `Min character length is ${count}` })],
  [/^The name can be at most (\d+) characters$/, (count) => plural(count, { other: `The name can be at most ${count} characters` })],
  [/^The description can be at most (\d+) characters$/, (count) => plural(count, { other: `The description can be at most ${count} characters` })],
  [/^Too small: expected string to have >=(\d+) characters$/, (minimum) => plural(minimum, { other: `Too small: expected string to have >=${minimum} characters` })],
  [/^Too big: expected string to have <=(\d+) characters$/, (maximum) => plural(maximum, { other: `Too big: expected string to have <=${maximum} characters` })],
  [/^Too big: expected array to have <=(\d+) items$/, (maximum) => plural(maximum, { other: `Too big: expected array to have <=${maximum} items` })],
];

/**
 * A message of the shared schemas in the active locale. Any other text comes back as it is: the server's answers are
 * already in the caller's language, and a text this table does not know stays readable rather than lost.
 */
export function validationText(message: string): string;
export function validationText(message: string | undefined): string | undefined;
export function validationText(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const fixed = fixedTexts.get(message);
  if (fixed) return i18n._(fixed);
  const limit = limitTexts.get(message);
  if (limit) return limit();
  for (const [pattern, text] of patternTexts) {
    const found = pattern.exec(message);
    if (found) return text(Number(found[1]));
  }
  return message;
}

/** Every message of a field → message record (the server's `fieldErrors`, an upload's `fields`) through validationText. */
export function validationTexts(fields: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, validationText(message)]));
}
