import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformSettings } from '@db/schema/settings';
import { openPostgresStore } from '@db/postgres-store';
import { openSqliteStore, sqliteConnectionOf } from '@db/sqlite-store';
import { changedRows, firstRow, type Db, type Store } from '@db/store';
import { usePostgres } from '../engines/postgres';

/**
 * What every service relies on from its store, on both engines: awaited queries, transactions that may await and
 * that `db` joins inside their async context, nested transactions joining the open one, rollbacks that leave other
 * requests' work alone, and concurrent read-modify-write transactions that never lose an update.
 */
const postgres = usePostgres();
const dir = mkdtempSync(join(tmpdir(), 'cuepoint-store-contract-'));
const stores: Record<'sqlite' | 'postgres', Store | undefined> = { sqlite: undefined, postgres: undefined };

beforeAll(async () => {
  stores.sqlite = openSqliteStore(join(dir, 'cuepoint.db'));
  stores.postgres = await openPostgresStore(await postgres.current.createDatabase());
});
afterAll(async () => {
  await stores.sqlite?.close();
  await stores.postgres?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(['sqlite', 'postgres'] as const)('the %s store', (dialect) => {
  const store = () => stores[dialect]!;
  let group = '';
  let counter = 0;
  const key = (name: string) => and(eq(platformSettings.group, group), eq(platformSettings.key, name));
  const read = async (db: Db, name = 'counter') => Number((await firstRow(db.select({ value: platformSettings.value }).from(platformSettings).where(key(name))))?.value ?? 0);
  const write = (db: Db, value: number, name = 'counter') =>
    db
      .insert(platformSettings)
      .values({ group, key: name, value: String(value) })
      .onConflictDoUpdate({ target: [platformSettings.group, platformSettings.key], set: { value: String(value) } });
  const freshGroup = () => (group = `test-${dialect}-${++counter}`);

  it('names its dialect', () => {
    expect(store().dialect).toBe(dialect);
    expect(sqliteConnectionOf(store()) === null).toBe(dialect === 'postgres');
    expect(store().syncReads === null).toBe(dialect === 'postgres');
    expect(store().embedded === null).toBe(dialect === 'postgres');
    expect(store().changes.seesOtherWriters).toBe(dialect === 'sqlite');
  });

  it('answers the first row and the number of changed rows', async () => {
    freshGroup();
    const { db } = store();
    expect(await read(db)).toBe(0);
    await write(db, 3);
    expect(await changedRows(db.update(platformSettings).set({ value: '4' }).where(key('counter')))).toBe(1);
    expect(await changedRows(db.update(platformSettings).set({ value: '5' }).where(key('nothing')))).toBe(0);
    expect(await read(db)).toBe(4);
  });

  it('runs 25 interleaved read-modify-write transactions without losing one', async () => {
    freshGroup();
    const { db } = store();
    await Promise.all(
      Array.from({ length: 25 }, () =>
        db.transaction(async (tx) => {
          const value = await read(tx);
          await nextTurn();
          await write(tx, value + 1);
        }),
      ),
    );
    expect(await read(db)).toBe(25);
  });

  it('lets `db` inside the transaction see its own writes, and keeps others out of it', async () => {
    freshGroup();
    const { db } = store();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const inside = new Promise<void>((resolve) => (started = resolve));
    const failing = store().transaction(async () => {
      expect(store().inTransaction()).toBe(true);
      await write(db, 100);
      expect(await read(db)).toBe(100);
      started();
      await held;
      throw new Error('changed my mind');
    });
    await inside;
    expect(store().inTransaction()).toBe(false);
    const outsideWrite = write(db, 1, 'outside').then(() => 'written');
    const outsideRead = read(db);
    await nextTurn();
    release();
    await expect(failing).rejects.toThrow('changed my mind');
    expect(await outsideWrite).toBe('written');
    expect(await outsideRead).toBe(0);
    expect(await read(db)).toBe(0);
    expect(await read(db, 'outside')).toBe(1);
  });

  it('joins a nested transaction to the open one: a throw inside undoes both', async () => {
    freshGroup();
    const { db } = store();
    await db.transaction(async (tx) => {
      await write(tx, 1);
      await db.transaction(async (inner) => write(inner, (await read(inner)) + 1));
    });
    expect(await read(db)).toBe(2);
    await expect(
      db.transaction(async (tx) => {
        await write(tx, 10);
        await db.transaction(async () => {
          throw new Error('inner failed');
        });
      }),
    ).rejects.toThrow('inner failed');
    expect(await read(db)).toBe(2);
  });
});
