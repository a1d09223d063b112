/**
 * The whole Cuepoint app (buildApp, as `npm start` runs it) on a temporary data folder, in its own process,
 * with a seeded creator signed in. Started by bench/run.ts and bench/scale.ts; reports its port and the creator's token
 * over IPC.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { demoPassword } from '../seed/accounts';
import { seedDatabase } from '../seed/seed';
import { serveBenchMessages } from './server-messages';

/** Settings bench/scale.ts adds (REDIS_URL, JWT_SECRET, a DATA_DIR that several instances share and it removes). */
const extraEnv = JSON.parse(process.env.BENCH_APP_ENV ?? '{}') as Record<string, string>;
const dataDir = extraEnv.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'cuepoint-bench-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', BOT_CHECK_PROVIDER: 'off', SEED_DEMO_DATA: 'false', ...extraEnv });
const app = await buildApp(config);
const logins = await seedDatabase(app.services.db, config, { demoData: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const creator = logins.find((login) => login.label === 'Creator');
if (!creator) throw new Error('The seed has no creator login');
const response = await fetch(`http://127.0.0.1:${port}/api/user/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ userName: creator.email, password: demoPassword }),
});
const { token } = (await response.json()) as { token: string };
serveBenchMessages({ port, token }, async () => {
  await app.close();
  if (!extraEnv.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
});
