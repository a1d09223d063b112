import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveViewerMinutes, liveViewerSamples } from '@db/schema/analytics';
import { chatMessages } from '@db/schema/chat';
import { events } from '@db/schema/events';
import { liveRecordings, liveSessions } from '@db/schema/live';
import { payments } from '@db/schema/payments';
import { users } from '@db/schema/users';
import { analyticsMessages } from '@server/domains/analytics/analytics.schemas';
import { liveAnalytics } from '@server/domains/analytics/live-audience';
import { rollUpOldLiveAudiences } from '@server/domains/analytics/live-retention';
import { LiveSessions } from '@server/domains/live/live.sessions';
import { recordingKey, sessionFolderKey } from '@server/domains/live/live.service';
import { newId } from '@server/lib/ids';
import type { Actor } from '@server/platform/actor';
import type { MediaAudience, ServedMedia } from '@server/platform/media-audience';
import { createTestApp, createUser, type TestApp, type TestUser } from '../helpers/app';

const apps: TestApp[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(apps.splice(0).map((test) => test.close()));
});

/** A clock the test moves: starts 5 s into the current minute. */
function testClock() {
  const clock = { ms: Math.floor(Date.now() / 60_000) * 60_000 + 5_000, now: () => clock.ms };
  return clock;
}

async function setUp() {
  const clock = testClock();
  const test = await createTestApp({}, { clock });
  apps.push(test);
  const { app } = test;
  const dj = await createUser(app, { role: 'dj' });
  return { app, clock, dj, test };
}

async function actorOf(app: FastifyInstance, user: TestUser): Promise<Actor> {
  const [row] = await app.services.db.select().from(users).where(eq(users.id, user.id));
  return { id: user.id, role: user.role, typ: 'user', issuedAt: 0, token: user.token, user: row! };
}

async function eventOf(app: FastifyInstance, userId: string, isPremium = false): Promise<string> {
  const id = newId();
  await app.services.db.insert(events).values({ id, userId, name: 'Friday set', isPremium, premiumPriceCents: isPremium ? 500 : 0 });
  return id;
}

/** A session of the event with a playlist in the storage (live unless `endedAt`). */
async function sessionOf(app: FastifyInstance, userId: string, eventId: string, startedAt: string, endedAt: string | null = null): Promise<string> {
  const id = newId(16);
  await app.services.db.insert(liveSessions).values({ id, userId, eventId, state: endedAt ? 'ended' : 'live', startedAt, endedAt });
  await app.services.storage.put(`${sessionFolderKey(id)}index.m3u8`, '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\nseg-1.ts\n');
  return id;
}

function fetchPlaylist(app: FastifyInstance, sessionId: string, address: string, userAgent = 'AppleCoreMedia/1.0', token?: string) {
  return app.inject({
    method: 'GET',
    url: `/live/${sessionId}/index.m3u8${token ? `?token=${token}` : ''}`,
    remoteAddress: address,
    headers: { 'user-agent': userAgent },
  });
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('live audience: samples and viewer minutes', () => {
  it('samples each live session once a minute, across two sessions of the event, in order, with the peak', async () => {
    const { app, clock, dj } = await setUp();
    const eventId = await eventOf(app, dj.id);
    const counts: Record<string, number> = {};
    vi.spyOn(LiveSessions.prototype, 'viewerCount').mockImplementation(async (sessionId: string) => counts[sessionId] ?? 0);
    const first = await sessionOf(app, dj.id, eventId, iso(clock.ms));
    const minute0 = iso(clock.ms - 5_000);
    counts[first] = 3;
    await app.services.live.audience.sampleNow();
    clock.ms += 20_000;
    counts[first] = 9;
    await app.services.live.audience.sampleNow(); // the same minute: the first sample stays
    clock.ms += 40_000;
    counts[first] = 5;
    await app.services.live.audience.sampleNow();
    await app.services.db.update(liveSessions).set({ state: 'ended', endedAt: iso(clock.ms) }).where(eq(liveSessions.id, first));
    clock.ms += 60_000;
    const second = await sessionOf(app, dj.id, eventId, iso(clock.ms));
    counts[second] = 7;
    await app.services.live.audience.sampleNow();

    const answer = await liveAnalytics(app.services, await actorOf(app, dj), { eventId });
    expect(answer.viewersOverTime).toEqual([
      { at: minute0, viewers: 3 },
      { at: iso(Date.parse(minute0) + 60_000), viewers: 5 },
      { at: iso(Date.parse(minute0) + 120_000), viewers: 7 },
    ]);
    expect(answer).toMatchObject({ peakViewers: 7, peakAt: iso(Date.parse(minute0) + 120_000) });
    const rows = await app.services.db.select().from(liveViewerSamples).where(eq(liveViewerSamples.eventId, eventId));
    expect(rows.map((row) => row.sessionId).sort()).toEqual([first, first, second].sort());
  });

  it('counts one viewer fetching the playlist in three minutes as 3 minutes and 1 unique; a second viewer adds one', async () => {
    const { app, clock, dj } = await setUp();
    const eventId = await eventOf(app, dj.id);
    const sessionId = await sessionOf(app, dj.id, eventId, iso(clock.ms));
    for (let minute = 0; minute < 3; minute += 1) {
      for (let fetch = 0; fetch < 5; fetch += 1) expect((await fetchPlaylist(app, sessionId, '198.51.100.20')).statusCode).toBe(200);
      if (minute === 0) await fetchPlaylist(app, sessionId, '198.51.100.21', 'Mozilla/5.0 Firefox');
      clock.ms += 60_000;
    }
    await app.services.live.audience.flush();
    const minutes = await app.services.db.select().from(liveViewerMinutes).where(eq(liveViewerMinutes.eventId, eventId));
    expect(minutes).toHaveLength(4);
    const answer = await liveAnalytics(app.services, await actorOf(app, dj), { eventId });
    // 4 minutes watched by 2 viewers: 120 s each on average.
    expect(answer).toMatchObject({ uniqueViewers: 2, averageWatchSeconds: 120 });
  });

  it('counts a signed-in viewer (premium token) once across two addresses', async () => {
    const { app, clock, dj } = await setUp();
    const viewer = await createUser(app, { role: 'viewer' });
    const eventId = await eventOf(app, dj.id, true);
    const sessionId = await sessionOf(app, dj.id, eventId, iso(clock.ms));
    const { token } = app.services.live.tokens.mint(viewer.id, eventId, 'live', sessionId);
    expect((await fetchPlaylist(app, sessionId, '198.51.100.30', 'Safari', token)).statusCode).toBe(200);
    expect((await fetchPlaylist(app, sessionId, '2001:db8:1:2::30', 'Chrome', token)).statusCode).toBe(200);
    clock.ms += 60_000;
    expect((await fetchPlaylist(app, sessionId, '198.51.100.31', 'Chrome', token)).statusCode).toBe(200);
    await app.services.live.audience.flush();
    const answer = await liveAnalytics(app.services, await actorOf(app, dj), { eventId });
    expect(answer).toMatchObject({ uniqueViewers: 1, averageWatchSeconds: 120 });
  });

  it('stores no client address (database and data folder)', async () => {
    const { app, clock, dj, test } = await setUp();
    const eventId = await eventOf(app, dj.id);
    const sessionId = await sessionOf(app, dj.id, eventId, iso(clock.ms));
    await fetchPlaylist(app, sessionId, '203.0.113.77', 'Mozilla/5.0 (UniqueAgent 9.9)');
    await fetchPlaylist(app, sessionId, '2001:db8:77:1::5', 'Mozilla/5.0 (UniqueAgent 9.9)');
    await app.services.live.audience.flush();
    await app.services.live.audience.sampleNow();
    expect(await app.services.db.select().from(liveViewerMinutes)).toHaveLength(2);
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));
    for (const file of files(test.dataDir)) {
      const bytes = readFileSync(file).toString('latin1');
      expect(bytes).not.toContain('203.0.113.77');
      expect(bytes).not.toContain('2001:db8:77');
      expect(bytes).not.toContain('UniqueAgent');
    }
  });
});

describe('live audience: who reads it, money and chat while live, retention', () => {
  it('answers NOT_FOUND for another creator’s event or an unknown id; an admin reads any event (creatorId checked)', async () => {
    const { app, clock, dj } = await setUp();
    const other = await createUser(app, { role: 'dj' });
    const admin = await createUser(app, { role: 'admin' });
    const eventId = await eventOf(app, dj.id);
    await sessionOf(app, dj.id, eventId, iso(clock.ms));
    await app.services.live.audience.sampleNow();
    const notFound = { code: 'NOT_FOUND', message: analyticsMessages.eventNotFound };
    await expect(liveAnalytics(app.services, await actorOf(app, other), { eventId })).rejects.toMatchObject(notFound);
    await expect(liveAnalytics(app.services, await actorOf(app, dj), { eventId: 'no-such-event' })).rejects.toMatchObject(notFound);
    await expect(liveAnalytics(app.services, await actorOf(app, dj), { eventId, creatorId: other.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: analyticsMessages.creatorNotFound });
    const adminActor = await actorOf(app, admin);
    await expect(liveAnalytics(app.services, adminActor, { eventId })).resolves.toMatchObject({ eventId, viewersOverTime: [{ viewers: 0 }] });
    await expect(liveAnalytics(app.services, adminActor, { eventId, creatorId: dj.id })).resolves.toMatchObject({ eventId });
    await expect(liveAnalytics(app.services, adminActor, { eventId, creatorId: other.id })).rejects.toMatchObject(notFound);
  });

  it('counts chat messages and tips while live, tickets of all time', async () => {
    const { app, clock, dj } = await setUp();
    const fan = await createUser(app, { role: 'user' });
    const eventId = await eventOf(app, dj.id);
    const start = clock.ms;
    await sessionOf(app, dj.id, eventId, iso(start), iso(start + 3_600_000));
    const chat = (at: number, deleted = false) => ({
      id: newId(),
      eventId,
      userId: fan.id,
      displayName: 'Fan',
      text: 'hi',
      createdAt: iso(at),
      deletedId: deleted ? newId() : null,
    });
    await app.services.db.insert(chatMessages).values([chat(start - 60_000), chat(start + 60_000), chat(start + 120_000), chat(start + 180_000, true)]);
    const payment = (kind: 'tip' | 'paywall', amountCents: number, at: number, status: 'succeeded' | 'failed' = 'succeeded') => ({
      id: newId(),
      kind,
      provider: 'local' as const,
      status,
      amountCents,
      feeCents: 30,
      payerId: fan.id,
      creatorId: dj.id,
      eventId: kind === 'paywall' ? eventId : null,
      description: kind,
      succeededAt: status === 'succeeded' ? iso(at) : null,
    });
    await app.services.db
      .insert(payments)
      .values([
        payment('tip', 500, start + 60_000),
        payment('tip', 700, start + 7_200_000),
        payment('tip', 900, start + 60_000, 'failed'),
        payment('paywall', 1000, start - 86_400_000),
        payment('paywall', 1000, start + 90_000_000),
      ]);
    const answer = await liveAnalytics(app.services, await actorOf(app, dj), { eventId });
    expect(answer).toMatchObject({ chatMessages: 2, tipsCents: 500, ticketsCents: 2000, replayPlays: 0 });
  });

  it('rolls up the viewer minutes of events ended before the cutoff: same numbers, minutes deleted', async () => {
    const { app, clock, dj } = await setUp();
    const eventId = await eventOf(app, dj.id);
    const liveEventId = await eventOf(app, dj.id);
    const sessionId = await sessionOf(app, dj.id, eventId, iso(clock.ms));
    const liveSessionId = await sessionOf(app, dj.id, liveEventId, iso(clock.ms));
    for (let minute = 0; minute < 3; minute += 1) {
      await fetchPlaylist(app, sessionId, '198.51.100.40');
      if (minute < 1) await fetchPlaylist(app, sessionId, '198.51.100.41');
      await fetchPlaylist(app, liveSessionId, '198.51.100.40');
      clock.ms += 60_000;
    }
    await app.services.live.audience.flush();
    await app.services.db.update(liveSessions).set({ state: 'ended', endedAt: iso(clock.ms) }).where(eq(liveSessions.id, sessionId));
    const actor = await actorOf(app, dj);
    const before = await liveAnalytics(app.services, actor, { eventId });
    expect(before).toMatchObject({ uniqueViewers: 2, averageWatchSeconds: 120 });

    // A cutoff before the end keeps everything.
    await rollUpOldLiveAudiences(app.services.db, iso(clock.ms - 1));
    expect(await app.services.db.select().from(liveViewerMinutes).where(eq(liveViewerMinutes.eventId, eventId))).toHaveLength(4);
    await rollUpOldLiveAudiences(app.services.db, iso(clock.ms + 1));
    expect(await app.services.db.select().from(liveViewerMinutes).where(eq(liveViewerMinutes.eventId, eventId))).toHaveLength(0);
    // The event still live keeps its minutes.
    expect(await app.services.db.select().from(liveViewerMinutes).where(eq(liveViewerMinutes.eventId, liveEventId))).toHaveLength(3);
    const after = await liveAnalytics(app.services, actor, { eventId });
    expect(after).toEqual(before);
  });
});

describe('replays', () => {
  it('tells the audience port the seconds of the recording a replay GET served', async () => {
    const { app, clock, dj } = await setUp();
    const eventId = await eventOf(app, dj.id);
    const recordingId = newId(16);
    await app.services.db
      .insert(liveRecordings)
      .values({ id: recordingId, userId: dj.id, eventId, status: 'ready', parts: [], startedAt: iso(clock.ms), durationSeconds: 100, sizeBytes: 1000 });
    await app.services.storage.put(recordingKey(recordingId), Buffer.alloc(1000, 7));
    const served: ServedMedia[] = [];
    const fake: MediaAudience = { served: (_request, media) => served.push(media) };
    app.services.mediaAudience = fake;
    const url = `/live/replays/${recordingId}.mp4`;

    expect((await app.inject({ method: 'GET', url, headers: { range: 'bytes=100-299' } })).statusCode).toBe(206);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await app.inject({ method: 'HEAD', url })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url, headers: { range: 'bytes=0-1' } })).statusCode).toBe(206);
    const etag = (await app.inject({ method: 'HEAD', url })).headers.etag as string;
    expect((await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    expect(served).toEqual([
      { kind: 'replay-segment', recordingId, startSecond: 10, endSecond: 30, totalSeconds: 100 },
      { kind: 'replay-segment', recordingId, startSecond: 0, endSecond: 100, totalSeconds: 100 },
    ]);
  });
});
