/**
 * The whole Cuepoint app (buildApp, as `npm start` runs it) on a temporary data folder, in its own process,
 * with a seeded creator signed in. Started by bench/run.ts; reports its port and the creator's token over IPC.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { demoPassword } from '../seed/accounts';
import { seedDatabase } from '../seed/seed';
import { serveBenchMessages } from './server-messages';

const dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-bench-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', BOT_CHECK_PROVIDER: 'off', SEED_DEMO_DATA: 'false' });
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
  rmSync(dataDir, { recursive: true, force: true });
});
