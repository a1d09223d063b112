import type Database from 'better-sqlite3';
import { drizzle as drizzleSync } from 'drizzle-orm/better-sqlite3';
import * as schema from './schema/index';
import type { ChangeWatch, DatabasePosition, EmbeddedDatabase, SyncQueryBuilder, SyncReads } from './store';

/** Other connections' commits are checked at most once a millisecond: the pragma costs a read lock. */
const otherConnectionsCheckMs = 1;

/**
 * Where the embedded database stands: rows changed by the store's connection (`total_changes()`, which counts every
 * INSERT, UPDATE and DELETE it ran, committed or not) and commits by any other connection (`PRAGMA data_version`).
 * Any write moves one of the two. The server makes every write through its own connection, which is checked on each
 * read; other connections (a maintenance script, the sqlite3 shell) at most once a millisecond.
 */
export function sqliteChangeWatch(sqlite: Database.Database): ChangeWatch {
  const ownChanges = sqlite.prepare<[], number>('select total_changes()').pluck();
  const otherCommits = sqlite.prepare<[], number>('pragma data_version').pluck();
  let otherCommitsValue = 0;
  let otherCommitsReadAt = -Infinity;
  return {
    seesOtherWriters: true,
    position(includeOthers: boolean): DatabasePosition | null {
      // Inside a transaction what a read sees may still be rolled back.
      if (sqlite.inTransaction) return null;
      const now = performance.now();
      if (includeOthers && now - otherCommitsReadAt >= otherConnectionsCheckMs) {
        // eslint-disable-next-line no-restricted-syntax -- raw SQLite statement
        otherCommitsValue = otherCommits.get()!;
        otherCommitsReadAt = now;
      }
      // eslint-disable-next-line no-restricted-syntax -- raw SQLite statement
      return { ownChanges: ownChanges.get()!, otherCommits: otherCommitsValue };
    },
  };
}

/**
 * Statements prepared once through Drizzle's synchronous driver over the raw connection: they read it directly, past
 * the store's transaction gate, so only while no transaction is open on it.
 */
export function sqliteSyncReads(sqlite: Database.Database): SyncReads {
  // The synchronous driver's builder is the base class's ('sync'), its run result better-sqlite3's.
  const builder = drizzleSync(sqlite, { schema }) as unknown as SyncQueryBuilder;
  return {
    prepare(build) {
      const statement = build(builder);
      return (values) => (sqlite.inTransaction ? null : { row: statement.get(values) });
    },
  };
}

/** The admin's database tools on the embedded file: its details and a consistent copy. */
export function sqliteEmbeddedDatabase(sqlite: Database.Database): EmbeddedDatabase {
  return {
    describe() {
      // eslint-disable-next-line no-restricted-syntax -- raw SQLite statement
      const applied = sqlite.prepare('SELECT created_at AS createdAt FROM __drizzle_migrations').all() as { createdAt: number }[];
      // eslint-disable-next-line no-restricted-syntax -- raw SQLite statement
      const version = sqlite.prepare('SELECT sqlite_version() AS version').get() as { version: string };
      const pages = sqlite.pragma('page_count', { simple: true }) as number;
      const pageSize = sqlite.pragma('page_size', { simple: true }) as number;
      return {
        engine: `SQLite ${version.version}`,
        journalMode: String(sqlite.pragma('journal_mode', { simple: true })),
        sizeBytes: pages * pageSize,
        appliedMigrations: applied.map((row) => Number(row.createdAt)),
      };
    },
    async backup(toPath) {
      sqlite.prepare('VACUUM INTO ?').run(toPath);
    },
  };
}
