import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { LeaseClaim, LeaseStore } from '../bus-leases';
import { OutageLog } from './connection';

/**
 * A lease is a string `{holder}|{0|1 yielding}` with expiry; its group is a sorted set of names scored by when their
 * leases expire (Redis' own clock, so the instances' clocks never matter). Each script runs alone in Redis: the
 * check and the write of a claim are one step, across instances.
 */
const prelude = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local function owner(value)
  local split = string.find(value, '|', 1, true)
  return string.sub(value, 1, split - 1), string.sub(value, split + 1) == '1'
end
`;

/** KEYS: lease, group. ARGV: holder, ttl, limit (0: none), name. */
const claimScript = `${prelude}
local current = redis.call('GET', KEYS[1])
local holder = nil
if current then
  local yielding
  holder, yielding = owner(current)
  if holder ~= ARGV[1] and not yielding then return 'held' end
end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local limit = tonumber(ARGV[3])
if limit > 0 and not redis.call('ZSCORE', KEYS[2], ARGV[4]) and redis.call('ZCARD', KEYS[2]) >= limit then return 'full' end
redis.call('SET', KEYS[1], ARGV[1] .. '|0', 'PX', ARGV[2])
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[2]), ARGV[4])
if holder and holder ~= ARGV[1] then return 'taken' end
return 'granted'
`;

/** KEYS: lease, group. ARGV: holder, ttl, yielding (0|1), name. */
const renewScript = `${prelude}
local current = redis.call('GET', KEYS[1])
if current and owner(current) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1] .. '|' .. ARGV[3], 'PX', ARGV[2])
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[2]), ARGV[4])
return 1
`;

/** KEYS: lease, group. ARGV: holder, name. */
const releaseScript = `${prelude}
local current = redis.call('GET', KEYS[1])
if not current or owner(current) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[2])
return 1
`;

type Script = (lease: string, group: string, ...args: string[]) => Promise<unknown>;

export class RedisLeases implements LeaseStore {
  readonly kind = 'redis' as const;
  private readonly outage: OutageLog;

  constructor(
    private readonly client: Redis,
    private readonly keyPrefix: string,
    log: FastifyBaseLogger,
  ) {
    this.outage = new OutageLog(log, 'leases');
    client.defineCommand('cuepointLeaseClaim', { numberOfKeys: 2, lua: claimScript });
    client.defineCommand('cuepointLeaseRenew', { numberOfKeys: 2, lua: renewScript });
    client.defineCommand('cuepointLeaseRelease', { numberOfKeys: 2, lua: releaseScript });
  }

  private async run<T>(command: string, group: string, name: string, args: string[]): Promise<T | 'unknown'> {
    if (this.client.status !== 'ready') {
      this.outage.failed(new Error(`not connected (${this.client.status})`), group);
      return 'unknown';
    }
    try {
      const script = (this.client as unknown as Record<string, Script>)[command]!;
      const answer = (await script.call(this.client, this.leaseKey(group, name), this.groupKey(group), ...args)) as T;
      this.outage.recovered();
      return answer;
    } catch (error) {
      this.outage.failed(error, group);
      return 'unknown';
    }
  }

  claim(group: string, name: string, holder: string, options: { ttlMs: number; limit?: number }): Promise<LeaseClaim> {
    return this.run<LeaseClaim>('cuepointLeaseClaim', group, name, [holder, String(options.ttlMs), String(options.limit ?? 0), name]);
  }

  async renew(group: string, name: string, holder: string, options: { ttlMs: number; yielding: boolean }): Promise<boolean | 'unknown'> {
    const answer = await this.run<number>('cuepointLeaseRenew', group, name, [holder, String(options.ttlMs), options.yielding ? '1' : '0', name]);
    return answer === 'unknown' ? answer : answer === 1;
  }

  async release(group: string, name: string, holder: string): Promise<void> {
    await this.run<number>('cuepointLeaseRelease', group, name, [holder, name]);
  }

  async holderOf(group: string, name: string): Promise<string | null | 'unknown'> {
    if (this.client.status !== 'ready') return 'unknown';
    try {
      const value = await this.client.get(this.leaseKey(group, name));
      this.outage.recovered();
      return value === null ? null : value.slice(0, value.lastIndexOf('|'));
    } catch (error) {
      this.outage.failed(error, group);
      return 'unknown';
    }
  }

  private leaseKey(group: string, name: string): string {
    return `${this.keyPrefix}lease:${group}:${name}`;
  }

  private groupKey(group: string): string {
    return `${this.keyPrefix}lease-group:${group}`;
  }
}
