import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { instanceHeartbeats } from '@db/schema/platform';
import { firstRow, type Db } from '@db/store';

export interface InstanceHeartbeatLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface InstanceHeartbeatOptions {
  /** How often the row is refreshed and the others counted (default 30 s). */
  intervalMs?: number;
  now?: () => number;
}

/**
 * What an instance says when it finds others on its PostgreSQL database while it has no Redis: the database keeps
 * money, queues and sweeps right, but what travels on the bus stays on each instance.
 */
export const sharedDatabaseWithoutRedisMessage =
  'Another Cuepoint instance uses this PostgreSQL database, but REDIS_URL is not set: chat and hub messages, live viewer counts and publishers, rate limits and sign-outs stay within each instance. Set REDIS_URL on every instance (README: "Growing past one machine").';

/**
 * Instances on one PostgreSQL database without Redis: each keeps a row of `instance_heartbeats` fresh and counts the
 * others seen within three intervals. Finding one, it logs a warning (again only after they were all gone a while);
 * rows of instances that stopped without removing theirs (a crash) are deleted once stale.
 */
export class InstanceHeartbeat {
  readonly id = randomUUID();
  private readonly intervalMs: number;
  private readonly now: () => number;
  private readonly startedAt: string;
  private warned = false;
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<unknown> | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: InstanceHeartbeatLog,
    options: InstanceHeartbeatOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 30_000;
    this.now = options.now ?? Date.now;
    this.startedAt = new Date(this.now()).toISOString();
  }

  /** Refreshes this instance's row, clears stale ones and answers how many other instances are running. */
  async beat(): Promise<number> {
    const now = this.now();
    const seenAt = new Date(now).toISOString();
    const freshSince = new Date(now - 3 * this.intervalMs).toISOString();
    await this.db
      .insert(instanceHeartbeats)
      .values({ id: this.id, host: hostname(), startedAt: this.startedAt, seenAt })
      .onConflictDoUpdate({ target: instanceHeartbeats.id, set: { seenAt } });
    await this.db.delete(instanceHeartbeats).where(lt(instanceHeartbeats.seenAt, freshSince));
    const row = await firstRow(
      this.db
        .select({ others: sql<number>`count(*)` })
        .from(instanceHeartbeats)
        .where(and(ne(instanceHeartbeats.id, this.id), gte(instanceHeartbeats.seenAt, freshSince))),
    );
    const others = Number(row?.others ?? 0);
    if (others > 0 && !this.warned) this.log.warn({ otherInstances: others }, sharedDatabaseWithoutRedisMessage);
    this.warned = others > 0;
    return others;
  }

  /** Beats now and every interval (a failed beat is logged; the next one tries again). */
  start(): void {
    const tick = () => {
      if (this.beating) return;
      this.beating = this.beat()
        .catch((error: unknown) => this.log.error({ err: error }, 'instance heartbeat failed'))
        .finally(() => (this.beating = undefined));
    };
    tick();
    this.timer = setInterval(tick, this.intervalMs);
    this.timer.unref();
  }

  /** No more beats; once the one under way ends, the row goes, so the others stop counting this instance at once. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
    await this.db
      .delete(instanceHeartbeats)
      .where(eq(instanceHeartbeats.id, this.id))
      .catch((error: unknown) => this.log.error({ err: error }, 'instance heartbeat: removing the row failed (it goes stale on its own)'));
  }
}
