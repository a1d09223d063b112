import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
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
  /** Where the database stands, for caches that keep values while nothing changed (one watch per store). */
  changes: ChangeWatch;
  /** SQLite: reads prepared once and run synchronously on the embedded connection (the hottest read). Null on PostgreSQL. */
  syncReads: SyncReads | null;
  /** SQLite: the embedded file's details and its backup (the admin's database tools). Null on PostgreSQL. */
  embedded: EmbeddedDatabase | null;
  close(): Promise<void>;
}

/** A position of the database: a value read at one position is still what it holds while the position is unchanged. */
export interface DatabasePosition {
  /** SQLite: rows changed by the store's own connection (committed or not). PostgreSQL: this instance's write count. */
  ownChanges: number;
  /** SQLite: commits by any other connection (`PRAGMA data_version`). PostgreSQL: always 0. */
  otherCommits: number;
}

/**
 * The store's change watch (server/platform/unchanged-database-cache.ts reads it).
 *
 * SQLite: `total_changes()` of the store's connection, which counts every INSERT, UPDATE and DELETE it ran, and
 * `PRAGMA data_version` for other connections (a maintenance script, the sqlite3 shell), read at most once a
 * millisecond (the pragma costs a read lock). PostgreSQL: a count this instance moves whenever one of its writes
 * starts or becomes visible (a statement outside a transaction, a COMMIT); other instances' writes are not seen, so
 * their changes must be announced (or bounded by an age).
 */
export interface ChangeWatch {
  /** Whether `otherCommits` sees other writers' commits (SQLite); false on PostgreSQL. */
  readonly seesOtherWriters: boolean;
  /** The position now (`includeOthers` false skips the other writers' check); null inside a transaction. */
  position(includeOthers: boolean): DatabasePosition | null;
}

/** The synchronous query builder a sync read is built on: Drizzle over the embedded connection itself. */
export type SyncQueryBuilder = BaseSQLiteDatabase<'sync', unknown, typeof schema>;

/** A statement prepared on the synchronous builder (Drizzle's `.prepare()`): its first row for the placeholders' values. */
export interface SyncPreparedQuery<T> {
  get(placeholderValues?: Record<string, unknown>): T | undefined;
}

/** SQLite only: a statement prepared once and run synchronously, past the store's statement queue. */
export interface SyncReads {
  /**
   * Prepares `build`'s statement on the embedded connection. The answer runs it with the placeholders' values and
   * answers `{ row }`, or null while a transaction is open on the connection (another request's uncommitted rows
   * would show): the caller then reads through `db`, waiting its turn.
   */
  prepare<T>(build: (db: SyncQueryBuilder) => SyncPreparedQuery<T>): (values: Record<string, unknown>) => { row: T | undefined } | null;
}

/** SQLite only: what the admin's database tools show of the embedded file, and its backup. */
export interface EmbeddedDatabase {
  describe(): {
    /** e.g. `SQLite 3.45.1`. */
    engine: string;
    journalMode: string;
    sizeBytes: number;
    /** The `created_at` timestamps the migrator recorded (one per applied migration). */
    appliedMigrations: number[];
  };
  /** A consistent copy of the live database written to `toPath` (`VACUUM INTO`: one transaction, WAL included). */
  backup(toPath: string): Promise<void>;
}

/** The first row a query answers (undefined when none). Add `.limit(1)` when the query could match many. */
export async function firstRow<T>(query: PromiseLike<T[]>): Promise<T | undefined> {
  return (await query)[0];
}

/** Runs an INSERT, UPDATE or DELETE without `returning` and answers how many rows it changed, on either engine. */
export async function changedRows(statement: PromiseLike<unknown>): Promise<number> {
  return ((await statement) as WriteResult).rowCount;
}
