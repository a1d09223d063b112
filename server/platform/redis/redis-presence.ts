import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { MemoryPresence, type Presence } from '../bus-presence';
import { OutageLog } from './connection';

/** Notes are written in batches: at most this long after a viewer was seen. */
const flushDelayMs = 200;

/**
 * Presence shared by the instances: a sorted set per set name (member → when it was last seen) in Redis, written in
 * batches, counted with ZCOUNT over the window. This instance's own notes are also kept in memory, the answer
 * while Redis is unreachable (logged once).
 */
export class RedisPresence implements Presence {
  private readonly local: MemoryPresence;
  private pending = new Map<string, Map<string, number>>();
  private timer: NodeJS.Timeout | null = null;
  private readonly outage: OutageLog;

  constructor(
    private readonly client: Redis,
    private readonly keyPrefix: string,
    private readonly windowMs: number,
    log: FastifyBaseLogger,
  ) {
    this.local = new MemoryPresence(windowMs);
    this.outage = new OutageLog(log, 'viewer counts');
  }

  note(set: string, member: string): void {
    this.local.note(set, member);
    let members = this.pending.get(set);
    if (!members) {
      members = new Map();
      this.pending.set(set, members);
    }
    members.set(member, Date.now());
    this.timer ??= setTimeout(() => void this.flush(), flushDelayMs);
    this.timer.unref();
  }

  async count(set: string): Promise<number> {
    await this.flush();
    if (this.client.status !== 'ready') return this.local.count(set);
    try {
      const total = await this.client.zcount(this.key(set), Date.now() - this.windowMs, '+inf');
      this.outage.recovered();
      return total;
    } catch (error) {
      this.outage.failed(error);
      return this.local.count(set);
    }
  }

  forget(set: string): void {
    this.local.forget(set);
    this.pending.delete(set);
    if (this.client.status === 'ready') this.client.del(this.key(set)).catch((error: unknown) => this.outage.failed(error));
  }

  private async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    if (this.client.status !== 'ready') return;
    const pipeline = this.client.pipeline();
    const cutoff = Date.now() - this.windowMs;
    for (const [set, members] of batch) {
      const key = this.key(set);
      pipeline.zadd(key, ...[...members].flatMap(([member, at]) => [at, member] as const));
      pipeline.zremrangebyscore(key, '-inf', cutoff);
      pipeline.pexpire(key, this.windowMs * 2);
    }
    try {
      await pipeline.exec();
      this.outage.recovered();
    } catch (error) {
      this.outage.failed(error);
    }
  }

  private key(set: string): string {
    return `${this.keyPrefix}presence:${set}`;
  }
}
