import type { PushServices } from './push.service';
import { announceEventIfLive, announceStreamStarted } from './push.service';

/**
 * "{creator} is live: {event}" to push subscribers, once per event: when a created or changed event is live now, or
 * when a stream starts in an active event (an early start included).
 */
export function registerPushListeners(services: PushServices): void {
  services.domainEvents.on('events:created', ({ event }) => announceEventIfLive(services, event.id));
  services.domainEvents.on('events:changed', ({ event }) => announceEventIfLive(services, event.id));
  services.domainEvents.on('live:stream-started', ({ eventId }) => announceStreamStarted(services, eventId));
}
