import { assertMayCreateEvents } from '@server/domains/billing/plan-access';
import type { Actor, AppServices } from '@server/trpc/context';
import type { CreateEventInput, EventOutput, UpdateEventInput } from './events.schemas';
import { createEvent, getOwnEvent, updateEvent } from './events.service';

/**
 * `events.create`: "Features require a plan" answers 403 with the plan to choose (admins never); the new event is
 * announced as `events:created` (webhooks, push).
 */
export function createOwnEvent(services: AppServices, actor: Actor, input: CreateEventInput): EventOutput {
  assertMayCreateEvents(services, actor.id);
  const event = createEvent(services.db, actor, input);
  services.domainEvents.publish('events:created', { event });
  return event;
}

/** `events.update`: the change is announced as `events:changed` with the event as it was. */
export function updateOwnEvent(services: AppServices, actor: Actor, input: UpdateEventInput): EventOutput {
  const previous = getOwnEvent(services.db, actor, input.id);
  const event = updateEvent(services.db, actor, input);
  services.domainEvents.publish('events:changed', { event, previous });
  return event;
}
