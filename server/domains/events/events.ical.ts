import ical from 'ical-generator';
import { eventPagePath, type EventOutput } from './events.schemas';

function priceLine(event: EventOutput): string | null {
  return event.isPremium ? `Premium event: $${event.premiumPrice.toFixed(2)} CAD to enter.` : null;
}

/** An iCalendar feed of a creator's dated public events; each entry links to its event page. */
export function toICalendar(events: EventOutput[], options: { origin: string; subdomain: string; creatorName: string }): string {
  const calendar = ical({
    name: `${options.creatorName} — live events`,
    prodId: { company: 'Cuepoint', product: 'events', language: 'EN' },
    url: `${options.origin}${eventPagePath(options.subdomain)}`,
  });
  for (const event of events) {
    if (!event.startDateTime || !event.endDateTime) continue;
    const url = `${options.origin}${eventPagePath(options.subdomain, event.id)}`;
    calendar.createEvent({
      id: `${event.id}@cuepoint`,
      start: new Date(event.startDateTime),
      end: new Date(event.endDateTime),
      summary: event.name,
      description: [event.description, priceLine(event), url].filter(Boolean).join('\n\n'),
      url,
    });
  }
  // RFC 5545 ends every content line, the last one included, with CRLF.
  return `${calendar.toString()}\r\n`;
}
