import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { instanceHeartbeats } from '@db/schema/platform';
import { sharedDatabaseWithoutRedisMessage } from '@server/platform/instance-heartbeat';
import { createTestInstances, type TestInstances } from '../helpers/instances';
import { usePostgres } from '../engines/postgres';
import { useRedis } from '../engines/redis';

/**
 * Instances on one PostgreSQL database without Redis share money, queues and sweeps through the database, but not the
 * bus: each says so in its log once it finds another. With Redis nothing is kept or said.
 */
const postgres = usePostgres();
const redis = useRedis();
let deployment: TestInstances | undefined;
afterEach(async () => {
  await deployment?.close();
  deployment = undefined;
});

function logLines() {
  const lines: { level: number; msg: string; otherInstances?: number }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as (typeof lines)[number]);
      done();
    },
  });
  return { lines, stream };
}

describe('instances on one PostgreSQL database', () => {
  it('each warn once that the bus stays per instance without REDIS_URL; a stopped one stops counting at once', async () => {
    const log = logLines();
    deployment = await createTestInstances(2, { DATABASE_URL: await postgres.current.createDatabase(), LOG_LEVEL: 'warn' }, { logStream: log.stream, instanceHeartbeat: { intervalMs: 100 } }, { sharedEngines: false });
    const warnings = () => log.lines.filter((line) => line.msg === sharedDatabaseWithoutRedisMessage);
    await expect.poll(() => warnings().length, { timeout: 5_000 }).toBe(2);
    await sleep(400);
    expect(warnings()).toEqual([expect.objectContaining({ level: 40, otherInstances: 1 }), expect.objectContaining({ level: 40, otherInstances: 1 })]);

    const [a, b] = deployment.instances;
    await b!.app.close();
    expect((await a!.app.services.db.select().from(instanceHeartbeats)).length).toBe(1);
  });

  it('keep no heartbeat and say nothing with Redis', async () => {
    const log = logLines();
    const env = { DATABASE_URL: await postgres.current.createDatabase(), REDIS_URL: redis.current.url, REDIS_KEY_PREFIX: redis.current.keyPrefix(), LOG_LEVEL: 'warn' };
    deployment = await createTestInstances(2, env, { logStream: log.stream, instanceHeartbeat: { intervalMs: 100 } }, { sharedEngines: false });
    await sleep(400);
    expect(await deployment.instances[0]!.app.services.db.select().from(instanceHeartbeats)).toEqual([]);
    expect(log.lines.filter((line) => line.msg === sharedDatabaseWithoutRedisMessage)).toEqual([]);
  });
});
