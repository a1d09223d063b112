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
