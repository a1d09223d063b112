import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { liveRecordings } from '@db/schema/live';
import { podcastEpisodes } from '@db/schema/podcasts';
import { enforceRecordingsBudget, recordingDir } from '@server/domains/live/live.service';
import type { ApiTokenScope } from '@server/domains/api-tokens/api-tokens.schemas';
import { liveMessages } from '@server/domains/live/live.schemas';
import { bearer, callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../../helpers/app';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((test) => test.close()));
});

async function app(env: Record<string, string> = {}) {
  const test = await createTestApp({ RTMP_HOST: '127.0.0.1', RTMP_PORT: '0', ...env });
  apps.push(test);
  return test.app;
}

async function apiToken(test: TestApp['app'], user: TestUser, scopes: ApiTokenScope[]): Promise<string> {
  return (await (await callerAs(test, user.token)).apiTokens.create({ name: scopes.join(' '), scopes })).token;
}

describe('live settings', () => {
  it('gives each creator one random key, shown to them; rotating replaces it', async () => {
    const live = await app({ PUBLIC_URL: 'https://cue.example.com' });
    const { port } = await live.services.live.start();
    const dj = await createUser(live, { role: 'dj' });
    const other = await createUser(live, { role: 'dj' });
    const settings = await (await callerAs(live, dj.token)).live.settings();
    expect(settings).toEqual({
      ingestUrl: `rtmp://cue.example.com:${port}/live`,
      streamKey: expect.stringMatching(/^live_[A-Za-z0-9_-]{32,}$/),
      enabled: true,
      reason: null,
      showViewerCount: true,
      recordingsMaxGb: 20,
    });
    expect((await (await callerAs(live, dj.token)).live.settings()).streamKey).toBe(settings.streamKey);
    expect((await (await callerAs(live, other.token)).live.settings()).streamKey).not.toBe(settings.streamKey);
    const rotated = await live.inject({ method: 'POST', url: '/api/live/rotate-key', headers: bearer(dj.token) });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().streamKey).toMatch(/^live_/);
    expect(rotated.json().streamKey).not.toBe(settings.streamKey);
    expect((await (await callerAs(live, dj.token)).live.settings()).streamKey).toBe(rotated.json().streamKey);

    const updated = await live.inject({ method: 'POST', url: '/api/live/settings', headers: bearer(dj.token), payload: { showViewerCount: false } });
    expect(updated.json()).toMatchObject({ showViewerCount: false });
    const event = await (await callerAs(live, dj.token)).events.create({ name: 'Later' });
    expect(await (await callerAs(live)).live.status({ eventId: event.id })).toEqual({ state: 'offline', viewers: null, startedAt: null });
    expect(await (await callerAs(live, dj.token)).live.status({ eventId: event.id })).toEqual({ state: 'offline', viewers: 0, startedAt: null });
    expect((await live.inject({ method: 'GET', url: `/api/live/status/${event.id}` })).json()).toEqual({ state: 'offline', viewers: null, startedAt: null });
    expect((await live.inject({ method: 'GET', url: '/api/live/status/nope' })).statusCode).toBe(404);
  });

  it('keeps the key from viewers, guests and API tokens without live:read', async () => {
    const live = await app();
    const dj = await createUser(live, { role: 'dj' });
    const viewer = await createUser(live, { role: 'viewer' });
    expect((await live.inject({ method: 'GET', url: '/api/live/settings' })).statusCode).toBe(401);
    expect((await live.inject({ method: 'GET', url: '/api/live/settings', headers: bearer(viewer.token) })).statusCode).toBe(403);

    const key = (await (await callerAs(live, dj.token)).live.settings()).streamKey;
    const reader = await apiToken(live, dj, ['live:read']);
    const read = await live.inject({ method: 'GET', url: '/api/live/settings', headers: bearer(reader) });
    expect(read.statusCode).toBe(200);
    expect(read.json().streamKey).toBe(key);
    expect((await live.inject({ method: 'POST', url: '/api/live/rotate-key', headers: bearer(reader) })).statusCode).toBe(403);

    const eventsOnly = await apiToken(live, dj, ['events:read', 'events:write']);
    const refused = await live.inject({ method: 'GET', url: '/api/live/settings', headers: bearer(eventsOnly) });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(key);

    const writer = await apiToken(live, dj, ['live:write']);
    expect((await live.inject({ method: 'GET', url: '/api/live/settings', headers: bearer(writer) })).statusCode).toBe(200);
    expect((await live.inject({ method: 'POST', url: '/api/live/rotate-key', headers: bearer(writer) })).statusCode).toBe(200);
  });
});

describe('ingest availability', () => {
  it('LIVE_INGEST=off: no listener, the reason on the settings, the app answers', async () => {
    const live = await app({ LIVE_INGEST: 'off' });
    expect(await live.services.live.start()).toEqual({ enabled: false, port: null, reason: liveMessages.ingestOff });
    const dj = await createUser(live, { role: 'dj' });
    expect(await (await callerAs(live, dj.token)).live.settings()).toMatchObject({ enabled: false, reason: liveMessages.ingestOff });
    expect(live.services.live.bannerLine()).toContain(liveMessages.ingestOff);
    expect((await live.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('without ffmpeg: ingest off with the reason, the app answers', async () => {
    const live = await app({ FFMPEG_PATH: '/nonexistent/ffmpeg' });
    expect(await live.services.live.start()).toMatchObject({ enabled: false, reason: liveMessages.ffmpegMissing });
    const dj = await createUser(live, { role: 'dj' });
    expect(await (await callerAs(live, dj.token)).live.settings()).toMatchObject({ enabled: false, reason: liveMessages.ffmpegMissing });
    expect(live.services.live.bannerLine()).toContain(liveMessages.ffmpegMissing);
    expect((await live.inject({ method: 'GET', url: '/api/live/dashboard', headers: bearer(dj.token) })).json()).toMatchObject({ state: 'offline', session: null });
  });
});

describe('RECORDINGS_MAX_GB', () => {
  it('past the budget deletes the oldest recordings not published as episodes, never the newest', async () => {
    // 3000 bytes
    const live = await app({ RECORDINGS_MAX_GB: String(3000 / 1024 ** 3) });
    const dj = await createUser(live, { role: 'dj' });
    const title = await (await callerAs(live, dj.token)).podcasts.createTitle({ name: 'Keep', isVideo: true });
    const rows = ['old-unpublished-1', 'old-published-01', 'mid-unpublished-2', 'newest-recording'].map((id, index) => ({
      id,
      userId: dj.id,
      status: 'ready' as const,
      parts: [],
      startedAt: new Date(Date.UTC(2025, 0, 1 + index)).toISOString(),
      sizeBytes: 1000,
      durationSeconds: 10,
    }));
    await live.services.db.insert(liveRecordings).values(rows);
    for (const row of rows) {
      mkdirSync(recordingDir(live.services.config.dataDir, row.id), { recursive: true });
      writeFileSync(join(recordingDir(live.services.config.dataDir, row.id), `${row.id}.mp4`), 'x');
    }
    // The second one became an episode (a real episode row: the column is a foreign key).
    await live.services.db
      .insert(podcastEpisodes)
      .values({ id: 'ep1', podcastTitleId: title.id, userId: dj.id, name: 'x', mediaUrl: '/uploads/x.mp4', mediaType: 'video/mp4', mediaBytes: 1, durationSeconds: 1, publishDate: new Date().toISOString() });
    await live.services.db.update(liveRecordings).set({ episodeId: 'ep1' }).where(eq(liveRecordings.id, 'old-published-01'));

    expect(await enforceRecordingsBudget(live.services, 'newest-recording')).toEqual(['old-unpublished-1']);
    const left = (await live.services.db.select({ id: liveRecordings.id }).from(liveRecordings)).map((row) => row.id).sort();
    expect(left).toEqual(['mid-unpublished-2', 'newest-recording', 'old-published-01']);
    expect(existsSync(recordingDir(live.services.config.dataDir, 'old-unpublished-1'))).toBe(false);
    expect(existsSync(recordingDir(live.services.config.dataDir, 'mid-unpublished-2'))).toBe(true);
  });
});
