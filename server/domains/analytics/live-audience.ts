import { and, asc, count, type AnyColumn, countDistinct, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { listenerWindows, liveEventAudiences, liveViewerMinutes, liveViewerSamples, mediaDailyCounts } from '@db/schema/analytics';
import { chatMessages } from '@db/schema/chat';
import { liveRecordings, liveSessions } from '@db/schema/live';
import { payments } from '@db/schema/payments';
import type { Db } from '@db/store';
import type { Actor } from '@server/platform/actor';
import { analyticsScope, ownedEventOrNotFound } from './analytics.access';
import { liveAnalyticsInput, type LiveAnalytics } from './analytics.schemas';
import { settled, type AnalyticsReadServices } from './downloads.service';
import type { z } from 'zod';

type LiveAnalyticsInput = z.input<typeof liveAnalyticsInput>;

/**
 * One event's live audience (issue 33), for the scopes of `analyticsScope`: a creator their own events (another
 * creator's, or an unknown id, is NOT_FOUND), an admin any event (`creatorId`, when given, must be the event's
 * creator); a deleted event stays readable through its samples. Viewers over time and the peak from the
 * once-a-minute samples of every session of the event; unique viewers and the average watch time from the viewer
 * minutes (or, once rolled up, `live_event_audiences`); chat messages (not removed) and tips (gross, as the earnings
 * summary's `grossCents`) while a session of the event was live; tickets (pay-per-view, gross) of all time; replay
 * plays as counted downloads of the event's recordings, bots excluded (counted up to this moment: `settled`).
 */
export async function liveAnalytics(services: AnalyticsReadServices, actor: Actor, input: LiveAnalyticsInput): Promise<LiveAnalytics> {
  const { db } = services;
  const { eventId, creatorId } = liveAnalyticsInput.parse(input);
  const scope = await analyticsScope(services, actor, creatorId);
  const owner = await ownedEventOrNotFound(services, scope, eventId);
  await settled(services);

  const samples = await db
    .select({ at: liveViewerSamples.at, viewers: liveViewerSamples.viewers })
    .from(liveViewerSamples)
    .where(eq(liveViewerSamples.eventId, eventId))
    .orderBy(asc(liveViewerSamples.at), asc(liveViewerSamples.sessionId));
  let peak: { at: string; viewers: number } | null = null;
  for (const sample of samples) if (!peak || sample.viewers > peak.viewers) peak = sample;

  const { uniqueViewers, watchedSeconds } = await audienceOf(db, eventId);
  const whileLive = await liveWindows(db, eventId, new Date(services.clock.now()).toISOString());
  return {
    eventId,
    peakViewers: peak?.viewers ?? 0,
    peakAt: peak?.at ?? null,
    uniqueViewers,
    averageWatchSeconds: uniqueViewers ? Math.round(watchedSeconds / uniqueViewers) : 0,
    viewersOverTime: samples.map(({ at, viewers }) => ({ at, viewers })),
    chatMessages: await chatCount(db, eventId, whileLive),
    tipsCents: await tipsDuring(db, owner, whileLive),
    ticketsCents: await sumOf(db, and(eq(payments.kind, 'paywall'), eq(payments.status, 'succeeded'), eq(payments.eventId, eventId))!),
    replayPlays: await replayPlays(db, eventId),
  };
}

/** Unique viewers and seconds watched: the rolled-up row plus the viewer minutes still kept. */
async function audienceOf(db: Db, eventId: string): Promise<{ uniqueViewers: number; watchedSeconds: number }> {
  const [kept] = await db
    .select({ unique: countDistinct(liveViewerMinutes.viewerKey), minutes: count() })
    .from(liveViewerMinutes)
    .where(eq(liveViewerMinutes.eventId, eventId));
  const [rolled] = await db.select().from(liveEventAudiences).where(eq(liveEventAudiences.eventId, eventId));
  return {
    uniqueViewers: Number(kept?.unique ?? 0) + (rolled?.uniqueViewers ?? 0),
    watchedSeconds: Number(kept?.minutes ?? 0) * 60 + (rolled?.watchedSeconds ?? 0),
  };
}

/** The event's sessions as `[startedAt, endedAt]` (a session still live: up to now). */
async function liveWindows(db: Db, eventId: string, nowIso: string): Promise<Array<[string, string]>> {
  const sessions = await db
    .select({ startedAt: liveSessions.startedAt, endedAt: liveSessions.endedAt })
    .from(liveSessions)
    .where(eq(liveSessions.eventId, eventId));
  return sessions.map((session) => [session.startedAt, session.endedAt ?? nowIso]);
}

function within(column: AnyColumn, windows: Array<[string, string]>): SQL | undefined {
  return or(...windows.map(([from, to]) => and(gte(column, from), lte(column, to))));
}

async function chatCount(db: Db, eventId: string, windows: Array<[string, string]>): Promise<number> {
  if (!windows.length) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(and(eq(chatMessages.eventId, eventId), isNull(chatMessages.deletedId), within(chatMessages.createdAt, windows)));
  return Number(row?.n ?? 0);
}

async function tipsDuring(db: Db, creatorId: string, windows: Array<[string, string]>): Promise<number> {
  if (!windows.length) return 0;
  return sumOf(db, and(eq(payments.kind, 'tip'), eq(payments.status, 'succeeded'), eq(payments.creatorId, creatorId), within(payments.succeededAt, windows))!);
}

async function sumOf(db: Db, where: SQL): Promise<number> {
  const [row] = await db.select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)` }).from(payments).where(where);
  return Number(row?.cents ?? 0);
}

/** Counted plays of the event's replays (its recordings, or windows whose parent is the event), bots excluded. */
async function replayPlays(db: Db, eventId: string): Promise<number> {
  const recordings = (await db.select({ id: liveRecordings.id }).from(liveRecordings).where(eq(liveRecordings.eventId, eventId))).map((row) => row.id);
  const ofWindows = recordings.length ? or(eq(listenerWindows.parentId, eventId), inArray(listenerWindows.itemId, recordings)) : eq(listenerWindows.parentId, eventId);
  const [windows] = await db
    .select({ n: count() })
    .from(listenerWindows)
    .where(and(eq(listenerWindows.itemKind, 'replay'), eq(listenerWindows.bot, false), isNotNull(listenerWindows.countedAt), ofWindows));
  const ofDays = recordings.length ? or(eq(mediaDailyCounts.parentId, eventId), inArray(mediaDailyCounts.itemId, recordings)) : eq(mediaDailyCounts.parentId, eventId);
  const [days] = await db
    .select({ n: sql<number>`coalesce(sum(${mediaDailyCounts.downloads}), 0)` })
    .from(mediaDailyCounts)
    .where(and(eq(mediaDailyCounts.itemKind, 'replay'), eq(mediaDailyCounts.bot, false), ofDays));
  return Number(windows?.n ?? 0) + Number(days?.n ?? 0);
}
