import { afterEach, describe, expect, it } from 'vitest';
import { eventBadge } from '@common/event-badge';
import { callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../../helpers/app';
import { publishTestStream, startIngest, stopAllPublishers, waitFor } from '../../helpers/live';

const graceMs = 1500;
const apps: TestApp[] = [];
afterEach(async () => {
  await stopAllPublishers();
  await Promise.all(apps.splice(0).map((test) => test.close()));
});

async function liveApp() {
  const test = await createTestApp({ RTMP_HOST: '127.0.0.1', RTMP_PORT: '0' }, { live: { reconnectGraceMs: graceMs } });
  apps.push(test);
  const port = await startIngest(test.app);
  return { app: test.app, port };
}

type App = TestApp['app'];

async function badgeOf(app: App, eventId: string) {
  const [answer] = await (await callerAs(app)).live.badges({ eventIds: [eventId] });
  return answer!;
}

async function eventAt(app: App, creator: TestUser, name: string, startOffsetMs: number, endOffsetMs: number, extra: { isPremium?: boolean; premiumPrice?: number } = {}) {
  const now = Date.now();
  return (await callerAs(app, creator.token)).events.create({
    name,
    startDateTime: new Date(now + startOffsetMs).toISOString(),
    endDateTime: new Date(now + endOffsetMs).toISOString(),
    ...extra,
  });
}

describe('live.badges: the on-air state badges follow', () => {
  it('is offline before the publish, live while on air and through the reconnect grace, ended after it (tRPC and REST)', async () => {
    const { app, port } = await liveApp();
    const dj = await createUser(app, { role: 'dj', creatorTag: 'badge_dj' });
    // On now by the schedule: the schedule alone never makes it LIVE.
    const event = await eventAt(app, dj, 'Scheduled now', -60_000, 3600_000);
    expect(await badgeOf(app, event.id)).toEqual({ eventId: event.id, onAir: 'offline', streamProvider: null });
    expect(eventBadge({ ...event, onAir: 'offline', streamProvider: null }).text).toBe('Starting soon');
    expect((await app.inject({ method: 'GET', url: '/m/badge_dj/' })).body).toContain('data-badge="starting-soon">Starting soon</span>');

    const key = (await (await callerAs(app, dj.token)).live.settings()).streamKey;
    const publisher = publishTestStream(port, key);
    await waitFor('the event on air', async () => (await badgeOf(app, event.id)).onAir === 'live');
    const rest = await app.inject({ method: 'GET', url: `/api/live/badges?eventIds=${event.id},unknown-id` });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toEqual([{ eventId: event.id, onAir: 'live', streamProvider: null }]);
    expect(eventBadge({ ...event, onAir: 'live', streamProvider: null }).text).toBe('LIVE');
    // The creator's app page (/m/{tag}/, rendered on the server) says so too.
    expect((await app.inject({ method: 'GET', url: '/m/badge_dj/' })).body).toContain('data-badge="live">LIVE</span>');

    // The publisher stops: still on air within the ingest's reconnect grace, then ended.
    const stoppedAt = Date.now();
    await publisher.stop();
    expect((await badgeOf(app, event.id)).onAir).toBe('live');
    await waitFor('the session to end after the grace', async () => (await badgeOf(app, event.id)).onAir === 'ended', 10_000);
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(graceMs - 200);
    expect(eventBadge({ ...event, onAir: 'ended', streamProvider: null }).text).toBe('Ended');
    expect(await (await callerAs(app)).live.status({ eventId: event.id })).toMatchObject({ state: 'ended' });
  });

  it('names the external provider of the event it plays on, never its URL; a free event plays none while a premium one is not over', async () => {
    const { app } = await liveApp();
    const url = 'https://www.youtube.com/watch?v=abcdefghijk';
    const dj = await createUser(app, { role: 'dj', creatorTag: 'yt_dj', streamValue: url });
    const free = await eventAt(app, dj, 'Free show', -60_000, 3600_000);
    const first = await (await callerAs(app)).live.badges({ eventIds: [free.id] });
    expect(first).toEqual([{ eventId: free.id, onAir: 'offline', streamProvider: 'YouTube' }]);
    expect(eventBadge({ ...free, onAir: 'offline', streamProvider: 'YouTube' }).text).toBe('Streaming from YouTube');

    const premium = await eventAt(app, dj, 'Premium show', 3600_000, 7200_000, { isPremium: true, premiumPrice: 5 });
    const answer = await app.inject({ method: 'GET', url: `/api/live/badges?eventIds=${free.id}&eventIds=${premium.id}` });
    expect(answer.json()).toEqual([
      { eventId: free.id, onAir: 'offline', streamProvider: null },
      { eventId: premium.id, onAir: 'offline', streamProvider: 'YouTube' },
    ]);
    expect(answer.body).not.toContain('abcdefghijk');
  });

  it('refuses bad input with a clear 400', async () => {
    const { app } = await liveApp();
    const missing = await app.inject({ method: 'GET', url: '/api/live/badges' });
    expect(missing.statusCode).toBe(400);
    const tooMany = await app.inject({ method: 'GET', url: `/api/live/badges?eventIds=${Array.from({ length: 101 }, (_, index) => `e${index}`).join(',')}` });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('At most 100 events at once');
  });
});
