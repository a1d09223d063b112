/**
 * Leases: a name held by one holder at a time, with expiry, kept alive by its holder's heartbeat (`renew`) and
 * released at the end; the names of a group are counted, so a group can be capped (`limit`). A holder that died
 * stops renewing and its lease expires. A lease marked `yielding` (its holder waits for something that may come
 * back on another instance, such as a publisher's reconnect) may be taken by another claimant; the old holder
 * learns it at its next `renew`. In process by default; in Redis with `REDIS_URL` (server/platform/redis/redis-leases.ts).
 *
 * While Redis is unreachable the Redis leases answer `unknown` (the caller falls back to what this instance knows).
 */
export interface LeaseStore {
  readonly kind: 'memory' | 'redis';
  claim(group: string, name: string, holder: string, options: { ttlMs: number; limit?: number }): Promise<LeaseClaim>;
  /** Keeps the lease ours for `ttlMs` more (taken back when it vanished); false when another holder has it now. */
  renew(group: string, name: string, holder: string, options: { ttlMs: number; yielding: boolean }): Promise<boolean | 'unknown'>;
  release(group: string, name: string, holder: string): Promise<void>;
  /** The holder of a lease now (null: nobody). */
  holderOf(group: string, name: string): Promise<string | null | 'unknown'>;
}

/** `taken`: granted by taking over a yielding lease of another holder. */
export type LeaseClaim = 'granted' | 'taken' | 'held' | 'full' | 'unknown';

interface MemoryLease {
  holder: string;
  yielding: boolean;
  expiresAt: number;
}

export class MemoryLeases implements LeaseStore {
  readonly kind = 'memory' as const;
  private readonly groups = new Map<string, Map<string, MemoryLease>>();

  constructor(private readonly now: () => number = Date.now) {}

  private live(group: string): Map<string, MemoryLease> {
    let leases = this.groups.get(group);
    if (!leases) {
      leases = new Map();
      this.groups.set(group, leases);
    }
    const now = this.now();
    for (const [name, lease] of leases) if (lease.expiresAt <= now) leases.delete(name);
    return leases;
  }

  async claim(group: string, name: string, holder: string, options: { ttlMs: number; limit?: number }): Promise<LeaseClaim> {
    const leases = this.live(group);
    const current = leases.get(name);
    if (current && current.holder !== holder && !current.yielding) return 'held';
    if (!current && options.limit !== undefined && leases.size >= options.limit) return 'full';
    leases.set(name, { holder, yielding: false, expiresAt: this.now() + options.ttlMs });
    return current && current.holder !== holder ? 'taken' : 'granted';
  }

  async renew(group: string, name: string, holder: string, options: { ttlMs: number; yielding: boolean }): Promise<boolean> {
    const leases = this.live(group);
    const current = leases.get(name);
    if (current && current.holder !== holder) return false;
    leases.set(name, { holder, yielding: options.yielding, expiresAt: this.now() + options.ttlMs });
    return true;
  }

  async release(group: string, name: string, holder: string): Promise<void> {
    const leases = this.live(group);
    if (leases.get(name)?.holder === holder) leases.delete(name);
  }

  async holderOf(group: string, name: string): Promise<string | null> {
    return this.live(group).get(name)?.holder ?? null;
  }
}
