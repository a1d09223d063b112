import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '@server/config';
import { Bus, type MessageBus } from './bus';
import { MemoryOrderedLog, type OrderedLog } from './ordered-log';
import { MemoryLeases, type LeaseStore } from './bus-leases';
import { MemoryOnceStore, type OnceStore } from './bus-once';
import { MemoryPresence, type Presence } from './bus-presence';
import { MemoryRateLimitStore, type RateLimitStore } from './rate-limit';
import type { ReadinessProbe } from './readiness';
import { LocalSweepLock, RedisSweepLock, type SweepLock } from './sweep-lock';
import { closeClient, createCommandClient, createSubscriberClient } from './redis/connection';
import { RedisBus } from './redis/redis-bus';
import { RedisOrderedLog } from './redis/redis-ordered-log';
import { RedisLeases } from './redis/redis-leases';
import { RedisOnceStore } from './redis/redis-once';
import { RedisPresence } from './redis/redis-presence';
import { RedisRateLimitStore } from './redis/redis-rate-limit';

/**
 * What instances share when `REDIS_URL` is set, and the single-machine default otherwise: the message bus and the
 * ordered log riding on it, the rate-limit counters, the sweep locks, presence counts, one-time entries and leases. One
 * subscriber connection (the bus, the ordered log's deliveries) and one command connection (everything else) per instance.
 */
export interface SharedEngines {
  kind: 'memory' | 'redis';
  bus: MessageBus;
  /** Chat's ordered topics (final ids, pending entries), over `bus`. */
  orderedLog: OrderedLog;
  rateLimits: RateLimitStore;
  sweeps: SweepLock;
  presence(name: string, windowMs: number): Presence;
  once: OnceStore;
  leases: LeaseStore;
  /** Readiness probes of these engines (none in memory). */
  probes: ReadinessProbe[];
  close(): Promise<void>;
}

export function createSharedEngines(
  redis: AppConfig['redis'],
  log: FastifyBaseLogger,
  onListenerError: (error: unknown, topic: string) => void,
): SharedEngines {
  if (!redis) {
    const bus = new Bus(onListenerError);
    return {
      kind: 'memory',
      bus,
      orderedLog: new MemoryOrderedLog(bus),
      rateLimits: new MemoryRateLimitStore(),
      sweeps: new LocalSweepLock(),
      presence: (_name, windowMs) => new MemoryPresence(windowMs),
      once: new MemoryOnceStore(),
      leases: new MemoryLeases(),
      probes: [],
      close: () => bus.close(),
    };
  }
  const commands = createCommandClient(redis.url, 'cuepoint');
  const subscriber = createSubscriberClient(redis.url, 'cuepoint-bus');
  const bus = new RedisBus(commands, subscriber, redis.keyPrefix, log, onListenerError);
  return {
    kind: 'redis',
    bus,
    orderedLog: new RedisOrderedLog(bus, commands, redis.keyPrefix),
    rateLimits: new RedisRateLimitStore(commands, redis.keyPrefix, log),
    sweeps: new RedisSweepLock(commands, redis.keyPrefix, log),
    presence: (name, windowMs) => new RedisPresence(commands, `${redis.keyPrefix}${name}:`, windowMs, log),
    once: new RedisOnceStore(commands, redis.keyPrefix, log),
    leases: new RedisLeases(commands, redis.keyPrefix, log),
    probes: [{ name: 'redis', check: () => bus.state === 'live' }],
    close: async () => {
      await bus.close();
      await Promise.all([closeClient(subscriber), closeClient(commands)]);
    },
  };
}
