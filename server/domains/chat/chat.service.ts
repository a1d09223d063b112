import type { ChatRuntime } from './chat.runtime';
import { DomainError } from '@server/platform/errors';
import { tracked } from '@trpc/server';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { changedRows, firstRow, type Db } from '@db/store';
import { chatMessages as chatMessageRows, chatRemoteBans } from '@db/schema/chat';
import { events } from '@db/schema/events';
import { users } from '@db/schema/users';
import { BoundedQueue } from '@server/platform/bus';
import { sharedCheck, watchAccess } from '@server/platform/access-watch';
import { requireActiveAccount } from '@server/domains/users/account-check';
import { nowIso } from '@server/lib/ids';
import { toDollars } from '@common/money';
import { fieldError } from '@server/platform/errors';
import { findUserById } from '@server/domains/users/session-reads';
import { mayWatchEvent } from '@server/domains/events/events.service';
import { membershipChatBadge } from '@server/domains/memberships/membership-access';
import type { Services } from '@server/services';
import type { Actor } from '@server/platform/actor';
import { forbiddenMessage } from '@server/platform/errors';
import { ChatDelivery } from './chat.rooms';
import {
  chatMessages,
  chatLimits,
  chatBadgeOf,
  isHostName,
  type BannedChatUser,
  type ChatMessage,
  type ChatMessagesInput,
  type ChatRoom,
  type ChatSession,
  type SendChatInput,
  type UnbanChatUserAnswer,
} from './chat.schemas';

/** What chat's procedures are handed: the services and chat's own runtime (rooms, store, message ids). */
export type ChatServices = Services & { chat: ChatRuntime };

type EventRow = typeof events.$inferSelect;

/** A generator subscriber further behind than this is dropped (its client reconnects and resumes). */
const maxQueuedPerSubscriber = 1000;

export async function requireEvent(db: Db, eventId: string): Promise<EventRow> {
  const event = await firstRow(db.select().from(events).where(eq(events.id, eventId)));
  if (!event) throw new DomainError({ code: 'NOT_FOUND', message: chatMessages.eventNotFound });
  return event;
}

/** A room anyone may read: the event exists and is not premium (a premium room's history and live messages are paid for). */
export async function isOpenRoom(db: Db, eventId: string): Promise<boolean> {
  const event = await firstRow(db.select({ isPremium: events.isPremium }).from(events).where(eq(events.id, eventId)));
  return !!event && !event.isPremium;
}

/** Refuses a room that is no longer open to anyone (the event turned premium or is gone), as a guest is refused. */
export async function requireOpenRoom(db: Db, eventId: string): Promise<void> {
  if (!(await isOpenRoom(db, eventId))) await requireChatAccess(db, null, await requireEvent(db, eventId));
}

/** A premium event's chat reaches only its creator, admins and viewers with access: "Buy access to join this chat". */
export async function requireChatAccess(db: Db, actor: Actor | null, event: EventRow): Promise<void> {
  if (!(await mayWatchEvent(db, actor, event))) throw new DomainError({ code: 'FORBIDDEN', message: chatMessages.buyToJoin });
}

function canModerate(event: EventRow, actor: Actor): boolean {
  return actor.role === 'admin' || event.userId === actor.id;
}

/** No one but the host may chat under a name that reads as the host's display name or creator tag. */
async function refuseHostName(db: Db, event: EventRow, actor: Actor, displayName: string): Promise<void> {
  if (actor.id === event.userId) return;
  const host = await firstRow(db.select({ displayName: users.displayName, tag: users.creatorTag }).from(users).where(eq(users.id, event.userId)));
  if (host && isHostName(displayName, { displayName: host.displayName, tag: host.tag ?? '' })) {
    throw fieldError('BAD_REQUEST', chatMessages.hostName, { displayName: chatMessages.hostName });
  }
}

function requireModerator(event: EventRow, actor: Actor): void {
  if (!canModerate(event, actor)) throw new DomainError({ code: 'FORBIDDEN', message: forbiddenMessage });
}

/** Live events of the room: history first (last 100, or after lastEventId), then everything new. */
export async function* streamChat(services: ChatServices, actor: Actor | null, input: ChatMessagesInput, signal?: AbortSignal) {
  await mayStillReadChat(services.db, actor, input.eventId);
  const queue = new BoundedQueue<ChatDelivery>(
    maxQueuedPerSubscriber,
    () => new DomainError({ code: 'TOO_MANY_REQUESTS', message: chatMessages.fellBehind }),
  );
  const detach = services.chat.rooms.attach(input.eventId, { deliver: (delivery) => queue.push(delivery) }, input.lastEventId);
  // Access is re-checked while the subscription stays open (a lapsed membership, the event turned premium, ...).
  const stopWatch = watchAccess(
    () => sharedCheck(services.db, `chat:${actor?.id ?? 'guest'}:${input.eventId}`, () => mayStillReadChat(services.db, actor, input.eventId)),
    (refusal) => queue.fail(refusal),
  );
  try {
    for await (const delivery of queue.drain(signal)) yield tracked(delivery.id, delivery.item);
  } finally {
    stopWatch();
    detach();
  }
}

/** What a new chat subscription checks, again: the reader's account still active and the room still theirs to read. */
export async function mayStillReadChat(db: Db, actor: Actor | null, eventId: string): Promise<void> {
  if (actor) await requireActiveAccount(db, actor.id);
  await requireChatAccess(db, actor, await requireEvent(db, eventId));
}

/** A signed-in viewer or creator posts to an active event's room (3 messages per 2 seconds at most). */
export async function sendMessage(services: ChatServices, actor: Actor, input: SendChatInput): Promise<ChatMessage> {
  const event = await requireEvent(services.db, input.eventId);
  await requireActiveAccount(services.db, actor.id);
  await requireChatAccess(services.db, actor, event);
  if (!event.isActive) throw new DomainError({ code: 'PRECONDITION_FAILED', message: chatMessages.inactive });
  const { store, rooms, nextId } = services.chat;
  if (await store.isBanned(event.id, actor.id)) throw new DomainError({ code: 'FORBIDDEN', message: chatMessages.banned });
  await refuseHostName(services.db, event, actor, input.displayName);
  const memberBadge = await membershipChatBadge(services.db, actor.id, event.userId);
  await services.rateLimiter.consume(`chat:send:${actor.id}`, { limit: chatLimits.sendBurst, windowMs: chatLimits.sendWindowSeconds * 1000 }, chatMessages.tooFast);
  const candidate: ChatMessage = {
    id: nextId(),
    eventId: event.id,
    userId: actor.id,
    displayName: input.displayName,
    photoURL: input.photoURL ?? null,
    text: input.text,
    createdAt: nowIso(),
    badge: chatBadgeOf(event.userId, actor, memberBadge),
    memberBadge,
    origin: null,
  };
  // The bus gives the message its final id (ordered across instances); in process it is delivered before this returns.
  const published = rooms.publish(event.id, new ChatDelivery(candidate.id, { type: 'message', message: candidate }), { pending: true });
  const id = typeof published === 'string' ? published : await published;
  const message = id === candidate.id ? candidate : { ...candidate, id };
  store.enqueue(message);
  return message;
}

/** A message from the Fediverse, as the federation domain hands it over (its text already plain and capped). */
export interface RemoteChatMessage {
  actorId: string;
  handle: string;
  /** The remote note's id (a like/boost line: the actor's profile). */
  url: string;
  name: string;
  avatarUrl: string | null;
  text: string;
}

/**
 * Posts a Fediverse reply (or a like/boost line) to an event's room through the same fan-out as a local message. Dropped
 * (null) when the event is gone or closed, or the actor is banned from the room. Who reads it is the room's rule (a
 * premium room's readers only).
 */
export async function postRemoteMessage(services: Pick<ChatServices, 'db' | 'chat'>, eventId: string, remote: RemoteChatMessage): Promise<ChatMessage | null> {
  const event = await firstRow(services.db.select().from(events).where(eq(events.id, eventId)));
  if (!event || !event.isActive) return null;
  const { store, rooms, nextId } = services.chat;
  if (await store.isRemoteBanned(event.id, remote.actorId)) return null;
  const text = remote.text.trim().slice(0, chatLimits.maxTextLength);
  if (!text) return null;
  const candidate: ChatMessage = {
    id: nextId(),
    eventId: event.id,
    userId: remote.actorId,
    displayName: remote.name.trim().slice(0, chatLimits.maxDisplayNameLength) || remote.handle,
    photoURL: remote.avatarUrl,
    text,
    createdAt: nowIso(),
    badge: null,
    memberBadge: false,
    origin: { kind: 'fediverse', handle: remote.handle, url: remote.url },
  };
  const published = rooms.publish(event.id, new ChatDelivery(candidate.id, { type: 'message', message: candidate }), { pending: true });
  const id = typeof published === 'string' ? published : await published;
  const message = id === candidate.id ? candidate : { ...candidate, id };
  store.enqueue(message);
  return message;
}

/** Removes Fediverse messages (their note or actor was deleted remotely): every subscriber is told, as for a moderator's delete. */
export async function removeRemoteMessages(services: Pick<ChatServices, 'chat'>, filter: { actorId: string } | { originUrl: string }): Promise<number> {
  const { store, rooms, nextId } = services.chat;
  const found = await store.remoteMessageIds(filter);
  for (const message of found) {
    const published = rooms.publish(message.eventId, new ChatDelivery(nextId(), { type: 'deleted', messageId: message.id }), { pending: true });
    const deletedId = typeof published === 'string' ? published : await published;
    await store.markDeleted(message.id, deletedId);
    rooms.settle(message.eventId, [deletedId]);
  }
  return found.length;
}

/** Bans a Fediverse actor (by its actor id) from the room: its later replies there are dropped. */
export async function banRemoteActor(services: ChatServices, actor: Actor, input: { eventId: string; actorId: string }): Promise<{ actorId: string }> {
  const event = await requireEvent(services.db, input.eventId);
  requireModerator(event, actor);
  const { store, rooms, nextId } = services.chat;
  if (await store.banRemote(event.id, input.actorId, actor.id)) {
    await rooms.publish(event.id, new ChatDelivery(nextId(), { type: 'banned', userId: input.actorId }));
    services.log.info({ eventId: event.id, remoteActorId: input.actorId, moderatorId: actor.id }, 'chat remote actor banned');
  }
  return { actorId: input.actorId };
}

export async function deleteMessage(services: ChatServices, actor: Actor, input: { eventId: string; messageId: string }): Promise<{ messageId: string }> {
  const event = await requireEvent(services.db, input.eventId);
  requireModerator(event, actor);
  const { store, rooms, nextId } = services.chat;
  const message = await store.findMessage(event.id, input.messageId);
  if (!message) throw new DomainError({ code: 'NOT_FOUND', message: chatMessages.messageNotFound });
  if (!message.deletedId) {
    const published = rooms.publish(event.id, new ChatDelivery(nextId(), { type: 'deleted', messageId: message.id }), { pending: true });
    const deletedId = typeof published === 'string' ? published : await published;
    await store.markDeleted(message.id, deletedId);
    rooms.settle(event.id, [deletedId]);
    services.log.info({ eventId: event.id, messageId: message.id, moderatorId: actor.id }, 'chat message deleted');
  }
  return { messageId: message.id };
}

export async function banUser(services: ChatServices, actor: Actor, input: { eventId: string; userId: string }): Promise<{ userId: string }> {
  const event = await requireEvent(services.db, input.eventId);
  requireModerator(event, actor);
  if (input.userId === actor.id || input.userId === event.userId) {
    throw new DomainError({ code: 'BAD_REQUEST', message: chatMessages.cannotBanSelf });
  }
  if (!(await findUserById(services, input.userId))) throw new DomainError({ code: 'NOT_FOUND', message: chatMessages.unknownUser });
  const { store, rooms, nextId } = services.chat;
  // One transaction: of two moderators banning at once, only one stores the ban and tells the room.
  const newlyBanned = await services.db.transaction(async () => {
    if (await store.isBanned(event.id, input.userId)) return false;
    await store.ban(event.id, input.userId, actor.id);
    return true;
  });
  if (newlyBanned) {
    await rooms.publish(event.id, new ChatDelivery(nextId(), { type: 'banned', userId: input.userId }));
    services.log.info({ eventId: event.id, userId: input.userId, moderatorId: actor.id }, 'chat user banned');
  }
  return { userId: input.userId };
}

/**
 * Lets a banned user write in the room again; every subscriber gets `{ type: 'unbanned' }`, so the user's open
 * chat takes messages at once. Unbanning someone who is not banned changes nothing and answers `unbanned: false`.
 */
export async function unbanUser(services: ChatServices, actor: Actor, input: { eventId: string; userId: string }): Promise<UnbanChatUserAnswer> {
  const event = await requireEvent(services.db, input.eventId);
  requireModerator(event, actor);
  const { store, rooms, nextId } = services.chat;
  // A local user's id is never an actor id (a URL): at most one of the two bans exists.
  const remoteLifted = (await changedRows(services.db.delete(chatRemoteBans).where(and(eq(chatRemoteBans.eventId, event.id), eq(chatRemoteBans.actorId, input.userId))))) > 0;
  const unbanned = (await store.unban(event.id, input.userId)) || remoteLifted;
  if (unbanned) {
    await rooms.publish(event.id, new ChatDelivery(nextId(), { type: 'unbanned', userId: input.userId }));
    services.log.info({ eventId: event.id, userId: input.userId, moderatorId: actor.id }, 'chat user unbanned');
  }
  return { userId: input.userId, unbanned };
}

/** The room's banned Fediverse actors, latest first, with the name and handle they last wrote under there. */
async function bannedRemoteActors(services: ChatServices, eventId: string): Promise<BannedChatUser[]> {
  await services.chat.store.flush();
  const lastWritten = (column: typeof chatMessageRows.displayName | typeof chatMessageRows.originHandle) => sql<string | null>`(
    select ${column} from ${chatMessageRows}
    where ${chatMessageRows.eventId} = ${chatRemoteBans.eventId} and ${chatMessageRows.remoteActorId} = ${chatRemoteBans.actorId}
    order by ${chatMessageRows.id} desc limit 1
  )`;
  const rows = await services.db
    .select({
      actorId: chatRemoteBans.actorId,
      chatName: lastWritten(chatMessageRows.displayName),
      handle: lastWritten(chatMessageRows.originHandle),
      bannedAt: chatRemoteBans.createdAt,
      moderatorId: users.id,
      moderatorName: users.displayName,
    })
    .from(chatRemoteBans)
    .leftJoin(users, eq(users.id, chatRemoteBans.bannedBy))
    .where(eq(chatRemoteBans.eventId, eventId))
    .orderBy(desc(chatRemoteBans.createdAt), asc(chatRemoteBans.actorId));
  return rows.map((row) => ({
    userId: row.actorId,
    displayName: row.chatName ?? row.handle ?? row.actorId,
    chatName: row.chatName,
    bannedAt: row.bannedAt,
    bannedBy: row.moderatorId !== null && row.moderatorName !== null ? { userId: row.moderatorId, displayName: row.moderatorName } : null,
    origin: { kind: 'fediverse' as const, handle: row.handle, url: row.actorId },
  }));
}

/** Who is banned from the room, local users and Fediverse actors, latest ban first (its moderators only). */
export async function bannedUsers(services: ChatServices, actor: Actor, eventId: string): Promise<BannedChatUser[]> {
  const event = await requireEvent(services.db, eventId);
  requireModerator(event, actor);
  const local = (await services.chat.store.bannedUsers(event.id)).map((banned) => ({ ...banned, origin: null }));
  const remote = await bannedRemoteActors(services, event.id);
  return [...local, ...remote].sort((a, b) => b.bannedAt.localeCompare(a.bannedAt));
}

/** The caller's standing in the room; starting a chat checks it (the "sign-in" of the chat sign-in form). */
export async function chatSession(services: ChatServices, actor: Actor, eventId: string): Promise<ChatSession> {
  const event = await requireEvent(services.db, eventId);
  return {
    userId: actor.id,
    canModerate: canModerate(event, actor),
    isBanned: await services.chat.store.isBanned(event.id, actor.id),
    isActive: event.isActive,
  };
}

/** When an event counts as upcoming or live: its end (or its start when it has no end) is still ahead. */
function upcomingUntil(event: EventRow): string | null {
  return event.endDateTime ?? event.startDateTime;
}

/** The event a chat page shows: the one asked for, or the creator's next upcoming active event, else the most recent one. */
export async function findChatRoom(db: Db, input: { subdomain: string; eventId?: string | undefined }): Promise<ChatRoom> {
  const creator = await firstRow(
    db
      .select()
      .from(users)
      .where(and(sql`lower(${users.creatorTag}) = lower(${input.subdomain})`, inArray(users.role, ['dj', 'admin'])))
      .limit(1),
  );
  if (!creator || !creator.creatorTag) throw new DomainError({ code: 'NOT_FOUND', message: chatMessages.roomNotFound });
  const owned = await db.select().from(events).where(eq(events.userId, creator.id));
  let event: EventRow | undefined;
  if (input.eventId) {
    event = owned.find((candidate) => candidate.id === input.eventId);
  } else {
    const now = nowIso();
    const byStart = (a: EventRow, b: EventRow) => (a.startDateTime ?? '').localeCompare(b.startDateTime ?? '');
    event = owned.filter((candidate) => candidate.isActive && (upcomingUntil(candidate) ?? '') >= now).sort(byStart)[0];
    event ??= [...owned].sort((a, b) => (b.startDateTime ?? b.createdAt).localeCompare(a.startDateTime ?? a.createdAt))[0];
  }
  if (!event) throw new DomainError({ code: 'NOT_FOUND', message: chatMessages.roomNotFound });
  return {
    eventId: event.id,
    name: event.name,
    isActive: event.isActive,
    startDateTime: event.startDateTime,
    endDateTime: event.endDateTime,
    creatorId: creator.id,
    creatorDisplayName: creator.displayName,
    subdomain: creator.creatorTag,
    isPremium: event.isPremium,
    premiumPrice: event.isPremium ? toDollars(event.premiumPriceCents) : 0,
  };
}
