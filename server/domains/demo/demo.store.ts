import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { demoDocuments } from '@db/schema/demo';

/** Typed access to one collection of demo documents. Every write is synchronous (better-sqlite3). */
export class DemoCollection<T extends { id: string | number }> {
  constructor(
    private readonly db: Db,
    readonly name: string,
  ) {}

  list(): T[] {
    return this.db
      .select({ data: demoDocuments.data })
      .from(demoDocuments)
      .where(eq(demoDocuments.collection, this.name))
      .orderBy(asc(demoDocuments.position))
      .all()
      .map((row) => row.data as T);
  }

  get(id: string | number): T | undefined {
    const row = this.db
      .select({ data: demoDocuments.data })
      .from(demoDocuments)
      .where(and(eq(demoDocuments.collection, this.name), eq(demoDocuments.id, String(id))))
      .get();
    return row?.data as T | undefined;
  }

  has(id: string | number): boolean {
    return this.get(id) !== undefined;
  }

  count(): number {
    const row = this.db
      .select({ count: sql<number>`count(*)` })
      .from(demoDocuments)
      .where(eq(demoDocuments.collection, this.name))
      .get();
    return row?.count ?? 0;
  }

  private edge(kind: 'min' | 'max'): number | null {
    const row = this.db
      .select({ value: kind === 'min' ? sql<number | null>`min(${demoDocuments.position})` : sql<number | null>`max(${demoDocuments.position})` })
      .from(demoDocuments)
      .where(eq(demoDocuments.collection, this.name))
      .get();
    return row?.value ?? null;
  }

  /** Replaces the record with the same id where it is, or appends it. */
  put(item: T): T {
    const id = String(item.id);
    const updated = this.db
      .update(demoDocuments)
      .set({ data: item })
      .where(and(eq(demoDocuments.collection, this.name), eq(demoDocuments.id, id)))
      .run();
    if (updated.changes === 0) {
      const last = this.edge('max');
      this.db.insert(demoDocuments).values({ collection: this.name, id, position: last === null ? 0 : last + 1, data: item }).run();
    }
    return item;
  }

  /** Puts a new record at the front of the list. */
  prepend(item: T): T {
    const first = this.edge('min');
    this.db
      .insert(demoDocuments)
      .values({ collection: this.name, id: String(item.id), position: first === null ? 0 : first - 1, data: item })
      .onConflictDoUpdate({ target: [demoDocuments.collection, demoDocuments.id], set: { data: item, position: first === null ? 0 : first - 1 } })
      .run();
    return item;
  }

  remove(ids: Array<string | number>): number {
    if (!ids.length) return 0;
    return this.db
      .delete(demoDocuments)
      .where(and(eq(demoDocuments.collection, this.name), inArray(demoDocuments.id, ids.map(String))))
      .run().changes;
  }

  /** Replaces the whole collection, in the given order. */
  replaceAll(items: T[]): void {
    this.db.transaction((tx) => {
      tx.delete(demoDocuments).where(eq(demoDocuments.collection, this.name)).run();
      items.forEach((item, position) => {
        tx.insert(demoDocuments).values({ collection: this.name, id: String(item.id), position, data: item }).run();
      });
    });
  }
}

export function collection<T extends { id: string | number }>(db: Db, name: string): DemoCollection<T> {
  return new DemoCollection<T>(db, name);
}

/** Everything of one app (collections named "<app>.<something>") is dropped, e.g. before a reset. */
export function clearDemoApp(db: Db, app: string): void {
  db.delete(demoDocuments).where(sql`${demoDocuments.collection} LIKE ${`${app}.%`}`).run();
}
