import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { pgSchema } from './schema-pg/index';
import { projectPath } from '@common/node/project-paths';

export type PgDb = NodePgDatabase<typeof pgSchema> & { $client: pg.Pool };

export interface PostgresHandle {
  pool: pg.Pool;
  db: PgDb;
  close(): Promise<void>;
}

export interface PostgresOptions {
  /** Connections in the pool (default 10). */
  max?: number;
  /** An idle connection failed (the server restarted, the network dropped): the pool replaces it. */
  onIdleError?: (error: Error) => void;
}

export const pgMigrationsFolder = projectPath('db', 'migrations-pg');

/** `pg_advisory_lock` key held while migrating: instances that start together migrate one after another. */
export const migrationLockKey = 7_210_431_942_025_301n;

/*
 * int8 (count(*), sums of integers, bigint columns) and numeric (sums of bigints, averages) are read as JS numbers,
 * as SQLite gives them: sizes, counts and cents stay far below 2^53. Set on pg's global parsers because Drizzle's
 * node-postgres session asks those for every query (a pool's own `types` is bypassed).
 */
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);

/** Applies the pending PostgreSQL migrations, holding the migration lock so concurrent starts apply them once. */
export async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  // A session lock: released by the unlock, or by the server when the connection ends (a broken one is destroyed).
  let broken = false;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [migrationLockKey.toString()]);
    try {
      await migrate(drizzle(client), { migrationsFolder: pgMigrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [migrationLockKey.toString()]).catch(() => {
        broken = true;
      });
    }
  } finally {
    client.release(broken);
  }
}

/** Opens a pool on `url`, applies pending migrations (once across instances) and gives Drizzle over the derived tables. */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<PostgresHandle> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, connectionTimeoutMillis: 10_000 });
  pool.on('error', options.onIdleError ?? ((error) => process.emitWarning(`PostgreSQL idle connection: ${error.message}`)));
  try {
    await migratePostgres(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzle(pool, { schema: pgSchema });
  let closed: Promise<void> | undefined;
  return {
    pool,
    db,
    close: () => (closed ??= pool.end()),
  };
}
