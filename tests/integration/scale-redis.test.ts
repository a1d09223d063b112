import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { HubConnectionBuilder, HttpTransportType, LogLevel, type HubConnection } from '@microsoft/signalr';
import { liveSessions } from '@db/schema/live';
import { newId, nowIso } from '@server/lib/ids';
import { announceStartedEventsSweep } from '@server/domains/push/push.worker';
import { liveStatusTopic } from '@server/domains/live/live.status';
import { bearer, createUser, testPassword, type TestUser } from '../helpers/app';
import { expectedEngines } from '../helpers/test-engines';
import { createTestInstances, untilReady, type TestInstance, type TestInstances } from '../helpers/instances';
import { useRedis } from '../engines/redis';
import { insertEvent, socketClient, waitFor } from './chat/chat-helpers';

const redis = useRedis();

describe('two instances sharing Redis', () => {
  let cluster: TestInstances;
  let a: TestInstance;
  let b: TestInstance;
  const hubConnections: HubConnection[] = [];

  async function start(env: Record<string, string> = {}) {
    cluster = await createTestInstances(2, { REDIS_URL: redis.current.url, REDIS_KEY_PREFIX: redis.current.keyPrefix(), ...env });
    [a, b] = cluster.instances as [TestInstance, TestInstance];
    await untilReady(cluster.instances);
  }

  beforeEach(async () => start());
  afterEach(async () => {
    await Promise.all(hubConnections.splice(0).map((connection) => connection.stop()));
    await cluster.close();
  });

  const alive = (instance: TestInstance, user: TestUser) => instance.app.inject({ method: 'GET', url: '/api/user/alive', headers: bearer(user.token) });

  /** Polls until `answer` gives 401; resolves with how long that took. */
  async function msUntilRefused(instance: TestInstance, user: TestUser, since: number): Promise<number> {
    while ((await alive(instance, user)).statusCode !== 401) {
      if (Date.now() - since > 3_000) throw new Error('still accepted after 3 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return Date.now() - since;
  }

  it('names its engines: /healthz says redis, /readyz answers 200 with the redis check', async () => {
    for (const instance of [a, b]) {
      expect((await instance.app.inject({ method: 'GET', url: '/healthz' })).json()).toMatchObject({ status: 'ok', bus: 'redis' });
      const ready = await instance.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', checks: expectedEngines({ bus: 'redis' }).checks() });
    }
  });

  it('accepts a token issued by A on B, and refuses it on B within a second of a deactivation or a password change on A', async () => {
    const admin = await createUser(a.app, { role: 'admin' });
    const creator = await createUser(a.app, { role: 'dj' });
    const viewer = await createUser(a.app, { role: 'viewer' });
    // B has read (and keeps) both sessions.
    for (let round = 0; round < 3; round += 1) {
      expect((await alive(b, creator)).statusCode).toBe(200);
      expect((await alive(b, viewer)).statusCode).toBe(200);
    }

    const deactivated = Date.now();
    const deactivation = await a.app.inject({ method: 'POST', url: '/trpc/users.setActive', headers: bearer(admin.token), payload: { id: creator.id, isActive: false } });
    expect(deactivation.statusCode).toBe(200);
    expect(await msUntilRefused(b, creator, deactivated)).toBeLessThan(1_000);

    const change = await a.app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: bearer(viewer.token),
      payload: { currentPassword: testPassword, newPassword: 'another-password-1', confirmPassword: 'another-password-1' },
    });
    // Counted from the answer: the change itself spends two password hashes.
    const changed = Date.now();
    expect(change.statusCode).toBe(200);
    expect(await msUntilRefused(b, viewer, changed)).toBeLessThan(1_000);
    // The token the change answered works on B.
    expect((await b.app.inject({ method: 'GET', url: '/api/user/alive', headers: bearer(change.json().token) })).statusCode).toBe(200);
  });

  it('shares the login budget of an account between A and B', async () => {
    await cluster.close();
    await start({ LOGIN_RATE_LIMIT: '4' });
    const creator = await createUser(a.app, { role: 'dj' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const instance = attempt % 2 ? b : a;
      // A different client address each time: only the account's budget can refuse.
      const answer = await instance.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: `10.0.0.${attempt + 1}`,
        payload: { userName: creator.email, password: 'wrong-password' },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429, 429]);
  });

  it("accepts at most 3 of one viewer's 6 rapid chat messages sent alternately through A and B", async () => {
    const creator = await createUser(a.app, { role: 'dj' });
    const viewer = await createUser(a.app, { role: 'viewer' });
    const eventId = await insertEvent(a.app, creator.id);
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      const instance = index % 2 ? b : a;
      const answer = await instance.app.inject({ method: 'POST', url: '/trpc/chat.send', headers: bearer(viewer.token), payload: { eventId, text: `m${index}`, displayName: 'Vera' } });
      statuses.push(answer.statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
  });

  it('runs the go-live sweep on one instance only when both tick at once', async () => {
    const creator = await createUser(a.app, { role: 'dj' });
    const startedAt = new Date(Date.now() - 60_000).toISOString();
    await insertEvent(a.app, creator.id, { startDateTime: startedAt });
    // The instances' own first tick at start may have taken this period already (whether Redis was up yet): free it.
    const client = new Redis(redis.current.url);
    await client.del(`${a.config.redis!.keyPrefix}sweep:push:announce-started-events`);
    client.disconnect();
    const ran = await Promise.all([announceStartedEventsSweep(a.app.services), announceStartedEventsSweep(b.app.services)]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    // The rest of the period is taken: neither instance's next tick runs it again.
    expect(await Promise.all([announceStartedEventsSweep(a.app.services), announceStartedEventsSweep(b.app.services)])).toEqual([false, false]);
  });

  it('delivers a hub message sent on A to a SignalR client and a tRPC subscriber on B', async () => {
    const creator = await createUser(a.app, { role: 'dj' });
    const viewer = await createUser(a.app, { role: 'viewer' });
    const group = creator.id;
    const connection = new HubConnectionBuilder()
      .withUrl(`${b.url}/msgHub?groupId=${encodeURIComponent(group)}`, { transport: HttpTransportType.WebSockets })
      .configureLogging(LogLevel.None)
      .build();
    const signalR: unknown[][] = [];
    connection.on('ReceiveMessage', (...args: unknown[]) => signalR.push(args));
    await connection.start();
    hubConnections.push(connection);
    const socket = socketClient(b.app, viewer.token);
    const trpc: string[] = [];
    const subscription = socket.client.hub.messages.subscribe({ groupId: group }, { onData: (message) => trpc.push(message.text) });
    try {
      // B's subscriptions are made (SignalR at its handshake, tRPC at its start) and active after a barrier.
      await waitFor(() => b.app.services.bus.listenerCount({ name: `hub:${group}` }) === 2);
      await b.app.services.bus.barrier();
      const sent = Date.now();
      const send = await a.app.inject({ method: 'POST', url: '/trpc/hub.send', headers: bearer(viewer.token), payload: { group, text: 'Hello from A' } });
      expect(send.statusCode).toBe(200);
      await waitFor(() => signalR.length === 1 && trpc.length === 1, 3_000);
      expect(Date.now() - sent).toBeLessThan(1_000);
      expect(signalR).toEqual([['Hello from A', group]]);
      expect(trpc).toEqual(['Hello from A']);
      // docs/api.md: `delivered` counts the listeners of the instance that answered (none on A), not the others'.
      expect(send.json().result.data).toEqual({ delivered: 0 });
    } finally {
      subscription.unsubscribe();
      await socket.close();
    }
  });

  it('lets a SignalR client negotiate on A and open its socket on B, once', async () => {
    const creator = await createUser(a.app, { role: 'dj' });
    const negotiate = await fetch(`${a.url}/msgHub/negotiate?groupId=${creator.id}&negotiateVersion=1`, { method: 'POST' });
    const { connectionToken } = (await negotiate.json()) as { connectionToken: string };
    const open = async (instance: TestInstance) => {
      const socket = new WebSocket(`${instance.url.replace('http', 'ws')}/msgHub?groupId=${creator.id}&id=${connectionToken}`);
      const first = new Promise<string>((resolve) => socket.once('message', (data) => resolve(data.toString())));
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send('{"protocol":"json","version":1}\u001e');
      const answer = await first;
      socket.close();
      return answer;
    };
    expect(await open(b)).toBe('{}\u001e');
    expect(await open(a)).toContain('negotiate again');
  });

  it('shows a stream live on A as live on B, with its viewers counted once across both, and tells B of changes', async () => {
    const creator = await createUser(a.app, { role: 'dj' });
    const eventId = await insertEvent(a.app, creator.id, { startDateTime: nowIso() });
    const sessionId = newId(16);
    await a.app.services.db.insert(liveSessions).values({ id: sessionId, userId: creator.id, eventId, state: 'live', startedAt: nowIso() });
    // Playlist requests reach both instances: viewer-1 on both, the others on one each.
    a.app.services.live.noteViewer(sessionId, 'viewer-1');
    a.app.services.live.noteViewer(sessionId, 'viewer-3');
    b.app.services.live.noteViewer(sessionId, 'viewer-1');
    b.app.services.live.noteViewer(sessionId, 'viewer-2');
    const status = async (instance: TestInstance) => {
      const answer = await instance.app.inject({ method: 'GET', url: `/trpc/live.status?input=${encodeURIComponent(JSON.stringify({ eventId }))}`, headers: bearer(creator.token) });
      return answer.json().result.data as { state: string; viewers: number };
    };
    // Each instance writes what it saw within a fraction of a second.
    for (const started = Date.now(); (await status(b)).viewers !== 3 && Date.now() - started < 1_000; ) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await status(b)).toMatchObject({ state: 'live', viewers: 3 });
    expect(await status(a)).toMatchObject({ state: 'live', viewers: 3 });
    const stream = await b.app.inject({ method: 'GET', url: `/trpc/events.stream?input=${encodeURIComponent(JSON.stringify({ eventId }))}` });
    expect(stream.json().result.data).toMatchObject({ kind: 'hls', live: true, url: `/live/${sessionId}/index.m3u8` });

    const socket = socketClient(b.app, creator.token);
    const states: string[] = [];
    const subscription = socket.client.live.onStatus.subscribe({ eventId }, { onData: (status) => states.push(status.state) });
    try {
      await waitFor(() => states.length === 1);
      await b.app.services.bus.barrier();
      await a.app.services.db.update(liveSessions).set({ state: 'ended', endedAt: nowIso() });
      a.app.services.bus.publish(liveStatusTopic(eventId), null);
      await waitFor(() => states.length === 2, 3_000);
      expect(states).toEqual(['live', 'ended']);
    } finally {
      subscription.unsubscribe();
      await socket.close();
    }
  });
});
