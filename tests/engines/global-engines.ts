import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgresStore } from '@db/postgres-store';
import { startPostgres, type PostgresCluster } from './postgres';
import { startRedis, type RedisServer } from './redis';

/**
 * `TEST_ENGINES=postgres,redis npm run test:engines`: one PostgreSQL cluster and one Redis for the whole run. Every
 * test app then gets a database of its own, copied from a migrated template, and a Redis key prefix of its own
 * (tests/helpers/test-engines.ts).
 */
export interface TestEngines {
  postgres?: { adminUrl: string; template: string };
  redis?: { url: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testEngines: TestEngines;
  }
}

export const templateDatabase = 'cuepoint_template';

export function requestedEngines(value = process.env.TEST_ENGINES ?? ''): Set<'postgres' | 'redis'> {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names) if (name !== 'postgres' && name !== 'redis') throw new Error(`TEST_ENGINES: unknown engine "${name}" (postgres, redis)`);
  return new Set(names as Array<'postgres' | 'redis'>);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const wanted = requestedEngines();
  let cluster: PostgresCluster | undefined;
  let redis: RedisServer | undefined;
  const engines: TestEngines = {};
  try {
    if (wanted.has('postgres')) {
      cluster = await startPostgres({ maxConnections: 400 });
      const templateUrl = await cluster.createDatabase({ name: templateDatabase });
      const store = await openPostgresStore(templateUrl);
      await store.close();
      // A template nobody is connected to can be copied by CREATE DATABASE … TEMPLATE.
      const admin = new pg.Client({ connectionString: cluster.adminUrl });
      await admin.connect();
      await admin.query(`ALTER DATABASE ${templateDatabase} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      await admin.end();
      engines.postgres = { adminUrl: cluster.adminUrl, template: templateDatabase };
    }
    if (wanted.has('redis')) {
      redis = await startRedis();
      engines.redis = { url: redis.url };
    }
  } catch (error) {
    await cluster?.stop();
    await redis?.close();
    throw error;
  }
  project.provide('testEngines', engines);
  return async () => {
    await cluster?.stop();
    await redis?.close();
  };
}
