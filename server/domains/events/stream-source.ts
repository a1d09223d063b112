import { DomainError } from '@server/platform/errors';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { events } from '@db/schema/events';
import { parseStreamValue } from '@common/stream-url';
import type { Actor } from '@server/platform/actor';
import { membershipOpensReplays } from '@server/domains/memberships/membership-access';
import { eventMessages, type EventOutput, type EventStreamOutput } from './events.schemas';
import { mayWatchEvent, notFound, selectEvents, toEvent } from './events.service';

export const noStream: EventStreamOutput = { kind: 'none', url: null, live: false, expiresAt: null };

/** A premium event of this creator that has not ended (no end yet, or an end still ahead), active or not. */
export async function hasPremiumEventNotOver(db: Db, creatorId: string, now: Date): Promise<boolean> {
  const found = await firstRow(
    db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.userId, creatorId), eq(events.isPremium, true), or(isNull(events.endDateTime), gt(events.endDateTime, now.toISOString()))))
      .limit(1),
  );
  return found !== undefined;
}

/**
 * The creator's external stream URL (kept once, on the profile) as this event's player source. The same URL plays
 * the creator's premium event, so while one has not ended a free event answers `none`: the URL reaches only those
 * with access to the premium event, through its own `events.stream`.
 */
export async function externalStreamSource(
  db: Db,
  event: { userId: string; isPremium: boolean },
  streamValue: string | null,
  live: boolean,
  now: Date,
): Promise<EventStreamOutput> {
  const external = parseStreamValue(streamValue);
  if (external.kind === 'none') return noStream;
  if (!event.isPremium && (await hasPremiumEventNotOver(db, event.userId, now))) return noStream;
  const url = external.kind === 'hls' ? external.url : streamValue!.trim();
  return { kind: external.kind, url, live, expiresAt: null };
}

/** What our own ingest has for an event (live now, or its replay), from the live domain; null when nothing. */
/** `replayOnly`: the viewer may watch the event's replay but not its live stream (a member whose tier includes replays). */
export type LivePlaybackLookup = (event: EventOutput, viewerId: string | null, options?: { replayOnly?: boolean }) => Promise<EventStreamOutput | null>;

/** What the events domain asks of our own live ingest: the live domain answers it, handed in by server/composition.ts. */
export interface StreamLocator {
  playbackFor: LivePlaybackLookup;
}

function isOnNow(event: EventOutput, now: Date): boolean {
  if (!event.isActive) return false;
  if (!event.startDateTime || !event.endDateTime) return true;
  const at = now.getTime();
  return Date.parse(event.startDateTime) <= at && at < Date.parse(event.endDateTime);
}

/**
 * The event's player source, only for those who may watch (else FORBIDDEN "Buy access to watch this event"):
 * our own live stream or replay first, else the creator's external stream URL (see `externalStreamSource`), else `none`.
 */
export async function eventStream(
  db: Db,
  actor: Actor | null,
  eventId: string,
  livePlayback: LivePlaybackLookup | undefined,
  now = new Date(),
): Promise<EventStreamOutput> {
  const found = await firstRow(selectEvents(db).where(eq(events.id, eventId)));
  if (!found) throw notFound();
  // A member whose tier includes replays (but not this premium event) may watch its replay, not the live stream.
  const replayOnly = !(await mayWatchEvent(db, actor, found.event));
  if (replayOnly && !(actor && (await membershipOpensReplays(db, actor.id, found.event.userId)))) {
    throw new DomainError({ code: 'FORBIDDEN', message: eventMessages.buyToWatch });
  }
  const event = toEvent(found.event, found.creator);
  const own = await livePlayback?.(event, actor?.id ?? null, { replayOnly });
  if (own) return own;
  if (replayOnly) throw new DomainError({ code: 'FORBIDDEN', message: eventMessages.buyToWatch });
  return externalStreamSource(db, found.event, found.creator.streamValue, isOnNow(event, now), now);
}
