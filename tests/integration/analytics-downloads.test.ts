import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsSalts, listenerWindows, mediaDailyCounts } from '@db/schema/analytics';
import { callerAs, createUser, type TestUser } from '../helpers/app';
import {
  agents,
  analyticsTestApp,
  countedAtOf,
  createTitle,
  dayMs,
  downloadsOf,
  episodeAudio,
  fetchMedia,
  hourMs,
  settle,
  thresholdOf,
  uploadEpisode,
  windowsOf,
  type AnalyticsTestApp,
  type UploadedEpisode,
} from '../helpers/analytics';
import { insertMembership, insertTier } from '../helpers/membership-rows';
import { useS3 } from '../engines/s3';

/*
 * The IAB Podcast Measurement rules as a listener meets them (issue 33): real requests for an episode's media, then
 * what the creator's numbers say (`analytics.downloads`, which settles the counting first) and the counted listener
 * windows behind them.
 */

const s3 = useS3();
const cdn = 'https://cdn.example.test/media';

interface Setup {
  t: AnalyticsTestApp;
  creator: TestUser;
  titleId: string;
}

async function setUp(env: Record<string, string> = {}, startMs?: number): Promise<Setup> {
  const t = await analyticsTestApp(env, startMs);
  const creator = await createUser(t.app, { role: 'dj' });
  const { id: titleId } = await createTitle(t.app, creator);
  return { t, creator, titleId };
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('IAB counting on the public media route', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp();
  });
  afterAll(() => s.t.close());

  const newEpisode = (seconds = 120, id3Bytes = 0) => uploadEpisode(s.t.app, s.creator, s.titleId, episodeAudio(seconds, id3Bytes));
  const get = (episode: UploadedEpisode, listener = {}, options = {}) => fetchMedia(s.t.app, episode.fileUrl, listener, options);
  const downloads = (episode: UploadedEpisode) => downloadsOf(s.t.app, s.creator, episode.id);

  it('counts a whole GET once; the same listener again within 24 hours adds nothing, another listener adds one', async () => {
    const episode = await newEpisode();
    const whole = await get(episode);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.length).toBe(episode.size);
    expect(await downloads(episode)).toMatchObject({ total: 1, bots: 0, basis: 'bytes' });

    await s.t.moveClock(s.t.clock.ms + 2 * hourMs);
    expect((await get(episode)).statusCode).toBe(200);
    expect((await get(episode, {}, { range: '0-' })).statusCode).toBe(206);
    expect((await downloads(episode)).total).toBe(1);
    expect(await countedAtOf(s.t.app, episode.id)).toHaveLength(1);

    expect((await get(episode, { address: '198.51.100.8' })).statusCode).toBe(200);
    expect((await downloads(episode)).total).toBe(2);
  });

  it('never counts a HEAD, a 304 (If-None-Match, If-Modified-Since) or a 404', async () => {
    const episode = await newEpisode();
    const head = await get(episode, {}, { method: 'HEAD' });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(episode.size);
    const etag = head.headers.etag as string;
    const lastModified = head.headers['last-modified'] as string;
    expect((await get(episode, {}, { headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    expect((await get(episode, {}, { headers: { 'if-modified-since': lastModified } })).statusCode).toBe(304);
    expect((await get(episode, {}, { headers: { 'if-none-match': etag }, range: '0-' })).statusCode).toBe(304);

    // An episode whose stored file is gone: its URL answers 404.
    const gone = await newEpisode(10);
    await s.t.app.services.storage.delete(`uploads/${gone.fileUrl.replace('/uploads/', '')}`);
    expect((await get(gone)).statusCode).toBe(404);

    await settle(s.t.app);
    expect(await windowsOf(s.t.app, episode.id)).toEqual([]);
    expect(await windowsOf(s.t.app, gone.id)).toEqual([]);
    expect((await downloads(episode)).total).toBe(0);
    expect((await downloads(gone)).total).toBe(0);
  });

  it('never counts bytes=0-1 nor any other range of 2 bytes or less, even where they would complete the file', async () => {
    // A file shorter than a minute: its threshold is the whole file.
    const short = await newEpisode(5);
    const rest = await get(short, {}, { range: '3-' });
    expect(rest.statusCode).toBe(206);
    for (const range of ['0-1', '0-0', '1-2', '2-2']) expect((await get(short, {}, { range })).statusCode).toBe(206);
    expect((await downloads(short)).total).toBe(0);
    expect((await windowsOf(s.t.app, short.id)).map((window) => window.unitsServed)).toEqual([short.size - 3]);
    // Three bytes are a real request: the file is now served whole.
    expect((await get(short, {}, { range: '0-2' })).statusCode).toBe(206);
    expect((await downloads(short)).total).toBe(1);

    // A probe alone leaves no trace at all.
    const episode = await newEpisode();
    expect((await get(episode, { address: '198.51.100.9' }, { range: '0-1' })).statusCode).toBe(206);
    await settle(s.t.app);
    expect(await windowsOf(s.t.app, episode.id)).toEqual([]);
  });

  it('counts ranges from separate requests once they cover the ID3 header and a minute of audio, overlaps summed once', async () => {
    const id3Bytes = 1_000;
    const episode = await newEpisode(120, id3Bytes);
    expect(episode.duration).toBe(120);
    const threshold = thresholdOf(episode, id3Bytes);
    // 32 kbit/s: a minute is 4,000 bytes a second (plus the tag's share of the file), and the tag on top.
    expect(threshold).toBe(id3Bytes + Math.ceil((60 * (480_000 + id3Bytes)) / 120));

    // One byte short of the threshold, in a single request: not a download.
    const short = { address: '198.51.100.10' };
    expect((await get(episode, short, { range: `0-${threshold - 2}` })).statusCode).toBe(206);
    expect((await downloads(episode)).total).toBe(0);

    // Overlapping ranges whose lengths add up past the threshold but which cover one byte less: not yet.
    const listener = { address: '198.51.100.11' };
    await get(episode, listener, { range: '0-99999' });
    await get(episode, listener, { range: `50000-${threshold - 2}` });
    expect((await downloads(episode)).total).toBe(0);
    // The next request covers the last byte needed: one download, and later ranges add no second.
    await get(episode, listener, { range: `${threshold - 10}-${threshold + 10_000}` });
    expect((await downloads(episode)).total).toBe(1);
    await get(episode, listener, { range: `${threshold + 10_000}-` });
    await get(episode, listener);
    expect((await downloads(episode)).total).toBe(1);
    const windows = await windowsOf(s.t.app, episode.id);
    expect(windows.map((window) => [window.countedAt !== null, window.unitsServed]).sort()).toEqual([
      [false, threshold - 1],
      [true, threshold + 10_001],
    ]);
  });

  it('counts a file shorter than the threshold once it is served whole', async () => {
    const episode = await newEpisode(20);
    expect(thresholdOf(episode)).toBe(episode.size);
    const partly = { address: '198.51.100.12' };
    expect((await get(episode, partly, { range: `0-${episode.size - 101}` })).statusCode).toBe(206);
    expect((await downloads(episode)).total).toBe(0);
    expect((await get(episode, partly, { range: `${episode.size - 100}-` })).statusCode).toBe(206);
    expect((await downloads(episode)).total).toBe(1);
    expect((await get(episode, { address: '198.51.100.13' })).statusCode).toBe(200);
    expect((await downloads(episode)).total).toBe(2);
  });

  it('counts bots apart: never in the downloads, in `bots` (a Googlebot, an opawg bot pattern)', async () => {
    const episode = await newEpisode();
    for (const userAgent of [agents.applePodcasts, agents.googlebot, agents.curl]) expect((await get(episode, { userAgent })).statusCode).toBe(200);
    expect(await downloads(episode)).toMatchObject({ total: 1, bots: 2 });
    const byApp = await downloadsOf(s.t.app, s.creator, episode.id, 'app');
    expect(byApp).toEqual({ total: 1, bots: 2, basis: 'bytes', rows: [{ key: 'Apple Podcasts', label: 'Apple Podcasts', downloads: 1 }] });
    const api = await callerAs(s.t.app, s.creator.token);
    expect((await api.analytics.itemCounts({ itemKind: 'episode', ids: [episode.id] })).counts).toEqual({ [episode.id]: 1 });
  });

  it('takes two IPv6 addresses of one /64 with the same app for one listener, another /64 for another', async () => {
    const episode = await newEpisode();
    for (const address of ['2001:db8:1:2::10', '2001:db8:1:2:abcd:ef01:2345:6789', '2001:0db8:0001:0002:0000:0000:0000:0001']) {
      expect((await get(episode, { address })).statusCode).toBe(200);
    }
    expect((await downloads(episode)).total).toBe(1);
    expect((await get(episode, { address: '2001:db8:1:3::10' })).statusCode).toBe(200);
    expect((await downloads(episode)).total).toBe(2);
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: one socket address is one listener whatever it claims', async () => {
    const episode = await newEpisode();
    for (const forwarded of ['203.0.113.1', '203.0.113.2', '203.0.113.3, 203.0.113.4']) {
      expect((await get(episode, { address: '198.51.100.14' }, { headers: { 'x-forwarded-for': forwarded } })).statusCode).toBe(200);
    }
    expect((await downloads(episode)).total).toBe(1);
  });

  it('counts a members-only episode at its member URL like public media', async () => {
    const { app } = s.t;
    const { id: privateTitleId } = await createTitle(app, s.creator, { name: 'Backstage', membersOnly: 'true' });
    const episode = await uploadEpisode(app, s.creator, privateTitleId, episodeAudio(120));
    const member = await createUser(app, { role: 'viewer' });
    const membership = await insertMembership(app, await insertTier(app, s.creator.id, { podcastTitleIds: [privateTitleId] }), member.id);
    // The creator's own app gets a signed /uploads URL; the plain one answers 404 (nothing counted).
    const plainUrl = episode.fileUrl.split('?')[0]!;
    const memberUrl = `/member-media/${membership.feedToken}/${episode.id}/${plainUrl.replace('/uploads/', '')}`;
    expect((await fetchMedia(app, plainUrl)).statusCode).toBe(404);
    expect((await fetchMedia(app, memberUrl, {}, { method: 'HEAD' })).statusCode).toBe(200);
    expect((await fetchMedia(app, memberUrl, { address: '198.51.100.15' }, { range: '0-1' })).statusCode).toBe(206);
    expect((await downloadsOf(app, s.creator, episode.id)).total).toBe(0);

    const whole = await fetchMedia(app, memberUrl);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.length).toBe(episode.size);
    expect((await fetchMedia(app, memberUrl, {}, { range: '0-' })).statusCode).toBe(206);
    expect((await downloadsOf(app, s.creator, episode.id)).total).toBe(1);
    // Ranges add up here too.
    const ranged = { address: '198.51.100.16' };
    await fetchMedia(app, memberUrl, ranged, { range: '0-99999' });
    expect((await downloadsOf(app, s.creator, episode.id)).total).toBe(1);
    await fetchMedia(app, memberUrl, ranged, { range: '100000-299999' });
    expect((await downloadsOf(app, s.creator, episode.id)).total).toBe(2);
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => s.t.close());

  it('takes the forwarded address for the listener', async () => {
    const episode = await uploadEpisode(s.t.app, s.creator, s.titleId, episodeAudio(120));
    const viaProxy = (forwarded: string) => fetchMedia(s.t.app, episode.fileUrl, { address: '127.0.0.1' }, { headers: { 'x-forwarded-for': forwarded } });
    expect((await viaProxy('203.0.113.1')).statusCode).toBe(200);
    expect((await viaProxy('203.0.113.1')).statusCode).toBe(200);
    expect((await downloadsOf(s.t.app, s.creator, episode.id)).total).toBe(1);
    expect((await viaProxy('203.0.113.2')).statusCode).toBe(200);
    expect((await downloadsOf(s.t.app, s.creator, episode.id)).total).toBe(2);
  });
});

describe('the 24-hour window', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp();
  });
  afterAll(() => s.t.close());

  it('keeps one download for a listener 23 hours later and counts a second 25 hours after the first request', async () => {
    const { t, creator } = s;
    const first = t.clock.ms;
    /** Requests at 0, 23 and 25 hours; counted in one sweep at the end, or settled after each (then checked). */
    const listen = async (startMs: number, settleEach: boolean) => {
      const episode = await uploadEpisode(t.app, creator, s.titleId, episodeAudio(120));
      const totals: number[] = [];
      for (const offset of [0, 23 * hourMs, 25 * hourMs]) {
        await t.moveClock(startMs + offset);
        expect((await fetchMedia(t.app, episode.fileUrl)).statusCode).toBe(200);
        if (settleEach) totals.push((await downloadsOf(t.app, creator, episode.id)).total);
      }
      await settle(t.app);
      return { episode, totals };
    };
    const batched = await listen(first, false);
    expect((await downloadsOf(t.app, creator, batched.episode.id)).total).toBe(2);
    expect(await countedAtOf(t.app, batched.episode.id)).toEqual([new Date(first).toISOString(), new Date(first + 25 * hourMs).toISOString()]);

    const second = first + 26 * hourMs;
    const stepwise = await listen(second, true);
    expect(stepwise.totals).toEqual([1, 1, 2]);
    expect(await countedAtOf(t.app, stepwise.episode.id)).toEqual([new Date(second).toISOString(), new Date(second + 25 * hourMs).toISOString()]);
  });
});

describe('the daily salt', () => {
  // 23:00 UTC yesterday: the listener's window starts an hour before the salt changes.
  const todayMs = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const start = todayMs - hourMs;
  let s: Setup;
  beforeAll(async () => {
    s = await setUp({}, start);
  });
  afterAll(() => s.t.close());

  it('keeps a listener’s window across midnight UTC (found under yesterday’s key) and deletes salts older than 48 hours', async () => {
    const { t, creator } = s;
    const episode = await uploadEpisode(t.app, creator, s.titleId, episodeAudio(120));
    const threshold = thresholdOf(episode);
    const whole = { userAgent: agents.overcast };
    const ranged = { userAgent: agents.antennaPod };
    expect((await fetchMedia(t.app, episode.fileUrl, whole)).statusCode).toBe(200);
    expect((await fetchMedia(t.app, episode.fileUrl, ranged, { range: '0-99999' })).statusCode).toBe(206);
    await settle(t.app);

    await t.moveClock(todayMs + 30 * 60_000);
    const salts = async () => (await t.app.services.db.select({ day: analyticsSalts.day }).from(analyticsSalts)).map((row) => row.day).sort();
    expect(await salts()).toEqual([utcDay(start), utcDay(todayMs)]);
    expect((await fetchMedia(t.app, episode.fileUrl, whole)).statusCode).toBe(200);
    expect((await fetchMedia(t.app, episode.fileUrl, ranged, { range: `100000-${threshold}` })).statusCode).toBe(206);
    // Each listener's window went on under yesterday's key: the whole GET added nothing, the ranges completed a download.
    expect((await downloadsOf(t.app, creator, episode.id, 'app')).rows).toEqual([
      { key: 'AntennaPod', label: 'AntennaPod', downloads: 1 },
      { key: 'Overcast', label: 'Overcast', downloads: 1 },
    ]);
    expect(await windowsOf(t.app, episode.id)).toHaveLength(2);
    expect((await countedAtOf(t.app, episode.id)).sort()).toEqual([new Date(start).toISOString(), new Date(todayMs + 30 * 60_000).toISOString()]);

    // Two days on, the first salt (made at 23:00, 48.5 hours ago) is gone; yesterday's (00:30, 47 hours ago) stays.
    await t.moveClock(todayMs + dayMs + 23.5 * hourMs);
    expect(await salts()).toEqual([utcDay(todayMs), utcDay(todayMs + dayMs)]);
  });
});

describe('redirect mode (MEDIA_PUBLIC_URL)', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp({ ...s3.current.env, MEDIA_PUBLIC_URL: `${cdn}/` });
  });
  afterAll(() => s.t.close());

  it('counts each redirected GET but bytes=0-1 once per listener per 24 hours, on a request basis', async () => {
    const { t, creator } = s;
    const episode = await uploadEpisode(t.app, creator, s.titleId, episodeAudio(120));
    const redirected = async (listener = {}, options = {}) => {
      const response = await fetchMedia(t.app, episode.fileUrl, listener, options);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`${cdn}${episode.fileUrl}`);
    };
    await redirected({}, { method: 'HEAD' });
    await redirected({ address: '198.51.100.20' }, { range: '0-1' });
    expect(await downloadsOf(t.app, creator, episode.id)).toMatchObject({ total: 0, basis: 'bytes' });

    // The CDN serves the bytes: one request that is not a probe counts, whatever its range.
    await redirected({}, { range: '0-9' });
    await redirected();
    await redirected({ address: '198.51.100.21' });
    expect(await downloadsOf(t.app, creator, episode.id)).toMatchObject({ total: 2, basis: 'requests' });
    expect((await windowsOf(t.app, episode.id)).map((window) => window.mode)).toEqual(['request', 'request']);

    const start = t.clock.ms;
    await t.moveClock(start + 23 * hourMs);
    await redirected();
    expect((await downloadsOf(t.app, creator, episode.id)).total).toBe(2);
    await t.moveClock(start + 25 * hourMs);
    await redirected({}, { range: '0-1' });
    expect((await downloadsOf(t.app, creator, episode.id)).total).toBe(2);
    await redirected();
    expect((await downloadsOf(t.app, creator, episode.id)).total).toBe(3);
  });
});

describe('retention', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp();
  });
  afterAll(() => s.t.close());

  it('rolls windows older than 30 days into daily counts and deletes them; the totals stay the same', async () => {
    const { t, creator } = s;
    const episode = await uploadEpisode(t.app, creator, s.titleId, episodeAudio(120));
    const start = t.clock.ms;
    expect((await fetchMedia(t.app, episode.fileUrl, { userAgent: agents.overcast })).statusCode).toBe(200);
    expect((await fetchMedia(t.app, episode.fileUrl, { userAgent: agents.applePodcasts })).statusCode).toBe(200);
    expect((await fetchMedia(t.app, episode.fileUrl, { userAgent: agents.googlebot })).statusCode).toBe(200);
    expect((await fetchMedia(t.app, episode.fileUrl, { userAgent: agents.antennaPod }, { range: '0-999' })).statusCode).toBe(206);
    await t.moveClock(start + 20 * dayMs);
    expect((await fetchMedia(t.app, episode.fileUrl, { userAgent: agents.overcast })).statusCode).toBe(200);
    await settle(t.app);

    const before = { byDay: await downloadsOf(t.app, creator, episode.id), byApp: await downloadsOf(t.app, creator, episode.id, 'app') };
    expect(before.byDay).toMatchObject({ total: 3, bots: 1 });
    expect(await windowsOf(t.app, episode.id)).toHaveLength(5);

    // Not yet 30 days: nothing moves.
    await t.moveClock(start + 29 * dayMs);
    expect(await t.app.services.analytics.retainNow()).toBe(0);

    await t.moveClock(start + 31 * dayMs);
    expect(await t.app.services.analytics.retainNow()).toBe(4);
    expect((await windowsOf(t.app, episode.id)).map((window) => window.startedAt)).toEqual([new Date(start + 20 * dayMs).toISOString()]);
    const daily = await t.app.services.db.select().from(mediaDailyCounts).where(eq(mediaDailyCounts.itemId, episode.id));
    expect(daily.map((row) => [row.day, row.app, row.bot, row.downloads]).sort()).toEqual([
      [utcDay(start), 'Apple Podcasts', false, 1],
      [utcDay(start), 'Googlebot', true, 1],
      [utcDay(start), 'Overcast', false, 1],
    ]);
    expect({ byDay: await downloadsOf(t.app, creator, episode.id), byApp: await downloadsOf(t.app, creator, episode.id, 'app') }).toEqual(before);
    expect(await t.app.services.db.select().from(listenerWindows).where(eq(listenerWindows.itemId, episode.id))).toHaveLength(1);
  });
});
