import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { MemoryOnceStore, type OnceStore } from '../bus-once';
import { OutageLog } from './connection';

/**
 * One-time entries in Redis, so the instance that takes an entry need not be the one that put it. While Redis is
 * unreachable entries are kept in this instance's memory (logged once): a flow that returns to the same instance
 * still works.
 */
export class RedisOnceStore implements OnceStore {
  private readonly local = new MemoryOnceStore();
  private readonly outage: OutageLog;

  constructor(
    private readonly client: Redis,
    private readonly keyPrefix: string,
    log: FastifyBaseLogger,
  ) {
    this.outage = new OutageLog(log, 'one-time entries');
  }

  async put(key: string, value: string, ttlMs: number): Promise<boolean> {
    try {
      const answer = await this.client.set(this.key(key), value, 'PX', ttlMs, 'NX');
      this.outage.recovered();
      return answer === 'OK';
    } catch (error) {
      this.outage.failed(error);
      return this.local.put(key, value, ttlMs);
    }
  }

  async take(key: string): Promise<string | null> {
    const local = await this.local.take(key);
    if (local !== null) return local;
    try {
      const value = await this.client.getdel(this.key(key));
      this.outage.recovered();
      return value;
    } catch (error) {
      this.outage.failed(error);
      return null;
    }
  }

  private key(key: string): string {
    return `${this.keyPrefix}once:${key}`;
  }
}
