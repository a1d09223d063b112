import { afterEach, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import Fastify from 'fastify';
import { busTopic, type MessageBus } from '@server/platform/bus';
import { orderedTopic } from '@server/platform/ordered-log';
import { closeClient, createCommandClient, createSubscriberClient } from '@server/platform/redis/connection';
import { RedisBus } from '@server/platform/redis/redis-bus';
import { RedisOrderedLog } from '@server/platform/redis/redis-ordered-log';
import { RedisPresence } from '@server/platform/redis/redis-presence';
import { RedisRateLimitStore } from '@server/platform/redis/redis-rate-limit';
import { RedisSweepLock } from '@server/platform/sweep-lock';
import { RedisOnceStore } from '@server/platform/redis/redis-once';
import { AppleLoginStates } from '@server/domains/users/social.service';
import { createMessageIdFactory } from '@server/domains/chat/message-ids';
import { useRedis } from '../engines/redis';

const redis = useRedis();
const log = Fastify({ logger: false }).log;
const opened: Redis[] = [];
const buses: MessageBus[] = [];

afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
  await Promise.all(opened.splice(0).map((client) => closeClient(client)));
});

function commandClient(): Redis {
  const client = createCommandClient(redis.current.url, 'test');
  client.on('error', () => {});
  opened.push(client);
  return client;
}

async function ready(client: Redis): Promise<Redis> {
  if (client.status !== 'ready') await new Promise((resolve) => client.once('ready', resolve));
  return client;
}

/** One instance's bus (its own two connections) and the ordered log riding on it, live. */
async function instanceBus(prefix: string): Promise<RedisBus & { ordered: RedisOrderedLog }> {
  const commands = commandClient();
  const subscriber = createSubscriberClient(redis.current.url, 'test-bus');
  opened.push(subscriber);
  const bus = Object.assign(new RedisBus(commands, subscriber, prefix, log), { ordered: undefined as unknown as RedisOrderedLog });
  bus.ordered = new RedisOrderedLog(bus, commands, prefix);
  buses.push(bus);
  await new Promise<void>((resolve) => {
    if (bus.state === 'live') resolve();
    else bus.onStateChange((state) => state === 'live' && resolve());
  });
  return bus;
}

async function until(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('Timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('Redis bus', () => {
  it('delivers a message to the listeners of every instance, the sender included, once each, decoded once per instance', async () => {
    const prefix = redis.current.keyPrefix();
    const [a, b] = [await instanceBus(prefix), await instanceBus(prefix)];
    const decoded: string[] = [];
    const topic = busTopic<{ text: string }>('hub:group', {
      encode: (payload) => JSON.stringify(payload),
      decode: (text) => {
        decoded.push(text);
        return JSON.parse(text) as { text: string };
      },
    });
    const seen = { a1: [] as object[], a2: [] as object[], b1: [] as object[] };
    const subscriptions = [a.subscribe(topic, (p) => seen.a1.push(p)), a.subscribe(topic, (p) => seen.a2.push(p)), b.subscribe(topic, (p) => seen.b1.push(p))];
    await Promise.all(subscriptions.map((subscription) => subscription.ready));
    expect(a.publish(topic, { text: 'hello' })).toBe(2);
    await until(() => seen.a1.length === 1 && seen.b1.length === 1);
    await a.barrier();
    await b.barrier();
    expect(seen).toEqual({ a1: [{ text: 'hello' }], a2: [{ text: 'hello' }], b1: [{ text: 'hello' }] });
    expect(seen.a1[0]).toBe(seen.a2[0]);
    expect(decoded).toHaveLength(2);
    // Another install on the same Redis (another prefix) hears nothing.
    const other = await instanceBus(redis.current.keyPrefix());
    const elsewhere: unknown[] = [];
    await other.subscribe(topic, (payload) => elsewhere.push(payload)).ready;
    a.publish(topic, { text: 'again' });
    await until(() => seen.b1.length === 2);
    await other.barrier();
    expect(elsewhere).toEqual([]);
  });

  it('gives ordered entries ids that increase in the order every instance delivers them, even when a candidate is behind', async () => {
    const prefix = redis.current.keyPrefix();
    const [a, b] = [await instanceBus(prefix), await instanceBus(prefix)];
    const topic = orderedTopic<{ id: string; n: number }>('chat:room', {
      encode: (entry) => JSON.stringify({ n: entry.n }),
      decode: (id, text) => ({ id, n: (JSON.parse(text) as { n: number }).n }),
    });
    const onA: string[] = [];
    const onB: string[] = [];
    await Promise.all([a.ordered.subscribe(topic, (entry) => onA.push(entry.id)).ready, b.ordered.subscribe(topic, (entry) => onB.push(entry.id)).ready]);
    // B's clock is far behind A's: its candidates sort before A's, yet each gets an id after the last one.
    const nextOnA = createMessageIdFactory(() => Date.now());
    const nextOnB = createMessageIdFactory(() => Date.now() - 60_000);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) => (n % 2 ? b.ordered.publish(topic, nextOnB(), { id: '', n }, { pending: true }) : a.ordered.publish(topic, nextOnA(), { id: '', n }, { pending: true }))),
    );
    await until(() => onA.length === 40 && onB.length === 40);
    expect(onB).toEqual(onA);
    expect([...onA].sort()).toEqual(onA);
    expect(new Set(onA).size).toBe(40);
    expect([...answers].sort()).toEqual(onA);
    // Pending until settled, readable from any instance, in id order.
    expect((await b.ordered.pendingEntries(topic)).map((entry) => entry.id)).toEqual(onA);
    a.ordered.settle(topic, onA.slice(0, 30));
    // Read on the connection that settled (commands run in order on it).
    expect((await a.ordered.pendingEntries(topic)).map((entry) => entry.id)).toEqual(onA.slice(30));
  });

  it('reports reconnecting while Redis is away, answers publishes without throwing, and is live again once it is back', async () => {
    const prefix = redis.current.keyPrefix();
    const bus = await instanceBus(prefix);
    const states: string[] = [];
    bus.onStateChange((state) => states.push(state));
    const topic = busTopic<string>('hub:g');
    const seen: string[] = [];
    await bus.subscribe(topic, (text) => seen.push(text)).ready;
    await redis.current.stop();
    try {
      await until(() => bus.state === 'reconnecting');
      expect(() => bus.publish(topic, 'lost')).not.toThrow();
      const ordered = orderedTopic<string>('chat:x', { encode: (text) => text, decode: (_id, text) => text });
      await expect(bus.ordered.publish(ordered, '01KAAAAAAAAAAAAAAAAAAAAAAA', 'kept', { pending: true })).resolves.toBe('01KAAAAAAAAAAAAAAAAAAAAAAA');
      await expect(bus.ordered.pendingEntries(ordered)).resolves.toEqual([]);
    } finally {
      await redis.current.start();
    }
    await until(() => bus.state === 'live', 8000);
    expect(states).toEqual(['reconnecting', 'live']);
    // Subscribed again by ioredis: a new publish arrives.
    await bus.barrier();
    bus.publish(topic, 'after');
    await until(() => seen.includes('after'));
    expect(seen).toEqual(['after']);
  }, 20_000);
});

describe('Redis rate limits', () => {
  it('share one budget between instances', async () => {
    const prefix = redis.current.keyPrefix();
    const a = new RedisRateLimitStore(await ready(commandClient()), prefix, log);
    const b = new RedisRateLimitStore(await ready(commandClient()), prefix, log);
    const rule = { limit: 3, windowMs: 2_000 };
    const verdicts = [await a.hit('chat:send:u1', rule, 0), await b.hit('chat:send:u1', rule, 0), await a.hit('chat:send:u1', rule, 0), await b.hit('chat:send:u1', rule, 0)];
    expect(verdicts.map((verdict) => verdict.allowed)).toEqual([true, true, true, false]);
    expect(verdicts[3]!.retryAfterMs).toBeGreaterThan(1_000);
    expect((await b.hit('chat:send:u2', rule, 0)).allowed).toBe(true);
  });

  it('count a sliding window: a window end never frees the whole budget at once', async () => {
    const store = new RedisRateLimitStore(await ready(commandClient()), redis.current.keyPrefix(), log);
    const rule = { limit: 2, windowMs: 1_000 };
    expect((await store.hit('k', rule, 0)).allowed).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await store.hit('k', rule, 0)).allowed).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // 1.1 s after the first hit: only that one left the window (a fixed window would have allowed two more).
    expect((await store.hit('k', rule, 0)).allowed).toBe(true);
    expect((await store.hit('k', rule, 0)).allowed).toBe(false);
  });
});

describe('Redis sweep lock', () => {
  it('runs a sweep on one instance at a time, and once a period', async () => {
    const prefix = redis.current.keyPrefix();
    const a = new RedisSweepLock(await ready(commandClient()), prefix, log);
    const b = new RedisSweepLock(await ready(commandClient()), prefix, log);
    const ran: string[] = [];
    const slowly = (who: string) => async () => {
      ran.push(who);
      await new Promise((resolve) => setTimeout(resolve, 200));
    };
    const timing = { ttlMs: 5_000, periodMs: 600 };
    const answers = await Promise.all([a.runExclusive('sweep', timing, slowly('a')), b.runExclusive('sweep', timing, slowly('b'))]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(ran).toHaveLength(1);
    // Still within the period: the other instance's tick skips it.
    expect(await b.runExclusive('sweep', timing, slowly('b'))).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await b.runExclusive('sweep', timing, slowly('b'))).toBe(true);
    // A failed run lets the next tick anywhere try again at once.
    await expect(a.runExclusive('failing', timing, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await b.runExclusive('failing', timing, () => undefined)).toBe(true);
  });
});

describe('Redis presence', () => {
  it('counts each member once across instances, within the window', async () => {
    const prefix = redis.current.keyPrefix();
    const a = new RedisPresence(await ready(commandClient()), prefix, 1_000, log);
    const b = new RedisPresence(await ready(commandClient()), prefix, 1_000, log);
    a.note('session', 'viewer-1');
    a.note('session', 'viewer-2');
    b.note('session', 'viewer-2');
    b.note('session', 'viewer-3');
    expect(await a.count('session')).toBe(2);
    expect(await b.count('session')).toBe(3);
    expect(await a.count('session')).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    b.note('session', 'viewer-3');
    expect(await b.count('session')).toBe(1);
    expect(await a.count('session')).toBe(1);
    b.forget('session');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await a.count('session')).toBe(0);
  });
});

describe('Redis one-time entries', () => {
  it("let an OAuth callback reaching B take the state A's start left, once", async () => {
    const prefix = redis.current.keyPrefix();
    const onA = new AppleLoginStates(new RedisOnceStore(await ready(commandClient()), prefix, log));
    const onB = new AppleLoginStates(new RedisOnceStore(await ready(commandClient()), prefix, log));
    const entry = { nonce: 'n', codeVerifier: 'v', host: 'https://app.example.com', roleId: undefined, redirectUri: 'https://app.example.com/cb' };
    const state = await onA.create(entry);
    expect(await onB.take(state)).toMatchObject({ nonce: 'n', codeVerifier: 'v', host: 'https://app.example.com' });
    expect(await onA.take(state)).toBeUndefined();
    expect(await onB.take('unknown')).toBeUndefined();
  });
});
