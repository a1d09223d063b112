/**
 * Short-lived entries taken at most once, readable by every instance: what one request leaves for a later one that
 * a load balancer may send elsewhere (a SignalR negotiate and its socket, an OAuth start and its callback). In
 * process by default; in Redis (`SET … PX … NX`, `GETDEL`) with `REDIS_URL` (server/platform/redis/redis-once.ts).
 */
export interface OnceStore {
  /** Keeps `value` under `key` for `ttlMs`; false when the key is already there. */
  put(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Removes the entry and answers its value; null when unknown, taken already or expired. */
  take(key: string): Promise<string | null>;
}

/** Bounded: expired entries are swept, and when it is still full the oldest entry makes room. */
export class MemoryOnceStore implements OnceStore {
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();

  constructor(
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  async put(key: string, value: string, ttlMs: number): Promise<boolean> {
    const existing = this.entries.get(key);
    if (existing && existing.expiresAt > this.now()) return false;
    if (this.entries.size >= this.maxEntries) this.sweep();
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
    return true;
  }

  async take(key: string): Promise<string | null> {
    const entry = this.entries.get(key);
    if (!entry) return null;
    this.entries.delete(key);
    return entry.expiresAt > this.now() ? entry.value : null;
  }

  private sweep(): void {
    const time = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= time) this.entries.delete(key);
  }
}
