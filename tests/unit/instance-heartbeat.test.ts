import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { instanceHeartbeats } from '@db/schema/platform';
import { openDatabase, type DatabaseHandle } from '@db/client';
import { InstanceHeartbeat, sharedDatabaseWithoutRedisMessage } from '@server/platform/instance-heartbeat';

const intervalMs = 30_000;
let dir: string;
let database: DatabaseHandle;
let now: number;
let warnings: { details: object; message: string }[];
const log = { warn: (details: object, message: string) => warnings.push({ details, message }), error: () => {} };
const instance = () => new InstanceHeartbeat(database.db, log, { intervalMs, now: () => now });

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cuepoint-heartbeat-'));
  database = openDatabase(join(dir, 'cuepoint.db'));
  now = Date.parse('2026-11-27T09:00:00.000Z');
  warnings = [];
});
afterEach(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('instance heartbeat', () => {
  it('warns once when another instance shares the database, and again only after it was gone', async () => {
    const a = instance();
    expect(await a.beat()).toBe(0);
    expect(warnings).toEqual([]);

    const b = instance();
    expect(await b.beat()).toBe(1);
    now += intervalMs;
    expect(await a.beat()).toBe(1);
    expect(await b.beat()).toBe(1);
    expect(await a.beat()).toBe(1);
    expect(warnings).toEqual([
      { details: { otherInstances: 1 }, message: sharedDatabaseWithoutRedisMessage },
      { details: { otherInstances: 1 }, message: sharedDatabaseWithoutRedisMessage },
    ]);

    await b.stop();
    expect(await a.beat()).toBe(0);
    const c = instance();
    await c.beat();
    expect(await a.beat()).toBe(1);
    expect(warnings).toHaveLength(4);
  });

  it('stops counting an instance that stopped beating (a crash) after three intervals, and clears its row', async () => {
    const a = instance();
    const crashed = instance();
    await crashed.beat();
    now += 3 * intervalMs;
    expect(await a.beat()).toBe(1);
    now += 1;
    expect(await a.beat()).toBe(0);
    expect((await database.db.select().from(instanceHeartbeats)).map((row) => row.id)).toEqual([a.id]);
  });
});
