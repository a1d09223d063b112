import { assertMayCreateEvents } from '@server/domains/billing/plan-access';
import type { Services } from '@server/services';
import type { Actor } from '@server/platform/actor';
import type { CreateEventInput, EventOutput, UpdateEventInput } from './events.schemas';
import { createEvent, deleteEvent, getOwnEvent, updateEvent } from './events.service';

/**
 * `events.create`: "Features require a plan" answers 403 with the plan to choose (admins never); the new event is
 * announced as `events:created` (webhooks, push).
 */
export async function createOwnEvent(services: Services, actor: Actor, input: CreateEventInput): Promise<EventOutput> {
  await assertMayCreateEvents(services, actor.id);
  const event = await createEvent(services.db, actor, input);
  await services.domainEvents.publish('events:created', { event });
  return event;
}

/** `events.update`: the change is announced as `events:changed` with the event as it was. */
export async function updateOwnEvent(services: Services, actor: Actor, input: UpdateEventInput): Promise<EventOutput> {
  // One transaction: `previous` is the event the update changed (announced after the commit).
  const { previous, event } = await services.db.transaction(async () => {
    const before = await getOwnEvent(services.db, actor, input.id);
    return { previous: before, event: await updateEvent(services.db, actor, input) };
  });
  await services.domainEvents.publish('events:changed', { event, previous });
  return event;
}

/** `events.delete`: the deletion is announced as `events:deleted` after it is committed. */
export async function deleteOwnEvent(services: Services, actor: Actor, id: string): Promise<{ id: string }> {
  const event = await getOwnEvent(services.db, actor, id);
  const deleted = await deleteEvent(services.db, actor, id);
  await services.domainEvents.publish('events:deleted', { eventId: event.id, userId: event.userId });
  return deleted;
}
