import { randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { sweepLocks } from '@db/schema/platform';
import { firstRow, type Db } from '@db/store';
import type { FastifyBaseLogger } from 'fastify';
import { OutageLog } from './redis/connection';

/**
 * Periodic sweeps (the go-live announcements, the billing clock, what a stopped process left of live sessions) run on
 * one instance at a time. At each tick a sweep asks `runExclusive(name, { ttlMs, periodMs }, work)`: the work runs
 * when this instance takes the sweep's lock, and the answer says whether it ran. `ttlMs` bounds how long a holder
 * that died keeps others out (longer than the work takes); with `periodMs` the holder keeps the lock until a period
 * after it took it, so the sweep runs once a period whichever instance ticks first. Alone (no Redis) an instance
 * always takes it (only an overlapping run of the same sweep is skipped).
 */
export interface SweepLock {
  readonly kind: 'local' | 'redis' | 'database';
  runExclusive(name: string, timing: SweepTiming, work: () => unknown): Promise<boolean>;
}

export interface SweepTiming {
  ttlMs: number;
  periodMs?: number;
}

export class LocalSweepLock implements SweepLock {
  readonly kind = 'local' as const;
  private readonly running = new Set<string>();

  async runExclusive(name: string, _timing: SweepTiming, work: () => unknown): Promise<boolean> {
    if (this.running.has(name)) return false;
    this.running.add(name);
    try {
      await work();
      return true;
    } finally {
      this.running.delete(name);
    }
  }
}

/**
 * Releases the lock only while it still holds our token (another instance may hold it once ours expired): deleted,
 * or (ARGV[2] > 0) kept for that many more milliseconds, the rest of the sweep's period.
 */
const releaseScript = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if tonumber(ARGV[2]) > 0 then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return redis.call('DEL', KEYS[1])
`;

/**
 * A lock with expiry in Redis: `SET key token NX PX ttl`, released by a compare-and-delete script (a failed run
 * releases at once, so the next tick anywhere tries again). While Redis is unreachable no instance takes the lock and
 * the sweep waits for a tick once it is back (logged once), so it never runs on two instances at once.
 */
export class RedisSweepLock implements SweepLock {
  readonly kind = 'redis' as const;
  private readonly outage: OutageLog;

  constructor(
    private readonly client: Redis,
    private readonly keyPrefix: string,
    log: FastifyBaseLogger,
  ) {
    this.outage = new OutageLog(log, 'sweep lock');
    client.defineCommand('cuepointReleaseLock', { numberOfKeys: 1, lua: releaseScript });
  }

  async runExclusive(name: string, timing: SweepTiming, work: () => unknown): Promise<boolean> {
    const key = `${this.keyPrefix}sweep:${name}`;
    const token = randomBytes(16).toString('base64url');
    const takenAt = Date.now();
    try {
      const taken = await this.client.set(key, token, 'PX', Math.max(timing.ttlMs, timing.periodMs ?? 0), 'NX');
      this.outage.recovered();
      if (taken !== 'OK') return false;
    } catch (error) {
      this.outage.failed(error, name);
      return false;
    }
    let keepMs = 0;
    try {
      await work();
      // Done: the rest of the period stays taken, so the other instances' ticks in it skip the sweep.
      keepMs = Math.floor(takenAt + (timing.periodMs ?? 0) - Date.now());
      return true;
    } finally {
      const release = (this.client as unknown as { cuepointReleaseLock(key: string, token: string, keepMs: string): Promise<number> }).cuepointReleaseLock;
      await release.call(this.client, key, token, String(Math.max(0, keepMs))).catch((error: unknown) => this.outage.failed(error, name));
    }
  }
}

/**
 * The lock as a row of the shared database, for instances on one PostgreSQL without Redis: taken by an upsert that
 * only overwrites a row whose time has run out (one statement, so two instances never both take it), kept for the
 * rest of the period after the work, removed at once when the work fails.
 */
export class DatabaseSweepLock implements SweepLock {
  readonly kind = 'database' as const;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async runExclusive(name: string, timing: SweepTiming, work: () => unknown): Promise<boolean> {
    const holder = randomBytes(16).toString('base64url');
    const takenAt = Date.now();
    const heldUntil = new Date(takenAt + Math.max(timing.ttlMs, timing.periodMs ?? 0)).toISOString();
    const taken = await firstRow(
      this.db
        .insert(sweepLocks)
        .values({ name, holder, heldUntil })
        .onConflictDoUpdate({ target: sweepLocks.name, set: { holder, heldUntil }, setWhere: lt(sweepLocks.heldUntil, new Date(takenAt).toISOString()) })
        .returning({ holder: sweepLocks.holder }),
    );
    if (taken?.holder !== holder) return false;
    let keepUntil: number | null = null;
    try {
      await work();
      // Done: the rest of the period stays taken, so the other instances' ticks in it skip the sweep.
      if (timing.periodMs && takenAt + timing.periodMs > Date.now()) keepUntil = takenAt + timing.periodMs;
      return true;
    } finally {
      // Failed, or no period left: the row goes, so the next tick anywhere takes the lock.
      const ours = and(eq(sweepLocks.name, name), eq(sweepLocks.holder, holder));
      const release = keepUntil === null ? this.db.delete(sweepLocks).where(ours) : this.db.update(sweepLocks).set({ heldUntil: new Date(keepUntil).toISOString() }).where(ours);
      await release.catch((error: unknown) => this.log.error({ err: error, sweep: name }, 'sweep lock: release failed (it expires on its own)'));
    }
  }
}
