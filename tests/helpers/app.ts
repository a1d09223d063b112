import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '@server/app';
import { loadConfig, type AppConfig } from '@server/config';
import { users, type UserRole } from '@db/schema/users';
import { newId } from '@server/lib/ids';
import { hashPassword } from '@server/platform/passwords';
import { createCaller, type AppCaller } from '@server/trpc/root';
import { createContext } from '@server/trpc/context';
import { testEngineEnv } from './test-engines';

export const testPassword = 'test-password';
let cachedHash: Promise<string> | undefined;
/** scrypt is deliberately slow; tests share one hash of testPassword. */
export function testPasswordHash(): Promise<string> {
  cachedHash ??= hashPassword(testPassword);
  return cachedHash;
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
}

/** A test app's configuration: quiet, no bot check, a fixed JWT secret, and `env` on top. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): AppConfig {
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', BOT_CHECK_PROVIDER: 'off', JWT_SECRET: 'test-secret-test-secret-test-secret-test', ...env });
}

/**
 * A full app on a fresh SQLite file in a temp dir (bot check off unless env says otherwise); on a `TEST_ENGINES` run, on
 * a fresh PostgreSQL database and the shared Redis with a prefix of its own.
 */
export async function createTestApp(env: Record<string, string> = {}, deps: AppDeps = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-test-'));
  const config = testConfig(dataDir, { ...(await testEngineEnv({ database: !deps.database })), ...env });
  const app = await buildApp(config, deps);
  return {
    app,
    config,
    dataDir,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestUser {
  id: string;
  email: string;
  role: UserRole;
  token: string;
}

/** Inserts an account directly and issues its token. */
export async function createUser(
  app: FastifyInstance,
  overrides: Partial<typeof users.$inferInsert> & { role: UserRole },
): Promise<TestUser> {
  const id = overrides.id ?? newId();
  const email = overrides.email ?? `${overrides.role}-${id}@example.test`.toLowerCase();
  await app.services.db
    .insert(users)
    .values({
      id,
      email,
      firstName: 'Test',
      lastName: overrides.role,
      displayName: `Test ${overrides.role}`,
      isActive: true,
      passwordHash: await testPasswordHash(),
      creatorTag: overrides.role === 'dj' ? `tag_${id.replace(/[^A-Za-z0-9]/g, '')}` : null,
      ...overrides,
    });
  const token = await app.services.tokens.issue({
    userId: id,
    role: overrides.role,
    typ: overrides.role === 'viewer' ? 'viewer' : 'user',
    tokenVersion: overrides.tokenVersion ?? 0,
  });
  return { id, email, role: overrides.role, token };
}

/** A tRPC caller acting as the given token (or as a guest). */
export async function callerAs(app: FastifyInstance, token?: string, ip = '127.0.0.1'): Promise<AppCaller> {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  return createCaller(await createContext(app.services, { headers, ip }));
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
