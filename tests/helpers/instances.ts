import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '@server/app';
import type { AppConfig } from '@server/config';
import { testConfig } from './app';
import { testEngineEnv } from './test-engines';

export interface TestInstance {
  app: FastifyInstance;
  config: AppConfig;
  /** `http://127.0.0.1:<port>` (each instance listens on its own port). */
  url: string;
}

export interface TestInstances {
  instances: TestInstance[];
  dataDir: string;
  close(): Promise<void>;
}

/**
 * `n` app instances as a deployment runs them: one data dir and database (the same SQLite file), the same JWT_SECRET,
 * and whatever `env` adds (REDIS_URL and a key prefix for a shared bus). Each listens on a loopback port.
 */
export async function createTestInstances(
  n: number,
  env: Record<string, string> = {},
  deps: AppDeps = {},
  options: { sharedEngines?: boolean } = {},
): Promise<TestInstances> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-instances-'));
  const instances: TestInstance[] = [];
  // On a TEST_ENGINES run the instances share one PostgreSQL database (and the shared Redis, unless env names its own).
  const engines = options.sharedEngines === false ? {} : await testEngineEnv({ database: !deps.database });
  try {
    for (let index = 0; index < n; index += 1) {
      const config = testConfig(dataDir, { ...engines, ...env });
      const app = await buildApp(config, deps);
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      instances.push({ app, config, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
    }
  } catch (error) {
    for (const instance of instances) await instance.app.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    instances,
    dataDir,
    close: async () => {
      for (const instance of instances) await instance.app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resolves once every instance answers `/readyz` with 200 (its engines are reachable). */
export async function untilReady(instances: readonly TestInstance[], timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  for (const instance of instances) {
    while ((await instance.app.inject({ method: 'GET', url: '/readyz' })).statusCode !== 200) {
      if (Date.now() - started > timeoutMs) throw new Error(`${instance.url} is not ready`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}
