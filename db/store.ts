import type Database from 'better-sqlite3';
import type { SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy';
import type * as schema from './schema/index';

/**
 * The database as every service sees it, on either engine: Drizzle's async query builder over the one schema.
 * Queries are awaited (`await db.select()…` gives the rows); `.get()`, `.all()` and `.run()` are SQLite-only and
 * refused by the linter. `db.transaction(async (tx) => …)` is the store's transaction (see `Store.transaction`).
 */
export type Db = Omit<SqliteRemoteDatabase<typeof schema>, 'transaction'> & {
  /** The store's transaction (`Store.transaction`): `tx` is this same object. */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
};

/** What `await` of a statement without rows answers, on either engine: how many rows it changed. */
export interface WriteResult {
  rowCount: number;
}

export interface Store {
  dialect: 'sqlite' | 'postgres';
  db: Db;
  /**
   * One transaction; `work` may await. Every statement of the calling async context belongs to it, through `tx` or
   * `db` alike (they are the same object); a nested call joins the open transaction. Other requests' statements wait
   * (SQLite: one connection behind a gate) or run beside it (PostgreSQL).
   */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /** Whether the calling async context is inside an open transaction. */
  inTransaction(): boolean;
  /**
   * Runs `work` while no other instance sharing this database runs work under the same name (PostgreSQL: a session
   * advisory lock, waited for; SQLite: one process owns the file, so it simply runs). For start-up steps such as seeding.
   */
  alone<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** Answers when the database answers (readiness); throws otherwise. */
  ping(): Promise<void>;
  /**
   * PostgreSQL: a count this instance moves whenever one of its writes starts or becomes visible (a statement outside
   * a transaction, a COMMIT), so a value read while it stood still is what the database held, as far as this
   * instance's own writes go; null inside a transaction. SQLite: null (its caches watch the connection itself).
   */
  writePosition(): number | null;
  /** The embedded connection (backups, change-detecting caches); null on PostgreSQL. */
  sqlite: Database.Database | null;
  close(): Promise<void>;
}

/** The first row a query answers (undefined when none). Add `.limit(1)` when the query could match many. */
export async function firstRow<T>(query: PromiseLike<T[]>): Promise<T | undefined> {
  return (await query)[0];
}

/** Runs an INSERT, UPDATE or DELETE without `returning` and answers how many rows it changed, on either engine. */
export async function changedRows(statement: PromiseLike<unknown>): Promise<number> {
  return ((await statement) as WriteResult).rowCount;
}
