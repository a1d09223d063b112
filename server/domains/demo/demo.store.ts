import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { changedRows, firstRow } from '@db/store';
import { demoDocuments } from '@db/schema/demo';

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Typed access to one collection of demo documents. Every read and write is awaited. */
export class DemoCollection<T extends { id: string | number }> {
  constructor(
    private readonly db: Db,
    readonly name: string,
  ) {}

  async list(): Promise<T[]> {
    const rows = await this.db
      .select({ data: demoDocuments.data })
      .from(demoDocuments)
      .where(eq(demoDocuments.collection, this.name))
      .orderBy(asc(demoDocuments.position));
    return rows.map((row) => row.data as T);
  }

  async get(id: string | number): Promise<T | undefined> {
    const row = await firstRow(
      this.db
        .select({ data: demoDocuments.data })
        .from(demoDocuments)
        .where(and(eq(demoDocuments.collection, this.name), eq(demoDocuments.id, String(id)))),
    );
    return row?.data as T | undefined;
  }

  async has(id: string | number): Promise<boolean> {
    return (await this.get(id)) !== undefined;
  }

  async count(): Promise<number> {
    const row = await firstRow(
      this.db
        .select({ count: sql<number>`count(*)` })
        .from(demoDocuments)
        .where(eq(demoDocuments.collection, this.name)),
    );
    return row?.count ?? 0;
  }

  private async edge(db: Db | Transaction, kind: 'min' | 'max'): Promise<number | null> {
    const row = await firstRow(
      db
        .select({ value: kind === 'min' ? sql<number | null>`min(${demoDocuments.position})` : sql<number | null>`max(${demoDocuments.position})` })
        .from(demoDocuments)
        .where(eq(demoDocuments.collection, this.name)),
    );
    return row?.value ?? null;
  }

  /** Replaces the record with the same id where it is, or appends it. */
  async put(item: T): Promise<T> {
    const id = String(item.id);
    // Looking up the last position and appending after it is one step: two appends cannot take the same position.
    await this.db.transaction(async (tx) => {
      const updated = await changedRows(
        tx
          .update(demoDocuments)
          .set({ data: item })
          .where(and(eq(demoDocuments.collection, this.name), eq(demoDocuments.id, id))),
      );
      if (updated === 0) {
        const last = await this.edge(tx, 'max');
        await tx.insert(demoDocuments).values({ collection: this.name, id, position: last === null ? 0 : last + 1, data: item });
      }
    });
    return item;
  }

  /** Puts a new record at the front of the list. */
  async prepend(item: T): Promise<T> {
    // The first position and the record put before it are one step (two prepends cannot share a position).
    await this.db.transaction(async (tx) => {
      const first = await this.edge(tx, 'min');
      await tx
        .insert(demoDocuments)
        .values({ collection: this.name, id: String(item.id), position: first === null ? 0 : first - 1, data: item })
        .onConflictDoUpdate({ target: [demoDocuments.collection, demoDocuments.id], set: { data: item, position: first === null ? 0 : first - 1 } });
    });
    return item;
  }

  async remove(ids: Array<string | number>): Promise<number> {
    if (!ids.length) return 0;
    return changedRows(this.db.delete(demoDocuments).where(and(eq(demoDocuments.collection, this.name), inArray(demoDocuments.id, ids.map(String)))));
  }

  /** Replaces the whole collection, in the given order. */
  async replaceAll(items: T[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(demoDocuments).where(eq(demoDocuments.collection, this.name));
      for (const [position, item] of items.entries()) {
        await tx.insert(demoDocuments).values({ collection: this.name, id: String(item.id), position, data: item });
      }
    });
  }
}

export function collection<T extends { id: string | number }>(db: Db, name: string): DemoCollection<T> {
  return new DemoCollection<T>(db, name);
}

/** Everything of one app (collections named "<app>.<something>") is dropped, e.g. before a reset. */
export async function clearDemoApp(db: Db, app: string): Promise<void> {
  await db.delete(demoDocuments).where(sql`${demoDocuments.collection} LIKE ${`${app}.%`}`);
}
