import { Redis, type RedisOptions } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Reconnect quickly after an outage (a restarted Redis is found again within about two seconds) but without
 * hammering it: 100 ms, 200 ms, ... up to 2 s between attempts, forever.
 */
const retryStrategy = (times: number) => Math.min(times * 100, 2_000);

/**
 * A command connection: while Redis is unreachable every command fails at once (no offline queue), so a request
 * never waits for Redis to come back; the callers fall back or fail soft.
 */
export function createCommandClient(url: string, name: string): Redis {
  return new Redis(url, {
    ...common(name),
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 2_000,
  });
}

/**
 * The subscriber connection: SUBSCRIBE issued while Redis is away waits for the reconnect, and ioredis subscribes to
 * every channel again once it is back (`autoResubscribe`).
 */
export function createSubscriberClient(url: string, name: string): Redis {
  return new Redis(url, { ...common(name), enableOfflineQueue: true, maxRetriesPerRequest: null, autoResubscribe: true });
}

function common(name: string): RedisOptions {
  return { connectionName: name, retryStrategy, connectTimeout: 2_000, disableClientInfo: true };
}

/** Closes a connection (no reconnect): politely while it is up, at once while Redis is away. */
export async function closeClient(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([client.quit(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('QUIT timed out')), 1_000)))]);
  } catch {
    client.disconnect();
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Redis failures are logged once per outage, not once per request: the first failure warns, later ones are quiet
 * until a success (or the connection's `ready`) says Redis is back, which is logged too.
 */
export class OutageLog {
  private down = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly what: string,
  ) {}

  failed(error: unknown, detail?: string): void {
    if (this.down) return;
    this.down = true;
    this.log.warn({ reason: error instanceof Error ? error.message : String(error), ...(detail && { detail }) }, `${this.what}: Redis unreachable`);
  }

  recovered(): void {
    if (!this.down) return;
    this.down = false;
    this.log.info(`${this.what}: Redis reachable again`);
  }
}
