import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { platformSettings } from '@db/schema/settings';
import { openSqliteStore, type AsyncDb, type SqliteStore } from '@db/sqlite-store';

/** The embedded store under async services: transactions that await, on one connection, never mix. */
let dir: string;
let store: SqliteStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cuepoint-store-'));
  store = openSqliteStore(join(dir, 'cuepoint.db'));
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const counterKey = and(eq(platformSettings.group, 'test'), eq(platformSettings.key, 'counter'));

async function readCounter(db: AsyncDb): Promise<number> {
  const [row] = await db.select({ value: platformSettings.value }).from(platformSettings).where(counterKey);
  return Number(row?.value ?? 0);
}

async function writeCounter(db: AsyncDb, value: number): Promise<void> {
  await db
    .insert(platformSettings)
    .values({ group: 'test', key: 'counter', value: String(value) })
    .onConflictDoUpdate({ target: [platformSettings.group, platformSettings.key], set: { value: String(value) } });
}

describe('SQLite store', () => {
  it('runs interleaved read-modify-write transactions one after another', async () => {
    const writers = Array.from({ length: 25 }, () =>
      store.transaction(async (tx) => {
        const value = await readCounter(tx);
        await nextTurn();
        await writeCounter(tx, value + 1);
      }),
    );
    await Promise.all(writers);
    expect(await readCounter(store.db)).toBe(25);
  });

  it('keeps a write made outside while a transaction is open out of that transaction', async () => {
    let releaseTransaction!: () => void;
    const held = new Promise<void>((resolve) => (releaseTransaction = resolve));
    let transactionStarted!: () => void;
    const started = new Promise<void>((resolve) => (transactionStarted = resolve));

    const failing = store.transaction(async (tx) => {
      await writeCounter(tx, 100);
      transactionStarted();
      await held;
      throw new Error('changed my mind');
    });
    await started;
    const outsideWrite = store.db.insert(platformSettings).values({ group: 'test', key: 'outside', value: 'kept' }).then(() => 'written');
    const outsideRead = readCounter(store.db);
    await nextTurn();
    releaseTransaction();

    await expect(failing).rejects.toThrow('changed my mind');
    expect(await outsideWrite).toBe('written');
    expect(await outsideRead).toBe(0);
    expect(await readCounter(store.db)).toBe(0);
    const [kept] = await store.db.select().from(platformSettings).where(eq(platformSettings.key, 'outside'));
    expect(kept?.value).toBe('kept');
  });

  it('joins a nested transaction to the open one and reports changed rows', async () => {
    await store.transaction(async (tx) => {
      await writeCounter(tx, 1);
      await store.transaction(async (inner) => writeCounter(inner, (await readCounter(inner)) + 1));
    });
    expect(await readCounter(store.db)).toBe(2);
    const result = (await store.db.update(platformSettings).set({ value: '7' }).where(counterKey)) as unknown as { rowCount: number };
    expect(result.rowCount).toBe(1);
  });
});
