import { openSqliteStore } from './sqlite-store';
import type { Db, Store } from './store';

export type { Db, Store } from './store';

export interface DatabaseHandle {
  db: Db;
  store: Store;
  close(): Promise<void>;
}

export { migrationsFolder } from './sqlite-store';

/** Opens (or creates) the SQLite file, sets the pragmas we rely on and applies pending migrations. */
export function openDatabase(path: string): DatabaseHandle {
  const store = openSqliteStore(path);
  return { db: store.db, store, close: () => store.close() };
}

/**
 * The store the configuration names: PostgreSQL when `databaseUrl` is set (migrations applied once across instances),
 * else the SQLite file at `sqlitePath`.
 */
export async function openConfiguredDatabase(options: { databaseUrl: string | null | undefined; sqlitePath: string }): Promise<DatabaseHandle> {
  if (!options.databaseUrl) return openDatabase(options.sqlitePath);
  const { openPostgresStore } = await import('./postgres-store');
  const store = await openPostgresStore(options.databaseUrl);
  return { db: store.db, store, close: () => store.close() };
}
