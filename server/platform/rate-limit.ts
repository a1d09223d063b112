import { DomainError } from '@server/platform/errors';

export const tooManyAttemptsMessage = 'Too many attempts. Please wait a minute and try again.';

/** At most `limit` hits in any `windowMs` span (a sliding window: no window edge ever resets a count early). */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** Hits still allowed in the current window after this one (0 when refused). */
  remaining: number;
  /** When refused: milliseconds until the next hit would be allowed; 0 when allowed. */
  retryAfterMs: number;
}

/**
 * Where the hit times live: in this process by default (`MemoryRateLimitStore`), in Redis when instances share
 * their limits (`RedisRateLimitStore`, server/platform/redis/redis-rate-limit.ts) — the same sliding window either way.
 */
export interface RateLimitStore {
  /** Records a hit for `key` when fewer than `rule.limit` hits fall within the last `rule.windowMs`. Refused hits are not recorded. */
  hit(key: string, rule: RateLimitRule, now: number): RateLimitVerdict | Promise<RateLimitVerdict>;
}

/** Sliding log in memory: per key the times of the last `limit` allowed hits (so memory is bounded by the limit). */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly hits = new Map<string, { times: number[]; windowMs: number }>();

  constructor(private readonly maxKeys = 100_000) {}

  hit(key: string, rule: RateLimitRule, now: number): RateLimitVerdict {
    let entry = this.hits.get(key);
    if (!entry) {
      if (this.hits.size >= this.maxKeys) this.sweep(now);
      entry = { times: [], windowMs: rule.windowMs };
      this.hits.set(key, entry);
    }
    entry.windowMs = Math.max(entry.windowMs, rule.windowMs);
    const windowStart = now - rule.windowMs;
    while (entry.times.length && entry.times[0]! <= windowStart) entry.times.shift();
    if (entry.times.length >= rule.limit) {
      const oldest = entry.times[entry.times.length - rule.limit]!;
      return { allowed: false, remaining: 0, retryAfterMs: Math.max(1, oldest + rule.windowMs - now) };
    }
    entry.times.push(now);
    return { allowed: true, remaining: rule.limit - entry.times.length, retryAfterMs: 0 };
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.hits) {
      const newest = entry.times[entry.times.length - 1];
      if (newest === undefined || newest <= now - entry.windowMs) this.hits.delete(key);
    }
    // Still full of live keys (a flood of distinct keys): drop the oldest rather than grow without bound.
    for (const key of this.hits.keys()) {
      if (this.hits.size < this.maxKeys) break;
      this.hits.delete(key);
    }
  }
}

/**
 * The app's rate limiter (`services.rateLimiter`). Limits run inside procedures, so the REST shims and
 * tRPC share one budget per key, and with `REDIS_URL` every instance shares it too. Keys are free text; prefix them
 * with what they count, e.g. `login:account:<userId>`, `chat:send:<senderId>`.
 *
 * - `await hit(key, { limit, windowMs })` counts a hit and answers `{ allowed, remaining, retryAfterMs }`.
 * - `await consume(key, rule, message?)` does the same and throws a 429 DomainError (`tooManyAttemptsMessage` unless
 *   told otherwise) when refused.
 */
export class RateLimiter {
  constructor(
    private readonly now: () => number = Date.now,
    private readonly store: RateLimitStore = new MemoryRateLimitStore(),
  ) {}

  async hit(key: string, rule: RateLimitRule): Promise<RateLimitVerdict> {
    return this.store.hit(key, rule, this.now());
  }

  async consume(key: string, rule: RateLimitRule, message = tooManyAttemptsMessage): Promise<void> {
    const verdict = await this.store.hit(key, rule, this.now());
    if (!verdict.allowed) throw new DomainError({ code: 'TOO_MANY_REQUESTS', message });
  }
}
