import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { liveSessions } from '@db/schema/live';
import { firstRow } from '@db/store';
import { newId, nowIso } from '@server/lib/ids';
import { liveMessages } from '@server/domains/live/live.schemas';
import { callerAs, createUser, type TestUser } from '../helpers/app';
import { createTestInstances, untilReady, type TestInstance, type TestInstances } from '../helpers/instances';
import { publishTestStream, runningPublishers, startIngest, stopAllPublishers, waitFor } from '../helpers/live';
import { useRedis } from '../engines/redis';
import { insertEvent, socketClient } from './chat/chat-helpers';

const redis = useRedis();

let cluster: TestInstances | undefined;
afterEach(async () => {
  await stopAllPublishers();
  await cluster?.close();
  cluster = undefined;
});

interface LiveInstance extends TestInstance {
  port: number;
}

/** Two instances sharing one database, one data dir and one Redis, each with its own RTMP listener. */
async function twoInstances(env: Record<string, string> = {}, live: Record<string, number> = {}): Promise<[LiveInstance, LiveInstance]> {
  cluster = await createTestInstances(
    2,
    { REDIS_URL: redis.current.url, REDIS_KEY_PREFIX: redis.current.keyPrefix(), RTMP_HOST: '127.0.0.1', RTMP_PORT: '0', ...env },
    { live: { reconnectGraceMs: 1000, leaseTtlMs: 1500, ...live } },
  );
  await untilReady(cluster.instances);
  const [a, b] = cluster.instances as [TestInstance, TestInstance];
  return [
    { ...a, port: await startIngest(a.app) },
    { ...b, port: await startIngest(b.app) },
  ];
}

async function keyOf(instance: TestInstance, user: TestUser): Promise<string> {
  return (await (await callerAs(instance.app, user.token)).live.settings()).streamKey;
}

async function dashboardOn(instance: TestInstance, user: TestUser) {
  return (await callerAs(instance.app, user.token)).live.dashboard();
}

function waitLive(instance: TestInstance, user: TestUser) {
  return waitFor('the creator to be live', async () => {
    const dashboard = await dashboardOn(instance, user);
    return dashboard.state === 'live' ? dashboard.session! : null;
  });
}

describe('live streaming across instances sharing Redis', () => {
  it('refuses a second publish of the same key on B while A has it live, and accepts it on B once A ended', async () => {
    const [a, b] = await twoInstances();
    const dj = await createUser(a.app, { role: 'dj', displayName: 'DJ Twice' });
    const key = await keyOf(a, dj);
    const first = publishTestStream(a.port, key, { seconds: 5 });
    const onA = await waitLive(a, dj);

    const second = publishTestStream(b.port, key, { seconds: 3 });
    expect(await second.exited).not.toBe(0);
    expect((await dashboardOn(b, dj)).lastRefusal?.reason).toBe(liveMessages.alreadyLive);
    expect((await b.app.services.db.select().from(liveSessions)).map((row) => row.id)).toEqual([onA.id]);

    expect(await first.exited).toBe(0);
    await waitFor('the session on A to end', async () => (await dashboardOn(a, dj)).state === 'ended', 10_000);
    // A changes its own state at once and stores the end a moment later: B reads the stored end.
    await waitFor('the end seen on B', async () => (await dashboardOn(b, dj)).state === 'ended', 10_000);
    const third = publishTestStream(b.port, key, { seconds: 3 });
    const onB = await waitFor('a new session live on B', async () => {
      const dashboard = await dashboardOn(b, dj);
      return dashboard.state === 'live' && dashboard.session?.id !== onA.id ? dashboard.session! : null;
    });
    expect(onB.id).not.toBe(onA.id);
    expect(await third.exited).toBe(0);
  }, 60_000);

  it('counts LIVE_MAX_STREAMS across instances: one stream live on A, a second creator is refused on B', async () => {
    const [a, b] = await twoInstances({ LIVE_MAX_STREAMS: '1' });
    const first = await createUser(a.app, { role: 'dj', displayName: 'DJ One' });
    const other = await createUser(a.app, { role: 'dj', displayName: 'DJ Two' });
    publishTestStream(a.port, await keyOf(a, first), { seconds: 6 });
    await waitLive(a, first);

    const refused = publishTestStream(b.port, await keyOf(b, other), { seconds: 3 });
    expect(await refused.exited).not.toBe(0);
    expect((await dashboardOn(b, other)).lastRefusal?.reason).toBe(liveMessages.tooManyStreams);
    expect((await dashboardOn(a, other)).state).toBe('offline');
  }, 60_000);

  it("leaves A's session live when B recovers at start, and shows it on B: status, stream, dashboard, viewers and the end", async () => {
    const [a, b] = await twoInstances();
    const dj = await createUser(a.app, { role: 'dj', displayName: 'DJ Held' });
    const publisher = publishTestStream(a.port, await keyOf(a, dj), { seconds: 6 });
    const session = await waitLive(a, dj);

    // B starts again (as a third instance would): what a stopped process left is ended, A's session is not.
    await b.app.services.live.start();
    expect((await firstRow(b.app.services.db.select().from(liveSessions).where(eq(liveSessions.id, session.id))))?.state).toBe('live');

    const viewerOnB = await callerAs(b.app);
    const stream = await viewerOnB.events.stream({ eventId: session.eventId });
    expect(stream).toMatchObject({ kind: 'hls', live: true, url: `/live/${session.id}/index.m3u8` });
    // A player on B fetches the playlist (the data dir is shared here): counted, and seen on both instances.
    await waitFor('the playlist on B', async () => (await fetch(`${b.url}${stream.url}`)).status === 200, 10_000);
    const creatorOnB = await callerAs(b.app, dj.token);
    await waitFor('one viewer on B', async () => (await creatorOnB.live.status({ eventId: session.eventId })).viewers === 1, 3_000);
    expect(await creatorOnB.live.status({ eventId: session.eventId })).toMatchObject({ state: 'live', viewers: 1, startedAt: session.startedAt });
    expect(await (await callerAs(a.app, dj.token)).live.status({ eventId: session.eventId })).toMatchObject({ state: 'live', viewers: 1 });
    expect(await creatorOnB.live.dashboard()).toMatchObject({ state: 'live', viewers: 1, session: { id: session.id } });

    const socket = socketClient(b.app, dj.token);
    const states: string[] = [];
    const subscription = socket.client.live.onStatus.subscribe({ eventId: session.eventId }, { onData: (status) => states.push(status.state) });
    try {
      await waitFor('the first status on B', async () => states.length >= 1, 5_000);
      expect(states[0]).toBe('live');
      await publisher.stop();
      await waitFor('the end heard on B', async () => states.at(-1) === 'ended', 10_000);
    } finally {
      subscription.unsubscribe();
      await socket.close();
    }
  }, 60_000);

  it('ends a session no instance holds any more (its instance died) within a sweep, and tells the viewers', async () => {
    const [, b] = await twoInstances({}, { orphanSweepMs: 200, leaseTtlMs: 300 });
    const dj = await createUser(b.app, { role: 'dj' });
    const eventId = await insertEvent(b.app, dj.id, { startDateTime: nowIso() });
    const sessionId = newId(16);
    await b.app.services.db.insert(liveSessions).values({ id: sessionId, userId: dj.id, eventId, state: 'live', startedAt: nowIso() });
    const status = async () => (await callerAs(b.app, dj.token)).live.status({ eventId });
    await waitFor('the orphaned session to end', async () => (await status()).state === 'ended', 5_000);
    expect((await firstRow(b.app.services.db.select().from(liveSessions).where(eq(liveSessions.id, sessionId))))?.endedAt).toBeTruthy();
  }, 30_000);

  it('ends a publish on A when the creator rotates the key through B', async () => {
    const [a, b] = await twoInstances();
    const dj = await createUser(a.app, { role: 'dj', displayName: 'DJ Rotate' });
    const key = await keyOf(a, dj);
    publishTestStream(a.port, key, { seconds: 20 });
    const session = await waitLive(a, dj);
    const publisher = runningPublishers()[0]!;

    const { streamKey } = await (await callerAs(b.app, dj.token)).live.rotateKey();
    expect(streamKey).not.toBe(key);
    await waitFor('the old-key publisher on A to be cut off', () => publisher.child.exitCode !== null || publisher.child.signalCode !== null, 5_000);
    await waitFor('the session to end', async () => (await (await callerAs(a.app)).live.status({ eventId: session.eventId })).state === 'ended', 10_000);
    expect((await dashboardOn(a, dj)).lastRefusal?.reason).toBe(liveMessages.keyRotated);
  }, 60_000);
});
