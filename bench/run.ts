/**
 * Throughput of the three ways a request reaches the server, side by side (loopback, bounded):
 * a bare Fastify route, the REST shim GET /api/user/alive, and the tRPC query users.alive.
 * Usage: npm run bench [-- --duration 10 --connections 50]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { demoPassword } from '../seed/accounts';
import { seedDatabase } from '../seed/seed';

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const duration = Math.min(argument('duration', 10), 60);
const connections = Math.min(argument('connections', 50), 200);
const dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-bench-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', BOT_CHECK_PROVIDER: 'off', SEED_DEMO_DATA: 'false' });
const app = await buildApp(config);
app.get('/bench/bare', async () => ({ ok: true }));
const logins = await seedDatabase(app.services.db, config, { demoData: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const creator = logins.find((login) => login.label === 'Creator')!;
const session = await fetch(`${base}/api/user/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ userName: creator.email, password: demoPassword }),
}).then((response) => response.json() as Promise<{ token: string }>);
const headers = { authorization: `Bearer ${session.token}` };

const targets = [
  { name: 'bare Fastify route', path: '/bench/bare', headers: {} },
  { name: 'REST shim /api/user/alive', path: '/api/user/alive', headers },
  { name: 'tRPC users.alive', path: '/trpc/users.alive', headers },
];

const results: Array<{ name: string; requestsPerSecond: number; p99: number; errors: number }> = [];
for (const target of targets) {
  const result = await autocannon({ url: `${base}${target.path}`, headers: target.headers, connections, duration });
  results.push({ name: target.name, requestsPerSecond: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx });
}

const bare = results[0]!.requestsPerSecond || 1;
process.stdout.write(`\n${connections} connections, ${duration}s each, loopback\n\n`);
process.stdout.write(`${'target'.padEnd(30)}${'req/s'.padStart(10)}${'vs bare'.padStart(10)}${'p99 ms'.padStart(10)}${'errors'.padStart(8)}\n`);
for (const row of results) {
  process.stdout.write(
    `${row.name.padEnd(30)}${row.requestsPerSecond.toFixed(0).padStart(10)}${`${((row.requestsPerSecond / bare) * 100).toFixed(0)}%`.padStart(10)}${String(row.p99).padStart(10)}${String(row.errors).padStart(8)}\n`,
  );
}
await app.close();
rmSync(dataDir, { recursive: true, force: true });
