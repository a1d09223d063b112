import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { eventMessages } from '@server/domains/events/events.schemas';
import { i18n } from '@web/lib/i18n/i18n';

/**
 * The event form's texts of the shared schema (`eventMessages`, the server's English) in the reader's language. The
 * form checks with the server's own schema, so its messages arrive in English: they are translated when shown.
 */
const eventTexts: Partial<Record<string, MessageDescriptor>> = {
  [eventMessages.nameRequired]: msg`Please enter the event name`,
  [eventMessages.tooLong]: msg`This value is too long`,
  [eventMessages.invalidDate]: msg`Please enter a valid date and time`,
  [eventMessages.startAndEnd]: msg`Give both a start and an end, or neither for "TBA"`,
  [eventMessages.endAfterStart]: msg`The end must be after the start`,
  [eventMessages.priceRange]: msg`A premium price must be between $1.00 and $10,000.00`,
  [eventMessages.priceDecimals]: msg`Use at most 2 decimals for the price`,
  [eventMessages.premiumStreamOnly]: msg`While a premium event is scheduled and not over, the stream plays only on that event's page, for viewers with access.`,
};

/** A message of the event schema in the active locale; any other text (a server answer) as it came. */
export function eventText(message: string): string {
  const descriptor = eventTexts[message];
  return descriptor ? i18n._(descriptor) : message;
}
