import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, type TestUser } from '../helpers/app';
import { expectedEngines } from '../helpers/test-engines';
import { createTestInstances, untilReady, type TestInstance, type TestInstances } from '../helpers/instances';
import { useRedis } from '../engines/redis';
import { freshRateLimits, insertEvent, socketClient, waitFor, watchRoom } from './chat/chat-helpers';

const redis = useRedis();

describe('two instances while Redis is away and once it is back', () => {
  let cluster: TestInstances;
  let a: TestInstance;
  let b: TestInstance;

  beforeAll(async () => {
    cluster = await createTestInstances(2, { REDIS_URL: redis.current.url, REDIS_KEY_PREFIX: redis.current.keyPrefix() });
    [a, b] = cluster.instances as [TestInstance, TestInstance];
    await untilReady(cluster.instances);
  });
  afterAll(async () => {
    await cluster?.close();
  });

  async function send(instance: TestInstance, sender: TestUser, eventId: string, text: string) {
    freshRateLimits(instance.app);
    return instance.app.inject({ method: 'POST', url: '/trpc/chat.send', headers: bearer(sender.token), payload: { eventId, text, displayName: 'Vera' } });
  }

  const states = (entries: Array<{ item: { type: string; state?: string } }>) => entries.flatMap((entry) => (entry.item.type === 'state' ? [entry.item.state] : []));
  const texts = (entries: Array<{ item: { type: string; message?: { text: string } } }>) =>
    entries.flatMap((entry) => (entry.item.type === 'message' ? [entry.item.message!.text] : []));

  it('keeps answering HTTP, tells chat subscribers it is reconnecting, answers /readyz 503; then chat works across instances again with nothing lost', async () => {
    const admin = await createUser(a.app, { role: 'admin' });
    const creator = await createUser(a.app, { role: 'dj' });
    const viewer = await createUser(a.app, { role: 'viewer' });
    const eventId = await insertEvent(a.app, creator.id);
    const socket = socketClient(b.app, viewer.token);
    const onB = watchRoom(socket, eventId);
    try {
      await waitFor(() => b.app.services.chat.rooms.subscriberCount(eventId) === 1);
      await b.app.services.bus.barrier();
      expect((await send(a, viewer, eventId, 'before')).statusCode).toBe(200);
      await onB.until((entries) => entries.length === 1);
      expect((await b.app.inject({ method: 'GET', url: '/api/user/alive', headers: bearer(creator.token) })).statusCode).toBe(200);

      await redis.current.stop();
      await onB.until((entries) => states(entries).includes('reconnecting'));
      for (const instance of [a, b]) {
        let ready = await instance.app.inject({ method: 'GET', url: '/readyz' });
        for (const started = Date.now(); ready.statusCode !== 503 && Date.now() - started < 3_000; ) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          ready = await instance.app.inject({ method: 'GET', url: '/readyz' });
        }
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({ status: 'unavailable', checks: expectedEngines({ bus: 'redis' }).checks({ redis: 'unavailable' }) });
        expect((await instance.app.inject({ method: 'GET', url: '/api/user/alive', headers: bearer(viewer.token) })).statusCode).toBe(200);
        expect((await instance.app.inject({ method: 'GET', url: '/api/payment/products' })).statusCode).toBe(200);
      }
      // Sessions are read from the database while the announcements cannot travel: a deactivation on A counts on B at once.
      const deactivate = await a.app.inject({ method: 'POST', url: '/trpc/users.setActive', headers: bearer(admin.token), payload: { id: creator.id, isActive: false } });
      expect(deactivate.statusCode).toBe(200);
      expect((await b.app.inject({ method: 'GET', url: '/api/user/alive', headers: bearer(creator.token) })).statusCode).toBe(401);
      // Messages are kept meanwhile (limits hold per instance); a hub message is of the moment and just goes nowhere.
      expect((await send(a, viewer, eventId, 'during A')).statusCode).toBe(200);
      expect((await send(b, viewer, eventId, 'during B')).statusCode).toBe(200);
      const hub = await a.app.inject({ method: 'POST', url: '/trpc/hub.send', headers: bearer(viewer.token), payload: { group: creator.id, text: 'hello?' } });
      expect(hub.statusCode).toBe(200);

      await redis.current.start();
      await onB.until((entries) => states(entries).at(-1) === 'live', 10_000);
      await untilReady(cluster.instances);
      expect(texts(onB.received)).toEqual(['before', 'during A', 'during B']);

      expect((await send(a, viewer, eventId, 'after')).statusCode).toBe(200);
      await onB.until((entries) => texts(entries).includes('after'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(texts(onB.received)).toEqual(['before', 'during A', 'during B', 'after']);
      const ids = onB.received.filter((entry) => entry.item.type === 'message').map((entry) => entry.id);
      expect([...ids].sort()).toEqual(ids);
      // A state notice carries the id of the last event before it, so a resume from it misses nothing.
      const notices = onB.received.filter((entry) => entry.item.type === 'state');
      expect(notices.every((notice) => onB.received.some((entry) => entry.item.type === 'message' && entry.id === notice.id))).toBe(true);
    } finally {
      onB.stop();
      await socket.close();
    }
  }, 40_000);
});
