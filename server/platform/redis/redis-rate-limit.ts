import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { MemoryRateLimitStore, type RateLimitRule, type RateLimitStore, type RateLimitVerdict } from '../rate-limit';
import { OutageLog } from './connection';

/**
 * rate-limiter-flexible's store with the same sliding window as `MemoryRateLimitStore` (its stock script counts a
 * fixed window, which allows twice the limit around a window's end): a sorted set of hit times per key, on Redis'
 * own clock so instances with drifting clocks agree. At most `limit` hits in any `windowMs`; a refused hit is not
 * recorded; the answer is `{consumed, ms before the next hit is allowed}`, read by the library as usual (consumed
 * above the limit means refused). ARGV: points, whole seconds, limit, duration in seconds.
 */
const slidingWindowScript = `
local limit = tonumber(ARGV[3])
local windowMs = math.floor(tonumber(ARGV[4]) * 1000)
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - windowMs)
local count = redis.call('ZCARD', KEYS[1])
if count >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
  local wait = tonumber(oldest[2]) + windowMs - now
  if wait < 1 then wait = 1 end
  return {limit + 1, wait}
end
redis.call('ZADD', KEYS[1], now, time[1] .. '.' .. time[2] .. '.' .. count)
redis.call('PEXPIRE', KEYS[1], windowMs)
return {count + 1, windowMs}
`;

/**
 * Rate limits shared by every instance, in Redis. While Redis is unreachable each instance counts in its own memory
 * (logged once): limits keep holding per instance rather than failing every login or chat message.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly limiters = new Map<string, RateLimiterRedis>();
  private readonly outage: OutageLog;

  constructor(
    private readonly client: Redis,
    private readonly keyPrefix: string,
    log: FastifyBaseLogger,
    private readonly fallback: RateLimitStore = new MemoryRateLimitStore(),
  ) {
    this.outage = new OutageLog(log, 'rate limits');
  }

  async hit(key: string, rule: RateLimitRule, now: number): Promise<RateLimitVerdict> {
    try {
      const res = await this.limiterFor(rule).consume(key);
      this.outage.recovered();
      return { allowed: true, remaining: res.remainingPoints, retryAfterMs: 0 };
    } catch (error) {
      if (error instanceof RateLimiterRes) return { allowed: false, remaining: 0, retryAfterMs: Math.max(1, error.msBeforeNext) };
      this.outage.failed(error);
      return this.fallback.hit(key, rule, now);
    }
  }

  /** One limiter per rule (the library's limiters have a fixed limit and duration); they share the connection. */
  private limiterFor(rule: RateLimitRule): RateLimiterRedis {
    if (rule.windowMs < 1000) throw new Error('Shared rate limits count windows of a second or more');
    const name = `${rule.limit}/${rule.windowMs}`;
    let limiter = this.limiters.get(name);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: this.client,
        keyPrefix: `${this.keyPrefix}rate:${name}`,
        points: rule.limit,
        duration: rule.windowMs / 1000,
        customIncrTtlLuaScript: slidingWindowScript,
        rejectIfRedisNotReady: true,
      });
      this.limiters.set(name, limiter);
    }
    return limiter;
  }
}
