import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { firstRow } from '@db/store';
import { eventAccess, events } from '@db/schema/events';
import { users } from '@db/schema/users';
import { pushNotifications } from '@db/schema/push';
import { liveMessages } from '@server/domains/live/live.schemas';
import { callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../../helpers/app';
import { channelOf } from '@server/domains/live/live.keys';
import { startReceiver } from '../../helpers/webhook-receiver';
import { publishTestStream, runningPublishers, startIngest, stopAllPublishers, waitFor } from '../../helpers/live';

const apps: TestApp[] = [];
afterEach(async () => {
  await stopAllPublishers();
  await Promise.all(apps.splice(0).map((test) => test.close()));
});

async function liveApp(env: Record<string, string> = {}, logStream?: NodeJS.WritableStream) {
  const test = await createTestApp({ RTMP_HOST: '127.0.0.1', RTMP_PORT: '0', ...env }, { live: { reconnectGraceMs: 1000 }, ...(logStream && { logStream }) });
  apps.push(test);
  const port = await startIngest(test.app);
  return { test, app: test.app, port };
}

async function keyOf(app: TestApp['app'], user: TestUser): Promise<string> {
  return (await (await callerAs(app, user.token)).live.settings()).streamKey;
}

async function waitLive(app: TestApp['app'], user: TestUser) {
  return waitFor('the creator to be live', async () => {
    const dashboard = await (await callerAs(app, user.token)).live.dashboard();
    return dashboard.state === 'live' ? dashboard.session! : null;
  });
}

function ffprobeStreams(path: string): string[] {
  const out = execFileSync('ffprobe', ['-v', 'error', '-of', 'json', '-show_streams', path], { encoding: 'utf8' });
  return (JSON.parse(out) as { streams: { codec_name: string }[] }).streams.map((stream) => stream.codec_name);
}

async function premiumEventOnNow(app: TestApp['app'], creator: TestUser, name = 'Premium show') {
  const now = Date.now();
  return (await callerAs(app, creator.token)).events.create({
    name,
    startDateTime: new Date(now - 60_000).toISOString(),
    endDateTime: new Date(now + 3600_000).toISOString(),
    isPremium: true,
    premiumPrice: 5,
  });
}

describe('going live from an encoder', () => {
  it("tells the creator's webhooks and fans: the spot event, stream.started, one go-live notification, then stream.ended with the recording", async () => {
    const receiver = await startReceiver();
    try {
      const { app, port } = await liveApp();
      const host = await createUser(app, { role: 'admin', displayName: 'House Hooks', creatorTag: 'house_hooks' });
      await (await callerAs(app, host.token)).webhooks.create({ url: receiver.url, events: ['event.created', 'event.live', 'stream.started', 'stream.ended'] });
      const publisher = publishTestStream(port, await keyOf(app, host));
      const session = await waitLive(app, host);
      await receiver.waitFor(3);
      const ofType = (type: string) => receiver.received.filter((request) => request.body.type === type).map((request) => request.body.data);
      expect(ofType('event.created')).toEqual([expect.objectContaining({ id: session.eventId, name: 'House Hooks is live', isActive: true })]);
      expect(ofType('event.live')).toEqual([expect.objectContaining({ id: session.eventId })]);
      expect(ofType('stream.started')).toEqual([{ sessionId: session.id, eventId: session.eventId, eventName: 'House Hooks is live', startedAt: session.startedAt }]);
      const announced = await app.services.db.select().from(pushNotifications).where(eq(pushNotifications.eventId, session.eventId));
      expect(announced.map((row) => [row.kind, row.title])).toEqual([['event_live', 'House Hooks is live: House Hooks is live']]);

      await publisher.stop();
      await receiver.waitFor(4, 15_000);
      expect(ofType('stream.ended')).toEqual([
        { sessionId: session.id, eventId: session.eventId, startedAt: session.startedAt, endedAt: expect.any(String), recordingId: expect.any(String) },
      ]);
    } finally {
      await receiver.close();
    }
  });

  it('makes a spot event live: playlist within 10 s, a segment that decodes, status live, free playback open with CORS *, the key never logged', async () => {
    let logs = '';
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    });
    const { test, app, port } = await liveApp({ LOG_LEVEL: 'info' }, logStream);
    const dj = await createUser(app, { role: 'dj', displayName: 'DJ Spot' });
    const key = await keyOf(app, dj);
    const started = Date.now();
    publishTestStream(port, key);
    const session = await waitLive(app, dj);
    expect(session.eventName).toBe('DJ Spot is live');
    const event = (await firstRow(app.services.db.select().from(events).where(eq(events.id, session.eventId))))!;
    expect(event).toMatchObject({ isActive: true, isPremium: false });
    expect(Date.parse(event.endDateTime!) - Date.parse(event.startDateTime!)).toBe(4 * 3600_000);

    const stream = await (await callerAs(app)).events.stream({ eventId: session.eventId });
    expect(stream).toEqual({ kind: 'hls', url: `/live/${session.id}/index.m3u8`, live: true, expiresAt: null });

    const playlist = await waitFor('the playlist', async () => {
      const response = await app.inject({ method: 'GET', url: stream.url! });
      return response.statusCode === 200 && response.body.includes('#EXTINF') ? response : null;
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.headers['access-control-allow-origin']).toBe('*');
    expect(playlist.headers['cache-control']).toMatch(/max-age=[12]\b/);
    const segmentName = playlist.body.split('\n').find((line) => line.trim() && !line.startsWith('#'))!;
    const segment = await app.inject({ method: 'GET', url: `/live/${session.id}/${segmentName}` });
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.headers['cache-control']).toContain('immutable');
    const file = join(test.dataDir, 'segment.ts');
    writeFileSync(file, segment.rawPayload);
    expect(ffprobeStreams(file)).toEqual(expect.arrayContaining(['h264', 'aac']));

    expect(await (await callerAs(app)).live.status({ eventId: session.eventId })).toMatchObject({ state: 'live', startedAt: expect.any(String) });
    const dashboard = await (await callerAs(app, dj.token)).live.dashboard();
    await waitFor('health', async () => (await (await callerAs(app, dj.token)).live.dashboard()).health);
    expect(dashboard.viewers).toBeGreaterThanOrEqual(1);

    // Only whitelisted names inside the session folder.
    for (const url of [`/live/${session.id}/..%2F..%2Fcuepoint.db`, `/live/${session.id}/secret.key`, `/live/..%2F${session.id}/index.m3u8`, `/live/${session.id}/x/index.m3u8`]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    // The creator makes the event premium while live: the very next request needs a token.
    await (await callerAs(app, dj.token)).events.update({ id: session.eventId, isPremium: true, premiumPrice: 5 });
    expect((await app.inject({ method: 'GET', url: stream.url! })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/live/${session.id}/${segmentName}` })).statusCode).toBe(403);

    expect(logs).toContain('session started');
    expect(logs).not.toContain(key);
    expect(logs).not.toContain(key.slice(5, 20));
  });

  it('refuses a wrong key, a second publisher on a live key, a pending-payment creator; rotating the key ends the running stream', async () => {
    const { app, port } = await liveApp();
    const dj = await createUser(app, { role: 'dj' });
    const key = await keyOf(app, dj);

    const wrong = publishTestStream(port, 'live_not-a-key-of-anyone-at-all-000000');
    expect(await wrong.exited).not.toBe(0);

    publishTestStream(port, key);
    const session = await waitLive(app, dj);
    const second = publishTestStream(port, key);
    expect(await second.exited).not.toBe(0);
    expect((await (await callerAs(app, dj.token)).live.dashboard()).lastRefusal?.reason).toBe(liveMessages.alreadyLive);

    const first = runningPublishers()[0]!;
    const { streamKey } = await (await callerAs(app, dj.token)).live.rotateKey();
    expect(streamKey).not.toBe(key);
    await waitFor('the old-key publisher to be cut off', () => first.child.exitCode !== null || first.child.signalCode !== null, 5000);
    const status = await (await callerAs(app)).live.status({ eventId: session.eventId });
    expect(status.state).toBe('ended');
    expect((await (await callerAs(app, dj.token)).live.dashboard()).lastRefusal?.reason).toBe(liveMessages.keyRotated);
    const old = publishTestStream(port, key);
    expect(await old.exited).not.toBe(0);

    const pending = await createUser(app, { role: 'dj', pendingPayment: true });
    const pendingKey = (await channelOf(app.services.db, pending.id)).streamKey;
    const refused = publishTestStream(port, pendingKey);
    expect(await refused.exited).not.toBe(0);
    const channel = await channelOf(app.services.db, pending.id);
    expect(channel.lastRefusalReason).toBe(liveMessages.pendingPayment);

    await app.services.db.update(users).set({ isActive: false }).where(eq(users.id, pending.id));
    const deactivated = publishTestStream(port, pendingKey);
    expect(await deactivated.exited).not.toBe(0);
    expect((await channelOf(app.services.db, pending.id)).lastRefusalReason).toBe(liveMessages.deactivated);
  });

  it('refuses a stream past LIVE_MAX_STREAMS', async () => {
    const { app, port } = await liveApp({ LIVE_MAX_STREAMS: '1' });
    const one = await createUser(app, { role: 'dj' });
    const two = await createUser(app, { role: 'dj' });
    publishTestStream(port, await keyOf(app, one));
    await waitLive(app, one);
    const refused = publishTestStream(port, await keyOf(app, two));
    expect(await refused.exited).not.toBe(0);
    expect((await (await callerAs(app, two.token)).live.dashboard()).lastRefusal?.reason).toBe(liveMessages.tooManyStreams);
  });
});

describe('premium live streams', () => {
  it('open only with a playback token for that event, on the playlist and every segment', async () => {
    const { app, port } = await liveApp();
    const dj = await createUser(app, { role: 'dj' });
    const other = await createUser(app, { role: 'dj' });
    const viewer = await createUser(app, { role: 'viewer' });
    const stranger = await createUser(app, { role: 'viewer' });
    const event = await premiumEventOnNow(app, dj);
    const otherEvent = await premiumEventOnNow(app, other, 'Other premium show');
    await app.services.db.insert(eventAccess).values({ viewerId: viewer.id, eventId: event.id });

    // live.onStatus: the status now, then the change when the stream starts.
    const statuses = (await (await callerAs(app)).live.onStatus({ eventId: event.id }))[Symbol.asyncIterator]();
    expect((await statuses.next()).value).toEqual({ state: 'offline', viewers: 0, startedAt: null });
    const update = statuses.next();

    publishTestStream(port, await keyOf(app, dj));
    publishTestStream(port, await keyOf(app, other));
    const session = await waitLive(app, dj);
    expect((await update).value).toMatchObject({ state: 'live', startedAt: expect.any(String) });
    await statuses.return?.(undefined);
    const otherSession = await waitLive(app, other);
    expect(session.eventId).toBe(event.id);
    expect(otherSession.eventId).toBe(otherEvent.id);

    // Guests and viewers without access: 403, and no /live URL in any public answer.
    for (const token of [undefined, stranger.token]) {
      await expect((await callerAs(app, token)).events.stream({ eventId: event.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      const answers = [
        await (await callerAs(app, token)).events.publicById({ id: event.id }),
        await (await callerAs(app, token)).events.latest({ subdomain: (await app.inject({ method: 'GET', url: `/api/event/${event.id}` })).json<{ user: { userName: string } }>().user.userName }),
        await (await callerAs(app, token)).live.status({ eventId: event.id }),
        (await app.inject({ method: 'GET', url: `/api/event/${event.id}`, headers: token ? { authorization: `Bearer ${token}` } : {} })).json(),
      ];
      expect(JSON.stringify(answers)).not.toContain('/live/');
    }
    const denied = await app.inject({ method: 'GET', url: `/api/event/${event.id}/stream` });
    expect(denied.statusCode).toBe(403);

    const stream = await (await callerAs(app, viewer.token)).events.stream({ eventId: event.id });
    expect(stream).toMatchObject({ kind: 'hls', live: true, expiresAt: expect.any(String) });
    expect(Date.parse(stream.expiresAt!) - Date.now()).toBeLessThanOrEqual(600_000);
    const token = new URL(stream.url!, 'http://x').searchParams.get('token')!;
    expect(stream.url).toBe(`/live/${session.id}/index.m3u8?token=${token}`);

    const playlist = await waitFor('the premium playlist', async () => {
      const response = await app.inject({ method: 'GET', url: stream.url! });
      return response.statusCode === 200 && response.body.includes('#EXTINF') ? response : null;
    });
    expect(playlist.headers['access-control-allow-origin']).toBeUndefined();
    const uris = playlist.body.split('\n').filter((line) => line.trim() && !line.startsWith('#'));
    expect(uris.length).toBeGreaterThan(0);
    for (const uri of uris) expect(uri).toMatch(new RegExp(`\\?token=${token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    const segmentUrl = `/live/${session.id}/${uris[0]}`;
    expect((await app.inject({ method: 'GET', url: segmentUrl })).statusCode).toBe(200);

    const bare = segmentUrl.split('?')[0]!;
    const noToken = await app.inject({ method: 'GET', url: bare });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json()).toEqual({ message: expect.any(String) });
    expect((await app.inject({ method: 'GET', url: `/live/${session.id}/index.m3u8` })).statusCode).toBe(403);
    // That token opens no other event's stream.
    expect((await app.inject({ method: 'GET', url: `/live/${otherSession.id}/index.m3u8?token=${token}` })).statusCode).toBe(403);
    // An expired token (signed with the right key) is refused.
    const past = Math.floor(Date.now() / 1000) - 1000;
    const expired = app.services.live.tokens.sign({ sub: viewer.id, evt: event.id, aud: 'cuepoint-live', iat: past, exp: past + 300 });
    expect((await app.inject({ method: 'GET', url: `/live/${session.id}/index.m3u8?token=${expired}` })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `${bare}?token=${expired}` })).statusCode).toBe(403);
    // A token signed with another key (e.g. the session secret) is refused.
    const forged = `${token.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`;
    expect((await app.inject({ method: 'GET', url: `${bare}?token=${forged}` })).statusCode).toBe(403);
    // The creator's own session token is not a playback token.
    expect((await app.inject({ method: 'GET', url: `${bare}?token=${dj.token}` })).statusCode).toBe(403);
  });
});
