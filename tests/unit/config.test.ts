import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fastifyTrustProxy, loadConfig } from '@server/config';

describe('loadConfig', () => {
  it('has documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './data',
      admin: { email: 'admin@cuepoint.local', password: 'cuepoint-admin' },
      botCheck: { provider: 'pow' },
      seedDemoData: true,
      seedDemoAccounts: true,
      trustProxy: false,
    });
  });

  it('reads TRUST_PROXY as off, every hop, a hop count or a list of proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,::1' }).trustProxy).toEqual(['10.0.0.1', '172.16.0.0/12', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'loopback;rm' })).toThrow(/TRUST_PROXY must be/);
    const hops = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
    expect([hops('10.0.0.1', 0), hops('10.0.0.2', 1), hops('203.0.113.1', 2)]).toEqual([true, true, false]);
  });

  describe('production', () => {
    const strong = { NODE_ENV: 'production', ADMIN_PASSWORD: 'a-long-admin-password', JWT_SECRET: 'x'.repeat(40) } as const;

    it('refuses to start without ADMIN_PASSWORD and JWT_SECRET, naming both', () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-config-'));
      try {
        expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(/Refusing to start in production:[\s\S]*ADMIN_PASSWORD is required[\s\S]*JWT_SECRET is required/);
        expect(() => loadConfig({ ...strong, DATA_DIR: dataDir, ADMIN_PASSWORD: 'short-pass1' })).toThrow(/at least 12 characters/);
        expect(() => loadConfig({ ...strong, DATA_DIR: dataDir, ADMIN_PASSWORD: undefined })).toThrow(/ADMIN_PASSWORD is required/);
        expect(() => loadConfig({ ...strong, DATA_DIR: dataDir, JWT_SECRET: undefined })).toThrow(/JWT_SECRET is required/);
        // An existing secret file stands in for JWT_SECRET.
        writeFileSync(join(dataDir, 'secret.key'), 'y'.repeat(48));
        expect(loadConfig({ ...strong, DATA_DIR: dataDir, JWT_SECRET: undefined }).jwtSecret).toBeUndefined();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });

    it('seeds no demo accounts unless SEED_DEMO_ACCOUNTS=true', () => {
      expect(loadConfig(strong).seedDemoAccounts).toBe(false);
      expect(loadConfig({ ...strong, SEED_DEMO_ACCOUNTS: 'true' }).seedDemoAccounts).toBe(true);
      expect(loadConfig({ SEED_DEMO_ACCOUNTS: 'false' }).seedDemoAccounts).toBe(false);
    });
  });

  it('rejects a short JWT secret and an unknown bot-check provider with a readable message', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ BOT_CHECK_PROVIDER: 'captcha' })).toThrow(/BOT_CHECK_PROVIDER/);
  });

  it('reads booleans and numbers', () => {
    const config = loadConfig({ SEED_DEMO_DATA: 'false', PORT: '8080', ADMIN_EMAIL: 'Boss@Example.com' });
    expect(config.seedDemoData).toBe(false);
    expect(config.port).toBe(8080);
    expect(config.admin.email).toBe('boss@example.com');
  });

  describe('engines for more than one instance', () => {
    const secret = { JWT_SECRET: 'x'.repeat(40) };

    it('uses none by default: SQLite in DATA_DIR, the in-process bus, files on disk', () => {
      const config = loadConfig({});
      expect(config.databaseUrl).toBeUndefined();
      expect(config.redis).toBeUndefined();
      expect(config.storage).toEqual({ kind: 'disk' });
    });

    it('requires a shared JWT_SECRET with DATABASE_URL or REDIS_URL (each instance would make up its own)', () => {
      expect(() => loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(/JWT_SECRET is required/);
      expect(() => loadConfig({ DATABASE_URL: 'postgres://u:p@db/cuepoint' })).toThrow(/JWT_SECRET is required/);
      const config = loadConfig({ ...secret, REDIS_URL: 'redis://127.0.0.1:6379', DATABASE_URL: 'postgres://u:p@db/cuepoint' });
      expect(config.redis).toEqual({ url: 'redis://127.0.0.1:6379', keyPrefix: 'cuepoint:' });
      expect(config.databaseUrl).toBe('postgres://u:p@db/cuepoint');
    });

    it('refuses URLs of the wrong engine', () => {
      expect(() => loadConfig({ ...secret, DATABASE_URL: 'mysql://db/cuepoint' })).toThrow(/DATABASE_URL must be a postgres:\/\/ URL/);
      expect(() => loadConfig({ ...secret, REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
    });

    it('takes S3 keys together and only with a bucket', () => {
      expect(() => loadConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/);
      expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET is required/);
      expect(() => loadConfig({ MEDIA_PUBLIC_URL: 'https://cdn.example.com' })).toThrow(/S3_BUCKET is required/);
      expect(loadConfig({ S3_BUCKET: 'media', MEDIA_PUBLIC_URL: 'https://cdn.example.com/' }).storage).toEqual({
        kind: 's3',
        endpoint: undefined,
        bucket: 'media',
        region: 'us-east-1',
        credentials: undefined,
        forcePathStyle: false,
        mediaPublicUrl: 'https://cdn.example.com',
      });
    });
  });
});
