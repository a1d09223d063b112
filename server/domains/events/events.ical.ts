import ical, { ICalEventStatus } from 'ical-generator';
import { formatDollars, toCents } from '@common/money';
import { eventPagePath } from './events.schemas';
import type { CalendarEntry } from './events.service';
import { calendarFeedMessages } from './events.messages';
import { translate } from '@server/i18n/translate';
import type { Locale } from '@common/locales';

function priceLine(entry: CalendarEntry, locale: Locale): string | null {
  return entry.isPremium ? translate(locale, calendarFeedMessages.premiumLine, { price: formatDollars(toCents(entry.premiumPrice)) }) : null;
}

/**
 * An iCalendar feed of a creator's dated public events; each entry links to its event page. Every property comes
 * from stored data (DTSTAMP and LAST-MODIFIED from the entry's last change, SEQUENCE from the event), so an unchanged
 * calendar is byte-for-byte the same answer, and a moved, renamed or cancelled event reaches subscribed calendars.
 * The feed's own words (its name, the premium line) are in `locale`, the creator's stored language.
 */
export function toICalendar(entries: CalendarEntry[], options: { origin: string; subdomain: string; creatorName: string; locale?: Locale }): string {
  const locale = options.locale ?? 'en';
  const calendar = ical({
    name: translate(locale, calendarFeedMessages.calendarName, { creatorName: options.creatorName }),
    prodId: { company: 'Cuepoint', product: 'events', language: 'EN' },
    url: `${options.origin}${eventPagePath(options.subdomain)}`,
    // REFRESH-INTERVAL / X-PUBLISHED-TTL: how often subscribed calendar apps should look again.
    ttl: 60 * 60,
  });
  for (const entry of entries) {
    const url = `${options.origin}${eventPagePath(options.subdomain, entry.id)}`;
    const changed = new Date(entry.updatedAt);
    calendar.createEvent({
      id: `${entry.id}@cuepoint`,
      sequence: entry.sequence,
      stamp: changed,
      lastModified: changed,
      ...(entry.createdAt && { created: new Date(entry.createdAt) }),
      status: entry.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      start: new Date(entry.startDateTime),
      end: new Date(entry.endDateTime),
      summary: entry.name,
      description: [entry.description, priceLine(entry, locale), url].filter(Boolean).join('\n\n'),
      url,
    });
  }
  // RFC 5545 ends every content line, the last one included, with CRLF.
  return `${calendar.toString()}\r\n`;
}
