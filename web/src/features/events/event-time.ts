import { msg } from '@lingui/core/macro';
import type { EventOutput } from '@server/domains/events/events.schemas';
import { i18n } from '@web/lib/i18n/i18n';
import { activeIntlLocale } from '@web/lib/i18n/format';

const tba = msg`TBA`;

/** The event's time in the viewer's local time zone, or "TBA" when it has none (platform.md §3). */
export function formatEventTime(event: Pick<EventOutput, 'startDateTime' | 'endDateTime'>, locale = activeIntlLocale()): string {
  if (!event.startDateTime) return i18n._(tba);
  const start = new Date(event.startDateTime);
  const format = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });
  return event.endDateTime ? format.formatRange(start, new Date(event.endDateTime)) : format.format(start);
}

/**
 * The schedule's phase: "live" while the event's time runs, "ended" after, "upcoming" before (or when TBA). Not a
 * badge: badges follow the stream (common/event-badge.ts, `useEventBadges`).
 */
export function eventPhase(event: Pick<EventOutput, 'startDateTime' | 'endDateTime'>, now = Date.now()): 'live' | 'ended' | 'upcoming' {
  if (!event.startDateTime || !event.endDateTime) return 'upcoming';
  if (Date.parse(event.endDateTime) <= now) return 'ended';
  return Date.parse(event.startDateTime) <= now ? 'live' : 'upcoming';
}
