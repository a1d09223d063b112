import Database from 'better-sqlite3';
import { drizzle as drizzleSync } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle } from 'drizzle-orm/sqlite-proxy';
import * as schema from './schema/index';
import { projectPath } from '@common/node/project-paths';
import type { Db, Store, WriteResult } from './store';
import { TransactionGate } from './transaction-gate';
import { tagDialect } from './portable-sql';
import { sqliteChangeWatch, sqliteEmbeddedDatabase, sqliteSyncReads } from './sqlite-capabilities';

/** The SQLite store; its raw connection is for tests and scripts (services use the store's capabilities). */
export interface SqliteStore extends Store {
  dialect: 'sqlite';
  sqlite: Database.Database;
}

/** The embedded connection behind a store (tests and scripts only); null on PostgreSQL. */
export function sqliteConnectionOf(store: Store): Database.Database | null {
  return store.dialect === 'sqlite' ? (store as SqliteStore).sqlite : null;
}

export const migrationsFolder = projectPath('db', 'migrations');

const preparedStatementsKept = 500;

/**
 * The embedded store with async services: every statement goes through one callback that waits at the
 * transaction gate, then runs synchronously on the one better-sqlite3 connection (WAL).
 */
export function openSqliteStore(path: string): SqliteStore {
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  migrate(drizzleSync(sqlite), { migrationsFolder });

  const gate = new TransactionGate();
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string): Database.Statement => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = sqlite.prepare(sql);
      if (statements.size >= preparedStatementsKept) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
    }
    return statement;
  };

  const execute = (sql: string, params: unknown[], method: 'run' | 'all' | 'values' | 'get') => {
    const statement = prepare(sql);
    if (method === 'run' || !statement.reader) {
      const info = statement.run(...params);
      return { rows: [], rowCount: info.changes } as { rows: unknown[] } & WriteResult;
    }
    if (method === 'get') return { rows: statement.raw(true).get(...params) as unknown[] };
    return { rows: statement.raw(true).all(...params) as unknown[] };
  };

  const db = drizzle(
    async (sql, params, method) => {
      const wait = gate.admit();
      if (wait) await wait;
      return execute(sql, params, method);
    },
    { schema },
  ) as unknown as Db;

  const transaction = <T>(work: (tx: Db) => Promise<T>): Promise<T> =>
    gate.exclusive(async () => {
      if (sqlite.inTransaction) return work(db);
      sqlite.exec('BEGIN IMMEDIATE');
      try {
        const result = await work(db);
        sqlite.exec('COMMIT');
        return result;
      } catch (error) {
        if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
        throw error;
      }
    });
  // Drizzle's own proxy transaction would let other requests' statements in: services get the gated one.
  Object.assign(db, { transaction });
  tagDialect(db, 'sqlite');

  return {
    dialect: 'sqlite',
    db,
    sqlite,
    transaction,
    inTransaction: () => gate.ownsConnection && sqlite.inTransaction,
    alone: (_name, work) => work(),
    changes: sqliteChangeWatch(sqlite),
    syncReads: sqliteSyncReads(sqlite),
    embedded: sqliteEmbeddedDatabase(sqlite),
    ping: async () => {
      if (!sqlite.open) throw new Error('The SQLite database is closed');
    },
    close: async () => {
      await gate.exclusive(async () => {
        if (sqlite.open) sqlite.close();
      });
    },
  };
}
