import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { listenerWindows, liveEventAudiences, liveViewerMinutes, liveViewerSamples, mediaDailyCounts } from '@db/schema/analytics';
import { events } from '@db/schema/events';
import { liveSessions } from '@db/schema/live';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { retentionDays } from '@server/domains/analytics/retention';
import { newId } from '@server/lib/ids';

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;
/** How far back the demo numbers go (the dashboard's longest preset). */
const historyDays = 90;
/** Days whose downloads stay listener windows; older days are written as the retention sweep leaves them. */
const keptDays = retentionDays - 1;
/** A long event (an open room running for days) gets viewers for its first hours only. */
const maxLiveMinutes = 180;
const rowsPerInsert = 200;

/** The demo creators (seed/accounts.ts), matched by email and tag as seed/events.ts does. */
const demoCreators = [
  { email: 'mara@cuepoint.local', creatorTag: 'mara_quill' },
  { email: 'tobin@cuepoint.local', creatorTag: 'tobin_live' },
] as const;

/** Share of the human downloads per app (opawg user-agents-v2 names, as the counter stores them). */
const appShares: ReadonlyArray<readonly [string, number]> = [
  ['Apple Podcasts', 36],
  ['Spotify', 22],
  ['Browser', 10],
  ['Overcast', 8],
  ['Pocket Casts', 7],
  ['AntennaPod', 5],
  ['Podcast Addict', 5],
  ['Unknown', 4],
  ['Castro', 2],
  ['Player FM', 1],
];
const botShares: ReadonlyArray<readonly [string, number]> = [
  ['Googlebot', 3],
  ['Microsoft Bingbot', 2],
  ['curl', 1],
];
/** Bot requests per human download. */
const botRate = 0.07;

/** mulberry32 seeded with an FNV-1a hash of the text: the same item always gets the same numbers. */
function randomFor(text: string): () => number {
  let state = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) state = Math.imul(state ^ text.charCodeAt(index), 0x01000193);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function between(random: () => number, low: number, high: number): number {
  return low + (high - low) * random();
}

function pick(random: () => number, shares: ReadonlyArray<readonly [string, number]>): string {
  let left = random() * shares.reduce((sum, [, share]) => sum + share, 0);
  for (const [name, share] of shares) {
    left -= share;
    if (left < 0) return name;
  }
  return shares[0]![0];
}

/** A listener or viewer key shaped like the salted HMACs the counter writes (32 base64url characters). */
function keyFrom(random: () => number): string {
  return Buffer.from(Array.from({ length: 24 }, () => Math.floor(random() * 256))).toString('base64url');
}

const iso = (ms: number) => new Date(ms).toISOString();
const dayStart = (ms: number) => Math.floor(ms / dayMs) * dayMs;

async function insertAll<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += rowsPerInsert) await insert(rows.slice(start, start + rowsPerInsert));
}

interface SeedEpisode {
  id: string;
  name: string;
  titleId: string;
  mediaBytes: number;
  durationSeconds: number;
  publishDate: string;
}

/**
 * One episode's downloads, day by day from its publish date (at most 90 days back): a launch peak decaying to a
 * steady tail, with some day-to-day noise; the first and the current day only for the hours they cover.
 */
function episodeDownloads(creatorTag: string, episode: SeedEpisode, now: number) {
  const random = randomFor(`${creatorTag}:${episode.name}`);
  const published = Date.parse(episode.publishDate);
  const peak = between(random, 35, 75);
  const halfLifeDays = between(random, 1.5, 3);
  const tail = between(random, 2, 5);
  const threshold = Math.max(1, Math.min(episode.mediaBytes, Math.ceil((60 * episode.mediaBytes) / Math.max(1, episode.durationSeconds))));
  const keptFrom = dayStart(now) - keptDays * dayMs;
  const windows: Array<typeof listenerWindows.$inferInsert> = [];
  const daily = new Map<string, typeof mediaDailyCounts.$inferInsert>();

  const count = (at: number, app: string, bot: boolean) => {
    if (at >= keptFrom) {
      const startedAt = Math.max(published, at - Math.floor(between(random, 1_000, 30_000)));
      const whole = bot || random() < 0.6;
      const served = whole ? episode.mediaBytes : Math.min(episode.mediaBytes, Math.max(threshold, Math.round(episode.mediaBytes * between(random, 0.3, 1))));
      windows.push({
        id: newId(),
        itemKind: 'episode',
        itemId: episode.id,
        creatorId: '',
        parentId: episode.titleId,
        listenerKey: keyFrom(random),
        mode: 'bytes',
        startedAt: iso(startedAt),
        ranges: [[0, served]],
        unitsServed: served,
        thresholdUnits: threshold,
        countedAt: iso(at),
        app,
        bot,
      });
      return;
    }
    const day = iso(at).slice(0, 10);
    const key = `${day}\n${app}\n${bot}`;
    const row = daily.get(key);
    if (row) row.downloads += 1;
    else daily.set(key, { day, itemKind: 'episode', itemId: episode.id, creatorId: '', parentId: episode.titleId, app, bot, downloads: 1 });
  };

  for (let start = Math.max(dayStart(published), dayStart(now) - (historyDays - 1) * dayMs); start <= now; start += dayMs) {
    const from = Math.max(start, published);
    const to = Math.min(start + dayMs, now);
    if (to <= from) continue;
    const age = (start - dayStart(published)) / dayMs;
    const expected = (peak * 0.5 ** (age / halfLifeDays) + tail) * between(random, 0.8, 1.2) * ((to - from) / dayMs);
    const humans = Math.round(expected);
    const bots = Math.floor(humans * botRate + random());
    const at = () => Math.floor(from + random() * (to - from));
    for (let index = 0; index < humans; index++) count(at(), pick(random, appShares), false);
    for (let index = 0; index < bots; index++) count(at(), pick(random, botShares), true);
  }
  return { windows, daily: [...daily.values()] };
}

/**
 * One started event's audience, in the shape the live domain writes: viewers arrive mostly in the first third and
 * stay a while; each minute's sample is the viewers watching then, and each viewer has a row per minute watched
 * (rolled up into `live_event_audiences` when the event ended before the retention cutoff).
 */
function eventAudience(creatorTag: string, event: { id: string; name: string; startDateTime: string; endDateTime: string | null }, now: number, sessionId: string) {
  const random = randomFor(`${creatorTag}:${event.name}`);
  const start = Math.ceil(Date.parse(event.startDateTime) / minuteMs) * minuteMs;
  const end = Math.min(event.endDateTime ? Date.parse(event.endDateTime) : start + 2 * 60 * minuteMs, now, start + maxLiveMinutes * minuteMs);
  const minutes = Math.max(0, Math.ceil((end - start) / minuteMs));
  if (minutes === 0) return null;
  const viewers = Math.max(3, Math.round(between(random, 0.8, 1.4) * Math.min(90, 12 + minutes * 0.6)));
  const watching = new Array<number>(minutes).fill(0);
  const watched: Array<typeof liveViewerMinutes.$inferInsert> = [];
  for (let viewer = 0; viewer < viewers; viewer++) {
    const viewerKey = keyFrom(random);
    // Arrivals peak a third of the way in (a triangular draw); stays are long-tailed.
    const arrival = Math.floor(minutes * (random() < 0.5 ? Math.sqrt(random()) / 3 : 1 - (2 / 3) * Math.sqrt(random())));
    const stay = Math.max(1, Math.round(-Math.log(1 - random()) * between(random, 10, 25)));
    for (let minute = arrival; minute < Math.min(minutes, arrival + stay); minute++) {
      watching[minute]! += 1;
      watched.push({ eventId: event.id, minute: iso(start + minute * minuteMs), viewerKey });
    }
  }
  const samples = watching.map((count, minute) => ({ sessionId, eventId: event.id, creatorId: '', at: iso(start + minute * minuteMs), viewers: count }));
  const rolledUp = end < now - retentionDays * dayMs;
  return { samples, minutes: rolledUp ? [] : watched, audience: rolledUp ? { uniqueViewers: new Set(watched.map((row) => row.viewerKey)).size, watchedSeconds: watched.length * 60 } : null };
}

async function hasRows(db: Db, creatorId: string, tables: 'downloads' | 'live'): Promise<boolean> {
  if (tables === 'downloads') {
    return !!(
      (await firstRow(db.select({ id: listenerWindows.id }).from(listenerWindows).where(eq(listenerWindows.creatorId, creatorId)).limit(1))) ??
      (await firstRow(db.select({ day: mediaDailyCounts.day }).from(mediaDailyCounts).where(eq(mediaDailyCounts.creatorId, creatorId)).limit(1)))
    );
  }
  return !!(
    (await firstRow(db.select({ at: liveViewerSamples.at }).from(liveViewerSamples).where(eq(liveViewerSamples.creatorId, creatorId)).limit(1))) ??
    (await firstRow(db.select({ id: liveEventAudiences.eventId }).from(liveEventAudiences).where(eq(liveEventAudiences.creatorId, creatorId)).limit(1)))
  );
}

/**
 * Demo audience numbers for the demo creators, generated deterministically from their episodes' and events' names:
 * downloads of their public episodes since publication (at most 90 days; listener windows for the last 29 days,
 * daily counts before, as the retention sweep keeps them), apps and a few bots; viewers of their events that have
 * started (an event streamed last week, seed/events.ts, under its ended session). A creator who already has downloads (or live audience rows) keeps them: a rerun adds nothing.
 */
export async function seedAnalytics(db: Db, now = new Date()): Promise<void> {
  const at = now.getTime();
  await db.transaction(async (tx) => {
    const creators = await tx
      .select({ id: users.id, email: users.email, creatorTag: users.creatorTag })
      .from(users)
      .where(inArray(users.email, demoCreators.map((creator) => creator.email)));
    for (const demo of demoCreators) {
      const creator = creators.find((row) => row.email === demo.email && row.creatorTag === demo.creatorTag);
      if (!creator) continue;

      if (!(await hasRows(tx, creator.id, 'downloads'))) {
        const episodes = await tx
          .select({
            id: podcastEpisodes.id,
            name: podcastEpisodes.name,
            titleId: podcastEpisodes.podcastTitleId,
            mediaBytes: podcastEpisodes.mediaBytes,
            durationSeconds: podcastEpisodes.durationSeconds,
            publishDate: podcastEpisodes.publishDate,
          })
          .from(podcastEpisodes)
          .innerJoin(podcastTitles, eq(podcastTitles.id, podcastEpisodes.podcastTitleId))
          .where(and(eq(podcastEpisodes.userId, creator.id), eq(podcastTitles.membersOnly, false), lte(podcastEpisodes.publishDate, iso(at))));
        for (const episode of episodes) {
          const { windows, daily } = episodeDownloads(demo.creatorTag, episode, at);
          await insertAll(
            windows.map((row) => ({ ...row, creatorId: creator.id })),
            (chunk) => tx.insert(listenerWindows).values(chunk),
          );
          await insertAll(
            daily.map((row) => ({ ...row, creatorId: creator.id })),
            (chunk) => tx.insert(mediaDailyCounts).values(chunk),
          );
        }
      }

      if (!(await hasRows(tx, creator.id, 'live'))) {
        const started = await tx
          .select({ id: events.id, name: events.name, startDateTime: events.startDateTime, endDateTime: events.endDateTime })
          .from(events)
          .where(and(eq(events.userId, creator.id), isNotNull(events.startDateTime), lte(events.startDateTime, iso(at))));
        for (const event of started) {
          // The samples name the event's live session when it has one (a broadcast seeded with the events).
          const session = await firstRow(tx.select({ id: liveSessions.id }).from(liveSessions).where(eq(liveSessions.eventId, event.id)).orderBy(asc(liveSessions.startedAt)).limit(1));
          const audience = eventAudience(demo.creatorTag, { ...event, startDateTime: event.startDateTime! }, at, session?.id ?? newId());
          if (!audience) continue;
          await insertAll(
            audience.samples.map((row) => ({ ...row, creatorId: creator.id })),
            (chunk) => tx.insert(liveViewerSamples).values(chunk),
          );
          await insertAll(audience.minutes, (chunk) => tx.insert(liveViewerMinutes).values(chunk));
          if (audience.audience) await tx.insert(liveEventAudiences).values({ eventId: event.id, creatorId: creator.id, ...audience.audience });
        }
      }
    }
  });
}
