import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { TestEngines } from '../engines/global-engines';

/** The engines this run shares (`TEST_ENGINES`); none on the default run, where every app has its own SQLite file. */
export function testEngines(): TestEngines {
  return inject('testEngines') ?? {};
}

/** A fresh PostgreSQL database copied from the migrated template, or undefined on a SQLite run. */
export async function createTestDatabaseUrl(): Promise<string | undefined> {
  const { postgres } = testEngines();
  if (!postgres) return undefined;
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE ${pg.escapeIdentifier(postgres.template)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(postgres.adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** What a test app adds to its environment on this run: a database of its own, the shared Redis with its own prefix. */
export async function testEngineEnv(options: { database?: boolean } = {}): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  const databaseUrl = options.database === false ? undefined : await createTestDatabaseUrl();
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const { redis } = testEngines();
  if (redis) {
    env.REDIS_URL = redis.url;
    env.REDIS_KEY_PREFIX = `cuepoint-test-${randomBytes(6).toString('hex')}:`;
  }
  return env;
}

/** Whether test apps run on PostgreSQL on this run (SQLite-only behaviour is skipped then). */
export function onPostgres(): boolean {
  return Boolean(testEngines().postgres);
}

/** What `/healthz` and `/readyz` name for a test app of this run, given what the test itself configures. */
export function expectedEngines(configured: { bus?: 'redis' | 'memory'; storage?: 'disk' | 's3' } = {}) {
  const db = onPostgres() ? ('postgres' as const) : ('sqlite' as const);
  const bus = configured.bus ?? (testEngines().redis ? 'redis' : 'memory');
  const storage = configured.storage ?? 'disk';
  return {
    health: { status: 'ok', db, bus, storage },
    checks: (states: { redis?: 'ok' | 'unavailable'; storage?: 'ok' | 'unavailable' } = {}) => ({
      ...(db === 'postgres' && { database: 'ok' }),
      ...(bus === 'redis' && { redis: states.redis ?? 'ok' }),
      storage: states.storage ?? 'ok',
    }),
  };
}
