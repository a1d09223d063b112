import { describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';

describe('loadConfig', () => {
  it('has documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './data',
      admin: { email: 'admin@cuepoint.local', password: 'cuepoint-admin' },
      botCheck: { provider: 'pow' },
      seedDemoData: true,
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
});
