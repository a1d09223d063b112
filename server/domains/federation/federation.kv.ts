import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import { federationKv } from '@db/schema/federation';
import { changedRows, firstRow, type Db } from '@db/store';

/** Fedify hands TTLs as Temporal durations (its polyfill on Node 20): only `total` is read. */
type Duration = { total(unit: 'millisecond' | { unit: 'millisecond' }): number };

/** The key as stored: the JSON of its array, so a prefix of the array is a prefix of the text (minus its closing `]`). */
export function kvKeyText(key: KvKey): string {
  return JSON.stringify(key);
}

function ttlMs(ttl: KvStoreSetOptions['ttl']): number | null {
  if (!ttl) return null;
  return (ttl as unknown as Duration).total({ unit: 'millisecond' });
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Fedify's key-value store on our database (`federation_kv`; SQLite or PostgreSQL through `services.db`): remote
 * documents and keys it caches, the activity ids it has seen (idempotence), its circuit-breaker state. Expired
 * entries read as missing and are deleted by `sweep`.
 */
export class DatabaseKvStore implements KvStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  private live() {
    return or(isNull(federationKv.expiresAt), gt(federationKv.expiresAt, new Date(this.now()).toISOString()));
  }

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const row = await firstRow(this.db.select({ value: federationKv.value }).from(federationKv).where(and(eq(federationKv.key, kvKeyText(key)), this.live())));
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const ms = ttlMs(options?.ttl);
    const expiresAt = ms === null ? null : new Date(this.now() + ms).toISOString();
    const text = JSON.stringify(value ?? null);
    await this.db
      .insert(federationKv)
      .values({ key: kvKeyText(key), value: text, expiresAt })
      .onConflictDoUpdate({ target: federationKv.key, set: { value: text, expiresAt } });
  }

  async delete(key: KvKey): Promise<void> {
    await this.db.delete(federationKv).where(eq(federationKv.key, kvKeyText(key)));
  }

  async cas(key: KvKey, expectedValue: unknown, newValue: unknown, options?: KvStoreSetOptions): Promise<boolean> {
    const text = kvKeyText(key);
    const ms = ttlMs(options?.ttl);
    const expiresAt = ms === null ? null : new Date(this.now() + ms).toISOString();
    if (expectedValue === undefined) {
      // Absent or expired: take it (an expired row is replaced only while still expired).
      await this.db.delete(federationKv).where(and(eq(federationKv.key, text), lte(federationKv.expiresAt, new Date(this.now()).toISOString())));
      const inserted = await changedRows(this.db.insert(federationKv).values({ key: text, value: JSON.stringify(newValue ?? null), expiresAt }).onConflictDoNothing());
      return inserted > 0;
    }
    const updated = await changedRows(
      this.db
        .update(federationKv)
        .set({ value: JSON.stringify(newValue ?? null), expiresAt })
        .where(and(eq(federationKv.key, text), this.live(), eq(federationKv.value, JSON.stringify(expectedValue)))),
    );
    return updated > 0;
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    const within = prefix
      ? or(eq(federationKv.key, kvKeyText(prefix)), sql`${federationKv.key} like ${`${escapeLike(kvKeyText(prefix).slice(0, -1))},%`} escape '\\'`)
      : undefined;
    const rows = await this.db.select({ key: federationKv.key, value: federationKv.value }).from(federationKv).where(and(this.live(), within));
    for (const row of rows) yield { key: JSON.parse(row.key) as KvKey, value: JSON.parse(row.value) as unknown };
  }

  /** Deletes expired entries (the runtime's hourly sweep). */
  async sweep(): Promise<number> {
    return changedRows(this.db.delete(federationKv).where(lte(federationKv.expiresAt, new Date(this.now()).toISOString())));
  }
}
