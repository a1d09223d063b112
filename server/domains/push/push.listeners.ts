import type { AppServices } from '@server/trpc/context';
import { announceEventIfLive } from './push.service';

/** "{creator} is live: {event}" to push subscribers when a created or changed event is live now (once per event). */
export function registerPushListeners(services: AppServices): void {
  services.domainEvents.on('events:created', ({ event }) => announceEventIfLive(services, event.id));
  services.domainEvents.on('events:changed', ({ event }) => announceEventIfLive(services, event.id));
}
