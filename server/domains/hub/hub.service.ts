import { DomainError } from '@server/platform/errors';
import { and, eq, inArray } from 'drizzle-orm';
import { firstRow, type Db } from '@db/store';
import { events } from '@db/schema/events';
import { users } from '@db/schema/users';
import { BoundedQueue, busTopic, type BusTopic } from '@server/platform/bus';
import { nowIso } from '@server/lib/ids';
import { sharedCheck, watchAccess } from '@server/platform/access-watch';
import { requireActiveAccount } from '@server/domains/users/account-check';
import type { Services } from '@server/services';
import type { Actor } from '@server/platform/actor';
import { mayWatchEvent } from '@server/domains/events/events.service';
import { hubLimits, hubMessages, type HubMessage, type SendHubInput } from './hub.schemas';

/** One hub message, shared by every listener of its group; the SignalR frame is built once. */
export class HubDelivery {
  private frame: string | null = null;

  constructor(readonly message: HubMessage) {}

  /** The SignalR JSON hub protocol invocation `ReceiveMessage(text, group)`, with its record separator. */
  get signalRFrame(): string {
    this.frame ??= `${JSON.stringify({ type: 1, target: 'ReceiveMessage', arguments: [this.message.text, this.message.group] })}\u001e`;
    return this.frame;
  }
}

/** Across instances a hub message travels as its JSON; each instance builds its delivery (and frame) once. */
const hubCodec = {
  encode: (delivery: HubDelivery) => JSON.stringify(delivery.message),
  decode: (text: string) => new HubDelivery(JSON.parse(text) as HubMessage),
};

export function hubTopic(group: string): BusTopic<HubDelivery> {
  return busTopic<HubDelivery>(`hub:${group}`, hubCodec);
}

async function isCreator(db: Db, userId: string): Promise<boolean> {
  return !!(await firstRow(
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), inArray(users.role, ['dj', 'admin']))),
  ));
}

/**
 * A group is `{creatorId}` or `{creatorId}-{eventId}` (an event of that creator). Ids may themselves
 * contain "-", so every split point is tried. Answers null for anything else.
 */
export async function resolveHubGroup(db: Db, group: string): Promise<{ creatorId: string; eventId: string | null } | null> {
  if (await isCreator(db, group)) return { creatorId: group, eventId: null };
  for (let index = group.indexOf('-', 1); index > 0; index = group.indexOf('-', index + 1)) {
    const creatorId = group.slice(0, index);
    const eventId = group.slice(index + 1);
    const event = await firstRow(
      db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.id, eventId), eq(events.userId, creatorId))),
    );
    if (event) return { creatorId, eventId };
  }
  return null;
}

export async function requireHubGroup(db: Db, group: string): Promise<void> {
  if (!(await resolveHubGroup(db, group))) throw new DomainError({ code: 'NOT_FOUND', message: hubMessages.unknownGroup });
}

/**
 * A premium event's group (`{creatorId}-{eventId}`) carries what only those who paid may see: its creator, admins and
 * viewers with access (else 403 "Buy access to join this chat"); a creator's own group and free events' groups are public.
 */
export async function requireHubAccess(db: Db, actor: Actor | null, group: string): Promise<void> {
  const resolved = await resolveHubGroup(db, group);
  if (!resolved) throw new DomainError({ code: 'NOT_FOUND', message: hubMessages.unknownGroup });
  if (!resolved.eventId) return;
  const event = await firstRow(db.select({ id: events.id, userId: events.userId, isPremium: events.isPremium }).from(events).where(eq(events.id, resolved.eventId)));
  if (event && !(await mayWatchEvent(db, actor, event))) throw new DomainError({ code: 'FORBIDDEN', message: hubMessages.buyToJoin });
}

/**
 * Publishes `text` to a hub group: every tRPC `hub.messages` subscriber and every SignalR connection of that
 * group receives it (`ReceiveMessage`), on every instance. For server-side senders (payments: "welcome", "tip
 * received"; a tip line may carry the tipper's `tipMessage`). Answers how many listeners of this instance it reaches (listeners on other instances get it too but are
 * not counted: a lower bound with several instances); throws NOT_FOUND for an unknown group.
 */
export async function publishHubMessage(services: Services, group: string, text: string, extra: Pick<HubMessage, 'tipMessage'> = {}): Promise<{ delivered: number }> {
  await requireHubGroup(services.db, group);
  const delivered = services.bus.publish(hubTopic(group), new HubDelivery({ group, text, sentAt: nowIso(), ...(extra.tipMessage ? { tipMessage: extra.tipMessage } : {}) }));
  return { delivered };
}

/** A signed-in user sends to a group (rate limited per sender). */
export async function sendHubMessage(services: Services, actor: Actor, input: SendHubInput): Promise<{ delivered: number }> {
  await requireHubAccess(services.db, actor, input.group);
  await services.rateLimiter.consume(`hub:send:${actor.id}`, { limit: hubLimits.sendBurst, windowMs: hubLimits.sendWindowSeconds * 1000 }, hubMessages.tooFast);
  return publishHubMessage(services, input.group, input.text);
}

/** A group's live messages for a tRPC subscriber. */
export async function* streamHub(services: Services, actor: Actor | null, group: string, signal?: AbortSignal): AsyncGenerator<HubMessage> {
  await mayStillReadHub(services.db, actor, group);
  const queue = new BoundedQueue<HubDelivery>(500, () => new DomainError({ code: 'TOO_MANY_REQUESTS', message: 'This hub connection fell too far behind' }));
  const unsubscribe = services.bus.subscribe(hubTopic(group), (delivery) => queue.push(delivery));
  const stopWatch = watchAccess(() => recheckHub(services.db, actor, group), (refusal) => queue.fail(refusal));
  try {
    for await (const delivery of queue.drain(signal)) yield delivery.message;
  } finally {
    stopWatch();
    unsubscribe();
  }
}

/** What a new hub subscription checks, again while it stays open: an active account and access to the group. */
export async function mayStillReadHub(db: Db, actor: Actor | null, group: string): Promise<void> {
  if (actor) await requireActiveAccount(db, actor.id);
  await requireHubAccess(db, actor, group);
}

/** `mayStillReadHub` for an open subscription: one answer per reader and group shared by all their open subscriptions. */
export function recheckHub(db: Db, actor: Actor | null, group: string): Promise<void> {
  return sharedCheck(db, `hub:${actor?.id ?? 'guest'}:${group}`, () => mayStillReadHub(db, actor, group));
}
