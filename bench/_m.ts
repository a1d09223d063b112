import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { seedDatabase } from '../seed/seed';
import { findUserById, toSessionUser } from '@server/domains/users/users.service';
import { createCaller } from '@server/trpc/root';
import { createContext } from '@server/trpc/context';
import { sessionAnswer } from '@server/domains/users/users.schemas';
const dataDir = mkdtempSync(join(tmpdir(), 'q-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', BOT_CHECK_PROVIDER: 'off', SEED_DEMO_DATA: 'false' });
const app = await buildApp(config);
const logins = await seedDatabase(app.services.db, config, { demoData: false });
const db = app.services.db;
const login = logins.find((l) => l.label === 'Creator')!;
const token = (await app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: login.email, password: login.password } }).then((r) => r.json())).token;
const req = { headers: { authorization: `Bearer ${token}` }, ip: '127.0.0.1' } as never;
const ctx = await createContext(app.services, req);
const row = ctx.actor!.user;
const N = 30000;
async function cpu(name: string, fn: () => unknown) {
  for (let i = 0; i < 3000; i++) await fn();
  const before = process.cpuUsage();
  for (let i = 0; i < N; i++) await fn();
  const d = process.cpuUsage(before);
  console.log(name.padEnd(28), ((d.user + d.system) / N).toFixed(2), 'µs cpu');
}
const h = { authorization: `Bearer ${token}` };
for (let k = 0; k < 2; k++) {
await cpu('inject healthz', () => app.inject({ url: '/healthz' }));
await cpu('inject rest alive', () => app.inject({ url: '/api/user/alive', headers: h }));
await cpu('inject trpc alive', () => app.inject({ url: '/trpc/users.alive', headers: h }));
await cpu('inject trpc health', () => app.inject({ url: '/trpc/system.health' }));
await cpu('inject rest config', () => app.inject({ url: '/api/config/public' }));
await cpu('inject trpc config', () => app.inject({ url: '/trpc/system.publicConfig' }));
}
await app.close();
