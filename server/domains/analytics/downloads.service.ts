import { and, eq, gte, inArray, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { firstRow } from '@db/store';
import { listenerWindows, mediaDailyCounts, type MediaItemKind } from '@db/schema/analytics';
import { podcastEpisodes } from '@db/schema/podcasts';
import { liveRecordings } from '@db/schema/live';
import { fieldError } from '@server/platform/errors';
import type { Actor } from '@server/platform/actor';
import type { Services } from '@server/services';
import { analyticsScope, ownedEpisodeOrNotFound, ownedTitleOrNotFound, type AnalyticsScope } from './analytics.access';
import { analyticsMaxRangeDays, analyticsMessages, type DownloadsAnswer, type DownloadsGrouping, type DownloadsInput } from './analytics.schemas';

/** The counting runtime, when the services have one: `settle()` writes what is buffered and merges it before a read. */
export type AnalyticsReadServices = Services & { analytics?: { settle(): Promise<void> } };

const dayMs = 24 * 3600_000;

/** The label of an episode no longer in the database. */
export const deletedEpisodeLabel = 'Deleted episode';

/** A query range as UTC ISO times, `from` inclusive and `to` exclusive. */
export interface AnalyticsRange {
  from: string;
  to: string;
}

function instantOf(value: string): string {
  return value.length === 10 ? `${value}T00:00:00.000Z` : new Date(value).toISOString();
}

/** `from` before `to`, at most 400 days apart; refusals are field errors (400 over REST). */
export function analyticsRange(input: { from: string; to: string }): AnalyticsRange {
  const from = instantOf(input.from);
  const to = instantOf(input.to);
  const span = Date.parse(to) - Date.parse(from);
  if (!(span > 0)) throw fieldError('BAD_REQUEST', analyticsMessages.rangeInvalid, { from: analyticsMessages.rangeInvalid });
  if (span > analyticsMaxRangeDays * dayMs) throw fieldError('BAD_REQUEST', analyticsMessages.rangeTooLong, { to: analyticsMessages.rangeTooLong });
  return { from, to };
}

/** Every UTC day the range touches (`YYYY-MM-DD`), oldest first. */
export function daysOf(range: AnalyticsRange): string[] {
  const days: string[] = [];
  const last = Date.parse(range.to) - 1;
  for (let at = Date.parse(range.from.slice(0, 10)); at <= last; at += dayMs) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

export async function settled(services: AnalyticsReadServices): Promise<void> {
  await services.analytics?.settle();
}

interface Filters {
  scope: AnalyticsScope;
  range: AnalyticsRange;
  /** Episodes only (a title or episode filter, or grouping by episode); else episodes and replays. */
  episodesOnly: boolean;
  titleId?: string | undefined;
  episodeId?: string | undefined;
}

function windowConditions(filters: Filters): SQL[] {
  const conditions: SQL[] = [isNotNull(listenerWindows.countedAt), gte(listenerWindows.countedAt, filters.range.from), lt(listenerWindows.countedAt, filters.range.to)];
  if (filters.scope.creatorId) conditions.push(eq(listenerWindows.creatorId, filters.scope.creatorId));
  if (filters.episodesOnly) conditions.push(eq(listenerWindows.itemKind, 'episode'));
  if (filters.titleId) conditions.push(eq(listenerWindows.parentId, filters.titleId));
  if (filters.episodeId) conditions.push(eq(listenerWindows.itemId, filters.episodeId));
  return conditions;
}

/** Rolled-up days count whole: a day is in when the range touches it. */
function dailyConditions(filters: Filters): SQL[] {
  const days = daysOf(filters.range);
  const conditions: SQL[] = [gte(mediaDailyCounts.day, days[0]!), lte(mediaDailyCounts.day, days.at(-1)!)];
  if (filters.scope.creatorId) conditions.push(eq(mediaDailyCounts.creatorId, filters.scope.creatorId));
  if (filters.episodesOnly) conditions.push(eq(mediaDailyCounts.itemKind, 'episode'));
  if (filters.titleId) conditions.push(eq(mediaDailyCounts.parentId, filters.titleId));
  if (filters.episodeId) conditions.push(eq(mediaDailyCounts.itemId, filters.episodeId));
  return conditions;
}

/** Downloads per key (day, episode id or app) and bot flag: the counted windows plus the rolled-up days. */
async function countsBy(services: Services, filters: Filters, groupBy: DownloadsGrouping): Promise<{ humans: Map<string, number>; bots: number }> {
  const { db } = services;
  const windowKey = groupBy === 'day' ? sql<string>`substr(${listenerWindows.countedAt}, 1, 10)` : groupBy === 'episode' ? listenerWindows.itemId : listenerWindows.app;
  const dailyKey = groupBy === 'day' ? mediaDailyCounts.day : groupBy === 'episode' ? mediaDailyCounts.itemId : mediaDailyCounts.app;
  const windows = await db
    .select({ key: windowKey, bot: listenerWindows.bot, downloads: sql<number>`count(*)` })
    .from(listenerWindows)
    .where(and(...windowConditions(filters)))
    .groupBy(windowKey, listenerWindows.bot);
  const daily = await db
    .select({ key: dailyKey, bot: mediaDailyCounts.bot, downloads: sql<number>`coalesce(sum(${mediaDailyCounts.downloads}), 0)` })
    .from(mediaDailyCounts)
    .where(and(...dailyConditions(filters)))
    .groupBy(dailyKey, mediaDailyCounts.bot);
  const humans = new Map<string, number>();
  let bots = 0;
  for (const row of [...windows, ...daily]) {
    const downloads = Number(row.downloads);
    if (row.bot) bots += downloads;
    else humans.set(row.key, (humans.get(row.key) ?? 0) + downloads);
  }
  return { humans, bots };
}

async function basisOf(services: Services, filters: Filters): Promise<DownloadsAnswer['basis']> {
  const redirected = await firstRow(
    services.db
      .select({ id: listenerWindows.id })
      .from(listenerWindows)
      .where(and(...windowConditions(filters), eq(listenerWindows.mode, 'request')))
      .limit(1),
  );
  return redirected ? 'requests' : 'bytes';
}

const byDownloads = (a: { key: string; downloads: number }, b: { key: string; downloads: number }) => b.downloads - a.downloads || a.key.localeCompare(b.key);

/**
 * `analytics.downloads`: downloads (and replay plays) counted in `[from, to)`, bots apart, grouped by UTC day (every
 * day of the range), by episode or by app (most downloaded first).
 */
export async function downloadsAnalytics(services: AnalyticsReadServices, actor: Actor, input: DownloadsInput): Promise<DownloadsAnswer> {
  const range = analyticsRange(input);
  const scope = await analyticsScope(services, actor, input.creatorId);
  if (input.titleId) await ownedTitleOrNotFound(services, scope, input.titleId);
  if (input.episodeId) await ownedEpisodeOrNotFound(services, scope, input.episodeId);
  const groupBy = input.groupBy ?? 'day';
  await settled(services);
  const filters: Filters = {
    scope,
    range,
    episodesOnly: !!input.titleId || !!input.episodeId || groupBy === 'episode',
    titleId: input.titleId,
    episodeId: input.episodeId,
  };
  const { humans, bots } = await countsBy(services, filters, groupBy);
  const total = [...humans.values()].reduce((sum, downloads) => sum + downloads, 0);
  const basis = await basisOf(services, filters);
  let rows: DownloadsAnswer['rows'];
  if (groupBy === 'day') {
    rows = daysOf(range).map((day) => ({ key: day, label: day, downloads: humans.get(day) ?? 0 }));
  } else if (groupBy === 'episode') {
    const ids = [...humans.keys()];
    const names = new Map<string, string>();
    for (let start = 0; start < ids.length; start += 500) {
      const found = await services.db
        .select({ id: podcastEpisodes.id, name: podcastEpisodes.name })
        .from(podcastEpisodes)
        .where(inArray(podcastEpisodes.id, ids.slice(start, start + 500)));
      for (const episode of found) names.set(episode.id, episode.name);
    }
    rows = ids.map((key) => ({ key, label: names.get(key) ?? deletedEpisodeLabel, downloads: humans.get(key)! })).sort(byDownloads);
  } else {
    rows = [...humans.entries()].map(([key, downloads]) => ({ key, label: key, downloads })).sort(byDownloads);
  }
  return { total, bots, basis, rows };
}

/**
 * `analytics.itemCounts`: the downloads (episodes) or plays (replays) each of the caller's items counted, bots
 * excluded, all time. Ids that are not the caller's are left out; the caller's uncounted ones answer 0.
 */
export async function itemCounts(services: AnalyticsReadServices, actor: Actor, input: { itemKind: MediaItemKind; ids: string[] }): Promise<{ counts: Record<string, number> }> {
  const ids = [...new Set(input.ids)];
  if (!ids.length) return { counts: {} };
  const { db } = services;
  await settled(services);
  const owned =
    input.itemKind === 'episode'
      ? await db.select({ id: podcastEpisodes.id }).from(podcastEpisodes).where(and(inArray(podcastEpisodes.id, ids), eq(podcastEpisodes.userId, actor.id)))
      : await db.select({ id: liveRecordings.id }).from(liveRecordings).where(and(inArray(liveRecordings.id, ids), eq(liveRecordings.userId, actor.id)));
  const counts: Record<string, number> = Object.fromEntries(owned.map((row) => [row.id, 0]));
  const windows = await db
    .select({ id: listenerWindows.itemId, downloads: sql<number>`count(*)` })
    .from(listenerWindows)
    .where(
      and(
        eq(listenerWindows.creatorId, actor.id),
        eq(listenerWindows.itemKind, input.itemKind),
        inArray(listenerWindows.itemId, ids),
        isNotNull(listenerWindows.countedAt),
        eq(listenerWindows.bot, false),
      ),
    )
    .groupBy(listenerWindows.itemId);
  const daily = await db
    .select({ id: mediaDailyCounts.itemId, downloads: sql<number>`coalesce(sum(${mediaDailyCounts.downloads}), 0)` })
    .from(mediaDailyCounts)
    .where(and(eq(mediaDailyCounts.creatorId, actor.id), eq(mediaDailyCounts.itemKind, input.itemKind), inArray(mediaDailyCounts.itemId, ids), eq(mediaDailyCounts.bot, false)))
    .groupBy(mediaDailyCounts.itemId);
  for (const row of [...windows, ...daily]) counts[row.id] = (counts[row.id] ?? 0) + Number(row.downloads);
  return { counts };
}
