import { DomainError } from '@server/platform/errors';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { cancelledEvents, eventAccess, events } from '@db/schema/events';
import { users } from '@db/schema/users';
import { fieldError } from '@server/platform/errors';
import { newId, nowIso } from '@server/lib/ids';
import { toCents, toDollars } from '@common/money';
import type { Actor } from '@server/platform/actor';
import { membershipEventIds, membershipOpensEvent } from '@server/domains/memberships/membership-access';
import {
  eventMessages,
  eventRuleErrors,
  type CreateEventInput,
  type EventCreator,
  type EventOutput,
  type PublicScheduleOutput,
  type UpdateEventInput,
} from './events.schemas';

type EventRow = typeof events.$inferSelect;

const creatorColumns = {
  id: users.id,
  creatorTag: users.creatorTag,
  displayName: users.displayName,
  description: users.description,
  streamValue: users.streamValue,
};

type CreatorRow = { id: string; creatorTag: string | null; displayName: string; description: string; streamValue: string | null };

/** `revealStream` false: the stream location is left out (every public answer: players ask `events.stream`). */
function toCreator(creator: CreatorRow, revealStream: boolean): EventCreator {
  return {
    id: creator.id,
    userName: creator.creatorTag ?? '',
    displayName: creator.displayName,
    description: creator.description,
    streamValue: revealStream ? creator.streamValue : null,
  };
}

/** Creators and admins reading their own events see everything; public answers go through `toPublicEvent`. */
export function toEvent(row: EventRow, creator: CreatorRow, revealStream = true): EventOutput {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    userId: row.userId,
    isPremium: row.isPremium,
    isActive: row.isActive,
    premiumPrice: toDollars(row.premiumPriceCents),
    startDateTime: row.startDateTime,
    endDateTime: row.endDateTime,
    fediverse: row.fediverse,
    user: toCreator(creator, revealStream),
  };
}

/**
 * Who may watch an event: anyone a free one; a premium one its creator, an admin, a viewer with an access row, or a
 * member whose membership includes it (until the end of the month paid for).
 */
export async function mayWatchEvent(db: Db, actor: Actor | null, event: { id: string; userId: string; isPremium: boolean }): Promise<boolean> {
  if (!event.isPremium) return true;
  if (!actor) return false;
  if (actor.role === 'admin' || actor.id === event.userId) return true;
  const access = await firstRow(
    db
      .select({ eventId: eventAccess.eventId })
      .from(eventAccess)
      .where(and(eq(eventAccess.viewerId, actor.id), eq(eventAccess.eventId, event.id))),
  );
  return access !== undefined || (await membershipOpensEvent(db, actor.id, event));
}

/**
 * An event as a public answer carries it: never the creator's stream URL, which also plays their premium events
 * (the player asks `events.stream`, which answers it only where and to whom it may play).
 */
function toPublicEvent(row: EventRow, creator: CreatorRow): EventOutput {
  return toEvent(row, creator, false);
}

export function selectEvents(db: Db) {
  return db.select({ event: events, creator: creatorColumns }).from(events).innerJoin(users, eq(users.id, events.userId));
}

/** Dated events by start, the "TBA" ones after them (newest first). */
const byStart = [sql`${events.startDateTime} IS NULL`, asc(events.startDateTime), desc(events.createdAt)] as const;

export function notFound(): DomainError {
  return new DomainError({ code: 'NOT_FOUND', message: eventMessages.notFound });
}

async function findEvent(db: Db, id: string): Promise<EventOutput | null> {
  const found = await firstRow(selectEvents(db).where(eq(events.id, id)));
  return found ? toEvent(found.event, found.creator) : null;
}

/** Admins manage every event; a creator only their own. Someone else's event answers 404, never 403 (its existence stays hidden). */
async function ownedEvent(db: Db, actor: Actor, id: string): Promise<EventOutput> {
  const event = await findEvent(db, id);
  if (!event || (actor.role !== 'admin' && event.userId !== actor.id)) throw notFound();
  return event;
}

/** The caller's own events, by start ("TBA" last). */
export async function listOwnEvents(db: Db, actor: Actor): Promise<EventOutput[]> {
  const rows = await selectEvents(db)
    .where(eq(events.userId, actor.id))
    .orderBy(...byStart);
  return rows.map(({ event, creator }) => toEvent(event, creator));
}

export function getOwnEvent(db: Db, actor: Actor, id: string): Promise<EventOutput> {
  return ownedEvent(db, actor, id);
}

export async function createEvent(db: Db, actor: Actor, input: Omit<CreateEventInput, 'fediverse'> & { fediverse?: boolean }): Promise<EventOutput> {
  const id = newId();
  await db
    .insert(events)
    .values({
      id,
      userId: actor.id,
      name: input.name,
      description: input.description,
      startDateTime: input.startDateTime,
      endDateTime: input.endDateTime,
      isPremium: input.isPremium,
      premiumPriceCents: input.isPremium ? toCents(input.premiumPrice) : 0,
      isActive: input.isActive,
      fediverse: input.fediverse ?? true,
    });
  return (await findEvent(db, id))!;
}

/** Applies the given fields; the cross-field rules are checked on the merged record. */
export async function updateEvent(db: Db, actor: Actor, input: UpdateEventInput): Promise<EventOutput> {
  // One transaction: the fields not given, and whether the calendar entry changes, come from the row as read.
  return db.transaction(async (tx) => {
    const current = await ownedEvent(db, actor, input.id);
    const merged = {
      name: input.name ?? current.name,
      description: input.description ?? current.description,
      startDateTime: input.startDateTime !== undefined ? input.startDateTime : current.startDateTime,
      endDateTime: input.endDateTime !== undefined ? input.endDateTime : current.endDateTime,
      isPremium: input.isPremium ?? current.isPremium,
      premiumPrice: input.premiumPrice ?? current.premiumPrice,
      isActive: input.isActive ?? current.isActive,
    };
    const errors = eventRuleErrors(merged);
    const first = Object.values(errors)[0];
    if (first) throw fieldError('BAD_REQUEST', first, errors);
    await tx
      .update(events)
      .set({
        name: merged.name,
        description: merged.description,
        startDateTime: merged.startDateTime,
        endDateTime: merged.endDateTime,
        isPremium: merged.isPremium,
        premiumPriceCents: merged.isPremium ? toCents(merged.premiumPrice) : 0,
        isActive: merged.isActive,
        ...(input.fediverse !== undefined && { fediverse: input.fediverse }),
        // Calendar apps replace their copy only when SEQUENCE grows (RFC 5545 §3.8.7.4).
        ...(revisesCalendarEntry(current, merged) && { sequence: sql`${events.sequence} + 1` }),
        updatedAt: nowIso(),
      })
      .where(eq(events.id, current.id));
    return (await findEvent(db, current.id))!;
  });
}

type CalendarFields = Pick<EventOutput, 'name' | 'startDateTime' | 'endDateTime' | 'isActive'>;

const sameInstant = (a: string | null, b: string | null) => (a === null || b === null ? a === b : Date.parse(a) === Date.parse(b));

/** A change of time, name or status (the active flag): what a calendar entry shows. */
function revisesCalendarEntry(before: CalendarFields, after: CalendarFields): boolean {
  return (
    before.name !== after.name ||
    before.isActive !== after.isActive ||
    !sameInstant(before.startDateTime, after.startDateTime) ||
    !sameInstant(before.endDateTime, after.endDateTime)
  );
}

/** How long a deleted event stays in the calendar feed as cancelled. */
export const cancelledEventRetentionMs = 30 * 24 * 3_600_000;

/**
 * Every deletion of an event comes here (its creator or an admin, through `events.delete`). An event the public
 * calendar listed (active, dated) leaves a tombstone, so subscribed calendars receive it as cancelled; inactive and
 * "TBA" events were never in the feed and leave nothing (a draft's name is never published).
 */
export async function deleteEvent(db: Db, actor: Actor, id: string, now = new Date()): Promise<{ id: string }> {
  const event = await ownedEvent(db, actor, id);
  await db.transaction(async (tx) => {
    const row = await firstRow(tx.select().from(events).where(eq(events.id, event.id)));
    if (row?.isActive && row.startDateTime && row.endDateTime) {
      const tombstone = {
        userId: row.userId,
        name: row.name,
        startDateTime: row.startDateTime,
        endDateTime: row.endDateTime,
        sequence: row.sequence + 1,
        cancelledAt: now.toISOString(),
      };
      await tx
        .insert(cancelledEvents)
        .values({ id: row.id, ...tombstone })
        .onConflictDoUpdate({ target: cancelledEvents.id, set: tombstone });
    }
    await tx.delete(events).where(eq(events.id, event.id));
  });
  return { id: event.id };
}

/** Any event by id, as the public event page shows it. */
export async function getPublicEvent(db: Db, id: string): Promise<EventOutput> {
  const found = await firstRow(selectEvents(db).where(eq(events.id, id)));
  if (!found) throw notFound();
  return toPublicEvent(found.event, found.creator);
}

async function creatorBySubdomain(db: Db, subdomain: string): Promise<CreatorRow> {
  const creator = await firstRow(
    db
      .select(creatorColumns)
      .from(users)
      .where(and(sql`lower(${users.creatorTag}) = lower(${subdomain})`, inArray(users.role, ['dj', 'admin'])))
      .limit(1),
  );
  if (!creator) throw new DomainError({ code: 'NOT_FOUND', message: eventMessages.creatorNotFound });
  return creator;
}

/**
 * The event a subdomain's page opens with: the next active event that has not ended (one live now comes first),
 * else an active "TBA" event, else the most recent event of any kind.
 */
export async function latestEvent(db: Db, subdomain: string, now = new Date()): Promise<EventOutput> {
  const creator = await creatorBySubdomain(db, subdomain);
  const ofCreator = eq(events.userId, creator.id);
  const found =
    (await firstRow(
      selectEvents(db)
        .where(and(ofCreator, eq(events.isActive, true), isNotNull(events.startDateTime), gt(events.endDateTime, now.toISOString())))
        .orderBy(asc(events.startDateTime))
        .limit(1),
    )) ??
    (await firstRow(
      selectEvents(db)
        .where(and(ofCreator, eq(events.isActive, true), isNull(events.startDateTime)))
        .orderBy(desc(events.createdAt))
        .limit(1),
    )) ??
    (await firstRow(
      selectEvents(db)
        .where(ofCreator)
        .orderBy(sql`${events.startDateTime} IS NULL`, desc(events.startDateTime), desc(events.createdAt))
        .limit(1),
    ));
  if (!found) throw new DomainError({ code: 'NOT_FOUND', message: eventMessages.noEvents });
  return toPublicEvent(found.event, found.creator);
}

/** A creator and their active, dated events (the public calendar feed). No stream locations: the players ask `events.stream`. */
export async function publicSchedule(db: Db, subdomain: string): Promise<PublicScheduleOutput> {
  const creator = await creatorBySubdomain(db, subdomain);
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.userId, creator.id), eq(events.isActive, true), isNotNull(events.startDateTime)))
    .orderBy(asc(events.startDateTime));
  return { creator: toCreator(creator, false), events: rows.map((row) => toEvent(row, creator, false)) };
}

/** One entry of the public calendar feed: the event as listed, or a tombstone of a deleted one. */
export interface CalendarEntry {
  id: string;
  name: string;
  description: string;
  isPremium: boolean;
  premiumPrice: number;
  startDateTime: string;
  endDateTime: string;
  sequence: number;
  createdAt: string | null;
  /** The entry's last change (DTSTAMP and LAST-MODIFIED): the event's updated_at, a tombstone's cancelled_at. */
  updatedAt: string;
  cancelled: boolean;
}

/**
 * The creator's calendar feed: their active, dated events, then the events deleted in the last 30 days as cancelled
 * (older tombstones are removed here; an event that exists under a tombstone's id wins over it).
 */
export async function publicCalendar(db: Db, subdomain: string, now = new Date()): Promise<{ creator: EventCreator; entries: CalendarEntry[] }> {
  const creator = await creatorBySubdomain(db, subdomain);
  const listed = await db
    .select()
    .from(events)
    .where(and(eq(events.userId, creator.id), eq(events.isActive, true), isNotNull(events.startDateTime), isNotNull(events.endDateTime)))
    .orderBy(asc(events.startDateTime));
  const cutoff = new Date(now.getTime() - cancelledEventRetentionMs).toISOString();
  await db.delete(cancelledEvents).where(and(eq(cancelledEvents.userId, creator.id), lt(cancelledEvents.cancelledAt, cutoff)));
  const cancelled = await db
    .select()
    .from(cancelledEvents)
    .where(
      and(
        eq(cancelledEvents.userId, creator.id),
        isNotNull(cancelledEvents.startDateTime),
        isNotNull(cancelledEvents.endDateTime),
        notExists(db.select({ id: events.id }).from(events).where(eq(events.id, cancelledEvents.id))),
      ),
    )
    .orderBy(asc(cancelledEvents.startDateTime));
  return {
    creator: toCreator(creator, false),
    entries: [
      ...listed.map((row) => ({
        id: row.id,
        name: row.name,
        description: row.description,
        isPremium: row.isPremium,
        premiumPrice: toDollars(row.premiumPriceCents),
        startDateTime: row.startDateTime!,
        endDateTime: row.endDateTime!,
        sequence: row.sequence,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        cancelled: false,
      })),
      ...cancelled.map((row) => ({
        id: row.id,
        name: row.name,
        description: '',
        isPremium: false,
        premiumPrice: 0,
        startDateTime: row.startDateTime!,
        endDateTime: row.endDateTime!,
        sequence: row.sequence,
        createdAt: null,
        updatedAt: row.cancelledAt,
        cancelled: true,
      })),
    ],
  };
}

/**
 * The premium events this viewer may enter: those paid for (rows written by confirmed payments), then those their
 * memberships include now. Only the viewer themself may ask.
 */
export async function viewerEventAccess(db: Db, actor: Actor, userId: string): Promise<{ eventIds: string[] }> {
  if (userId !== actor.id) throw new DomainError({ code: 'FORBIDDEN', message: eventMessages.ownAccessOnly });
  const rows = await db
    .select({ eventId: eventAccess.eventId })
    .from(eventAccess)
    .innerJoin(events, eq(events.id, eventAccess.eventId))
    .where(and(eq(eventAccess.viewerId, actor.id), eq(events.isPremium, true)))
    .orderBy(asc(eventAccess.createdAt), asc(eventAccess.eventId));
  const paid = rows.map((row) => row.eventId);
  const paidSet = new Set(paid);
  return { eventIds: [...paid, ...(await membershipEventIds(db, actor.id)).filter((id) => !paidSet.has(id)).sort()] };
}
