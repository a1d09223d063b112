import { and, eq, type SQL } from 'drizzle-orm';
import { firstRow } from '@db/store';
import type { Db } from '@db/client';
import { listenerWindows, liveViewerSamples, mediaDailyCounts } from '@db/schema/analytics';
import { events } from '@db/schema/events';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { DomainError } from '@server/platform/errors';
import type { Actor } from '@server/platform/actor';
import type { Services } from '@server/services';
import { analyticsMessages } from './analytics.schemas';

/** Whose numbers a query reads: one creator's, or (null, admins only) the whole install's. */
export interface AnalyticsScope {
  creatorId: string | null;
}

type AccessServices = Pick<Services, 'db'>;

const notFound = (message: string) => new DomainError({ code: 'NOT_FOUND', message });

/**
 * Who may read which creator's numbers. A creator reads their own (naming another creator answers 404, as another
 * creator's episode does); an admin names a creator (an unknown one answers 404) or, without `creatorId`, reads the
 * whole install. Viewers never get here (the procedures are on `creatorProcedure`).
 */
export async function analyticsScope(services: AccessServices, actor: Actor, creatorId?: string): Promise<AnalyticsScope> {
  if (actor.role !== 'admin') {
    if (creatorId !== undefined && creatorId !== actor.id) throw notFound(analyticsMessages.creatorNotFound);
    return { creatorId: actor.id };
  }
  if (creatorId === undefined) return { creatorId: null };
  const user = await firstRow(services.db.select({ id: users.id }).from(users).where(eq(users.id, creatorId)).limit(1));
  if (!user) throw notFound(analyticsMessages.creatorNotFound);
  return { creatorId: user.id };
}

/** Whether the scope holds counted rows matching `where` (a deleted item's numbers stay its creator's). */
async function hasCountedRows(db: Db, scope: AnalyticsScope, windowsWhere: SQL, dailyWhere: SQL): Promise<boolean> {
  const windowsScope = scope.creatorId ? and(windowsWhere, eq(listenerWindows.creatorId, scope.creatorId)) : windowsWhere;
  const dailyScope = scope.creatorId ? and(dailyWhere, eq(mediaDailyCounts.creatorId, scope.creatorId)) : dailyWhere;
  const window = await firstRow(db.select({ id: listenerWindows.id }).from(listenerWindows).where(windowsScope).limit(1));
  if (window) return true;
  return !!(await firstRow(db.select({ day: mediaDailyCounts.day }).from(mediaDailyCounts).where(dailyScope).limit(1)));
}

/**
 * An episode the scope may read: one of the scope's creator's (any episode for the whole install), or a deleted one
 * whose counts are the scope's. Anything else answers 404 `Episode not found`.
 */
export async function ownedEpisodeOrNotFound(services: AccessServices, scope: AnalyticsScope, episodeId: string): Promise<void> {
  const { db } = services;
  const episode = await firstRow(db.select({ userId: podcastEpisodes.userId }).from(podcastEpisodes).where(eq(podcastEpisodes.id, episodeId)).limit(1));
  if (episode) {
    if (scope.creatorId && episode.userId !== scope.creatorId) throw notFound(analyticsMessages.episodeNotFound);
    return;
  }
  const counted = await hasCountedRows(
    db,
    scope,
    and(eq(listenerWindows.itemKind, 'episode'), eq(listenerWindows.itemId, episodeId))!,
    and(eq(mediaDailyCounts.itemKind, 'episode'), eq(mediaDailyCounts.itemId, episodeId))!,
  );
  if (!counted) throw notFound(analyticsMessages.episodeNotFound);
}

/** A podcast title the scope may read (as `ownedEpisodeOrNotFound`); else 404 `Podcast not found`. */
export async function ownedTitleOrNotFound(services: AccessServices, scope: AnalyticsScope, titleId: string): Promise<void> {
  const { db } = services;
  const title = await firstRow(db.select({ userId: podcastTitles.userId }).from(podcastTitles).where(eq(podcastTitles.id, titleId)).limit(1));
  if (title) {
    if (scope.creatorId && title.userId !== scope.creatorId) throw notFound(analyticsMessages.titleNotFound);
    return;
  }
  const counted = await hasCountedRows(
    db,
    scope,
    and(eq(listenerWindows.itemKind, 'episode'), eq(listenerWindows.parentId, titleId))!,
    and(eq(mediaDailyCounts.itemKind, 'episode'), eq(mediaDailyCounts.parentId, titleId))!,
  );
  if (!counted) throw notFound(analyticsMessages.titleNotFound);
}

/**
 * An event the scope may read: one of the scope's creator's (any for the whole install), or a deleted one with
 * viewer samples of the scope's creator. Answers the event's creator; anything else answers 404 `Event not found`.
 */
export async function ownedEventOrNotFound(services: AccessServices, scope: AnalyticsScope, eventId: string): Promise<string> {
  const { db } = services;
  const event = await firstRow(db.select({ userId: events.userId }).from(events).where(eq(events.id, eventId)).limit(1));
  if (event) {
    if (scope.creatorId && event.userId !== scope.creatorId) throw notFound(analyticsMessages.eventNotFound);
    return event.userId;
  }
  const sampled = await firstRow(
    db
      .select({ creatorId: liveViewerSamples.creatorId })
      .from(liveViewerSamples)
      .where(scope.creatorId ? and(eq(liveViewerSamples.eventId, eventId), eq(liveViewerSamples.creatorId, scope.creatorId)) : eq(liveViewerSamples.eventId, eventId))
      .limit(1),
  );
  if (!sampled) throw notFound(analyticsMessages.eventNotFound);
  return sampled.creatorId;
}
