import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import { firstRow } from '@db/store';
import { listenerWindows, liveEventAudiences, liveViewerMinutes, liveViewerSamples, mediaDailyCounts } from '@db/schema/analytics';
import { events } from '@db/schema/events';
import { podcastEpisodes } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { rollUpOldAudiences } from '@server/domains/analytics/retention';
import type { Services } from '@server/services';
import { seedAnalytics } from '../../seed/analytics';
import { seedDatabase } from '../../seed/seed';
import { callerAs, createTestApp, type TestApp } from '../helpers/app';

const dayMs = 24 * 3600_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('seeded demo analytics', () => {
  let test: TestApp;
  let maraId = '';
  const db = () => test.app.services.db;

  async function asMara() {
    const mara = (await firstRow(db().select().from(users).where(eq(users.email, 'mara@cuepoint.local'))))!;
    maraId = mara.id;
    const token = await test.app.services.tokens.issue({ userId: mara.id, role: mara.role, typ: 'user', tokenVersion: mara.tokenVersion });
    return callerAs(test.app, token);
  }

  /** The last `days` UTC days, today included (the dashboard's presets). */
  const lastDays = (days: number, now = Date.now()) => ({ from: day(now - (days - 1) * dayMs), to: day(now + dayMs) });

  async function startedEvents() {
    return db()
      .select()
      .from(events)
      .where(and(eq(events.userId, maraId), isNotNull(events.startDateTime), lte(events.startDateTime, new Date().toISOString())));
  }

  /** What mara's dashboard reads: downloads by day, episode and app for 7, 30 and 90 days, and each started event's audience. */
  async function dashboardNumbers(span: { from: string; to: string }[] = [lastDays(7), lastDays(30), lastDays(90)]) {
    const caller = await asMara();
    const downloads = [];
    for (const range of span) {
      for (const groupBy of ['day', 'episode', 'app'] as const) downloads.push(await caller.analytics.downloads({ ...range, groupBy }));
    }
    const live = [];
    for (const event of await startedEvents()) {
      const answer = await caller.analytics.live({ eventId: event.id });
      live.push({ peakViewers: answer.peakViewers, uniqueViewers: answer.uniqueViewers, averageWatchSeconds: answer.averageWatchSeconds, viewers: answer.viewersOverTime.map((sample) => sample.viewers) });
    }
    return { downloads, live };
  }

  async function clearAnalytics() {
    for (const table of [listenerWindows, mediaDailyCounts, liveViewerSamples, liveViewerMinutes, liveEventAudiences]) await db().delete(table);
  }

  beforeAll(async () => {
    test = await createTestApp();
    await seedDatabase(db(), test.config, { demoData: true, terms: false });
    await asMara();
  });
  afterAll(async () => test.close());

  it("shows mara believable downloads of her own episodes over 30 days, apps led by Apple Podcasts, bots apart", async () => {
    const caller = await asMara();
    const byDay = await caller.analytics.downloads({ ...lastDays(30), groupBy: 'day' });
    expect(byDay.total).toBeGreaterThan(100);
    expect(byDay.rows).toHaveLength(30);
    expect(byDay.rows.reduce((sum, row) => sum + row.downloads, 0)).toBe(byDay.total);
    expect(byDay.bots).toBeGreaterThan(0);
    expect(byDay.bots).toBeLessThan(byDay.total / 5);
    expect(byDay.basis).toBe('bytes');

    const maraEpisodes = await db().select().from(podcastEpisodes).where(eq(podcastEpisodes.userId, maraId));
    const byEpisode = await caller.analytics.downloads({ ...lastDays(30), groupBy: 'episode' });
    expect(byEpisode.rows.map((row) => row.label).sort()).toEqual(maraEpisodes.map((episode) => episode.name).sort());
    expect(byEpisode.rows.every((row) => row.downloads > 0)).toBe(true);

    const byApp = await caller.analytics.downloads({ ...lastDays(30), groupBy: 'app' });
    const apps = byApp.rows.map((row) => row.label);
    expect(apps[0]).toBe('Apple Podcasts');
    expect(apps).toEqual(expect.arrayContaining(['Apple Podcasts', 'Spotify', 'Overcast', 'Pocket Casts', 'AntennaPod', 'Browser']));
    expect(apps).not.toEqual(expect.arrayContaining(['Googlebot']));

    // Each episode peaks after its release and decays: its first full day beats its sixth.
    for (const episode of maraEpisodes) {
      const released = Date.parse(episode.publishDate);
      const curve = await caller.analytics.downloads({ from: day(released), to: day(released + 8 * dayMs), episodeId: episode.id });
      expect(curve.rows[1]!.downloads, episode.name).toBeGreaterThan(curve.rows[6]!.downloads);
      const before = await caller.analytics.downloads({ from: day(released - 5 * dayMs), to: day(released), episodeId: episode.id });
      expect(before.total, `${episode.name} before its release`).toBe(0);
    }

    // The week counts less than the month, the month less than the quarter (the back catalogue is 5 to 12 weeks old).
    const week = await caller.analytics.downloads({ ...lastDays(7), groupBy: 'day' });
    const quarter = await caller.analytics.downloads({ ...lastDays(90), groupBy: 'day' });
    expect(week.total).toBeGreaterThan(0);
    expect(week.total).toBeLessThan(byDay.total);
    expect(quarter.total).toBeGreaterThan(byDay.total);
  });

  it('counts the back catalogue in the 90 days from the daily counts the retention sweep keeps: its launch weeks are there', async () => {
    const caller = await asMara();
    const quarter = await caller.analytics.downloads({ ...lastDays(90), groupBy: 'day' });
    const month = await caller.analytics.downloads({ ...lastDays(30), groupBy: 'day' });
    expect(quarter.rows).toHaveLength(90);
    expect(quarter.rows.slice(-30)).toEqual(month.rows);
    // The days before the last 30 hold the older episodes' launches: more than their 30-day tails add up to.
    const before = quarter.rows.slice(0, 60).reduce((sum, row) => sum + row.downloads, 0);
    expect(before).toBe(quarter.total - month.total);
    expect(before).toBeGreaterThan(100);

    const older = (await db().select().from(podcastEpisodes).where(eq(podcastEpisodes.userId, maraId))).filter((episode) => Date.parse(episode.publishDate) < Date.now() - 30 * dayMs);
    expect(older.length).toBeGreaterThanOrEqual(2);
    const byEpisode = await caller.analytics.downloads({ ...lastDays(90), groupBy: 'episode' });
    for (const episode of older) {
      const inQuarter = byEpisode.rows.find((row) => row.key === episode.id)?.downloads ?? 0;
      const inMonth = (await caller.analytics.downloads({ ...lastDays(30), episodeId: episode.id })).total;
      expect(inMonth, episode.name).toBeGreaterThan(0);
      // Its launch, before the last 30 days, only counts in the 90.
      const launch = await caller.analytics.downloads({ from: day(Date.parse(episode.publishDate)), to: day(Date.parse(episode.publishDate) + 3 * dayMs), episodeId: episode.id });
      expect(launch.total, episode.name).toBeGreaterThan(0);
      expect(inQuarter, episode.name).toBe(inMonth + (await caller.analytics.downloads({ from: lastDays(90).from, to: lastDays(30).from, episodeId: episode.id })).total);
      expect(inQuarter - inMonth, episode.name).toBeGreaterThanOrEqual(launch.total);
    }
    // Those days come from the daily rollups, not from listener windows.
    expect((await db().select().from(mediaDailyCounts).where(eq(mediaDailyCounts.creatorId, maraId))).length).toBeGreaterThan(0);
  });

  it("gives her event streamed last week a peak, viewers, the chat written during it and the tips sent then", async () => {
    const caller = await asMara();
    const now = new Date().toISOString();
    const [past, ...others] = (await startedEvents()).filter((event) => event.endDateTime! < now);
    expect(others).toEqual([]);
    const live = await caller.analytics.live({ eventId: past!.id });
    expect(live.peakViewers).toBeGreaterThan(0);
    expect(live.uniqueViewers).toBeGreaterThanOrEqual(live.peakViewers);
    expect(live.viewersOverTime).toHaveLength(120);
    expect(live.viewersOverTime.at(-1)!.at < past!.endDateTime!).toBe(true);
    expect(live.chatMessages).toBeGreaterThan(0);
    expect(live.tipsCents).toBeGreaterThan(0);

    // The dashboard's event picker offers it after the event on now.
    const picker = await caller.analytics.liveEvents({});
    expect(picker.events.map((event) => event.name)).toEqual(['Around the Clock: deep house listening room', past!.name]);
  });

  it('gives her event that has started viewers per minute with a peak, unique viewers and a watch time', async () => {
    const caller = await asMara();
    const started = await startedEvents();
    expect(started.length).toBeGreaterThan(0);
    for (const event of started) {
      const live = await caller.analytics.live({ eventId: event.id });
      expect(live.peakViewers, event.name).toBeGreaterThan(0);
      expect(live.peakViewers).toBe(Math.max(...live.viewersOverTime.map((sample) => sample.viewers)));
      expect(live.peakAt).toBe(live.viewersOverTime.find((sample) => sample.viewers === live.peakViewers)!.at);
      expect(live.uniqueViewers).toBeGreaterThanOrEqual(live.peakViewers);
      expect(live.averageWatchSeconds).toBeGreaterThan(60);
      expect(live.viewersOverTime.length).toBeGreaterThan(10);
      for (const sample of live.viewersOverTime) {
        expect(sample.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
        expect(sample.at >= event.startDateTime!.slice(0, 16)).toBe(true);
        expect(Date.parse(sample.at)).toBeLessThanOrEqual(Date.now());
      }
    }
  });

  it('stores listener and viewer keys shaped like the salted hashes, never an address', async () => {
    const windows = await db().select({ key: listenerWindows.listenerKey }).from(listenerWindows);
    const minutes = await db().select({ key: liveViewerMinutes.viewerKey }).from(liveViewerMinutes);
    expect(windows.length).toBeGreaterThan(0);
    expect(minutes.length).toBeGreaterThan(0);
    for (const { key } of [...windows, ...minutes]) expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(new Set(windows.map((row) => row.key)).size).toBe(windows.length);
  });

  it('adds nothing when seeded again', async () => {
    const before = await dashboardNumbers();
    const rows = { windows: (await db().select().from(listenerWindows)).length, samples: (await db().select().from(liveViewerSamples)).length };
    await seedDatabase(db(), test.config, { demoData: true, terms: false });
    expect(await dashboardNumbers()).toEqual(before);
    expect({ windows: (await db().select().from(listenerWindows)).length, samples: (await db().select().from(liveViewerSamples)).length }).toEqual(rows);
  });

  it('yields the same numbers from the same data and time', async () => {
    const now = new Date();
    await clearAnalytics();
    await seedAnalytics(db(), now);
    const first = await dashboardNumbers();
    await clearAnalytics();
    await seedAnalytics(db(), now);
    expect(await dashboardNumbers()).toEqual(first);
  });

  it('writes days older than the kept 29 as the retention sweep does: totals are the same before and after a sweep', async () => {
    // Seeded as if 40 days had passed: the episodes' first weeks are daily counts, the rest listener windows.
    const later = Date.now() + 40 * dayMs;
    await clearAnalytics();
    await seedAnalytics(db(), new Date(later));
    expect((await db().select().from(mediaDailyCounts)).length).toBeGreaterThan(0);
    expect((await db().select().from(listenerWindows)).length).toBeGreaterThan(0);
    const span = [{ from: day(Date.now() - 30 * dayMs), to: day(later + dayMs) }];
    const seeded = await dashboardNumbers(span);
    expect(seeded.downloads[0]!.total).toBeGreaterThan(100);

    const removed = await rollUpOldAudiences({ db: db(), clock: { now: () => later + 10 * dayMs } as Services['clock'] });
    expect(removed).toBeGreaterThan(0);
    const swept = await dashboardNumbers(span);
    expect(swept).toEqual(seeded);
  });
});
