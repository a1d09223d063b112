import type { EventOutput } from '@server/domains/events/events.schemas';

export const tbaLabel = 'TBA';

/** The event's time in the viewer's local time zone, or "TBA" when it has none (platform.md §3). */
export function formatEventTime(event: Pick<EventOutput, 'startDateTime' | 'endDateTime'>, locale?: string): string {
  if (!event.startDateTime) return tbaLabel;
  const start = new Date(event.startDateTime);
  const end = event.endDateTime ? new Date(event.endDateTime) : null;
  const date = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' });
  if (!end) return `${date.format(start)}, ${time.format(start)}`;
  const sameDay = start.toDateString() === end.toDateString();
  return sameDay
    ? `${date.format(start)}, ${time.format(start)} – ${time.format(end)}`
    : `${date.format(start)}, ${time.format(start)} – ${date.format(end)}, ${time.format(end)}`;
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
