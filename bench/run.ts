/**
 * Throughput of the app against a bare Fastify app, each server in its own process, autocannon in this one.
 * Rows: the bare route (100%), the app's trivial /healthz, the authed REST shim GET /api/user/alive and the
 * authed tRPC query users.alive over HTTP, each with its share of bare and its target. The bare app is measured
 * first and last; its mean is the yardstick (the machine is shared, so both runs are printed).
 *
 * Usage: npm run bench [-- --duration 10 --connections 50 --profile <dir>]
 *   --profile <dir>  also writes a V8 CPU profile of the app process (node --cpu-prof) into <dir>;
 *                    summarise it with `npx tsx bench/profile-summary.ts <dir>/<file>.cpuprofile`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

function numberArgument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

function stringArgument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const duration = Math.min(numberArgument('duration', 10), 60);
const connections = Math.min(numberArgument('connections', 50), 200);
const profileDir = stringArgument('profile');
/** `--only healthz,alive` measures a subset of the app's rows (for iterating; the full run is the report). */
const only = stringArgument('only')?.split(',');

interface Started<T> {
  child: ChildProcess;
  ready: T;
}

/** Starts a TypeScript entry in its own Node process and waits for its first IPC message. */
function start<T>(entry: string, extraExecArgv: string[] = []): Promise<Started<T>> {
  const child = fork(fileURLToPath(new URL(entry, import.meta.url)), [], {
    execArgv: ['--import', 'tsx', ...extraExecArgv],
    env: { ...process.env, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolveStart, rejectStart) => {
    child.once('message', (ready) => resolveStart({ child, ready: ready as T }));
    child.once('exit', (code) => rejectStart(new Error(`${entry} exited with code ${code} before it was ready`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolveStop) => {
    child.once('exit', () => resolveStop());
    child.send('stop');
  });
}

interface Measured {
  requestsPerSecond: number;
  p99: number;
  errors: number;
}

async function measure(url: string, headers: Record<string, string> = {}): Promise<Measured> {
  const result = await autocannon({ url, headers, connections, duration });
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** Checks a target answers 200 once before loading it, so a broken route is not benchmarked as fast 401s. */
async function expectOk(url: string, headers: Record<string, string> = {}): Promise<void> {
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
}

const bare = await start<{ port: number }>('./bare-server.ts');
const bareUrl = `http://127.0.0.1:${bare.ready.port}/bare`;
await expectOk(bareUrl);

if (profileDir) mkdirSync(resolve(profileDir), { recursive: true });
const app = await start<{ port: number; token: string }>(
  './app-server.ts',
  profileDir ? ['--cpu-prof', '--cpu-prof-dir', resolve(profileDir)] : [],
);
const base = `http://127.0.0.1:${app.ready.port}`;
const auth = { authorization: `Bearer ${app.ready.token}` };

const targets = [
  { key: 'healthz', name: 'GET /healthz (in-app trivial route)', url: `${base}/healthz`, headers: {}, target: 85 },
  { key: 'alive', name: 'GET /api/user/alive (authed REST)', url: `${base}/api/user/alive`, headers: auth, target: 50 },
  { key: 'trpc', name: 'GET /trpc/users.alive (authed tRPC)', url: `${base}/trpc/users.alive`, headers: auth, target: 50 },
].filter((target) => !only || only.includes(target.key));
for (const target of targets) await expectOk(target.url, target.headers);

const bareFirst = await measure(bareUrl);
const rows: Array<Measured & { name: string; target: number }> = [];
for (const target of targets) rows.push({ name: target.name, target: target.target, ...(await measure(target.url, target.headers)) });
const bareLast = await measure(bareUrl);
await Promise.all([stop(bare.child), stop(app.child)]);

const yardstick = (bareFirst.requestsPerSecond + bareLast.requestsPerSecond) / 2 || 1;
const share = (value: number) => Math.round((value / yardstick) * 100);
const columns = (cells: string[]) => `${cells[0]!.padEnd(40)}${cells.slice(1).map((cell, index) => cell.padStart([9, 9, 8, 8, 8][index]!)).join('')}\n`;

process.stdout.write(`\nautocannon, ${connections} connections, ${duration}s per row, loopback; each server in its own process\n\n`);
process.stdout.write(columns(['path', 'req/s', 'of bare', 'target', 'p99 ms', 'errors']));
process.stdout.write(columns(['bare Fastify route (separate process)', yardstick.toFixed(0), '100%', '', '', '']));
let missed = 0;
for (const row of rows) {
  const ok = share(row.requestsPerSecond) >= row.target;
  if (!ok || row.errors > 0) missed += 1;
  process.stdout.write(
    columns([row.name, row.requestsPerSecond.toFixed(0), `${share(row.requestsPerSecond)}%`, `≥${row.target}%${ok ? '' : ' ✗'}`, String(row.p99), String(row.errors)]),
  );
}
process.stdout.write(`\nbare Fastify measured first ${bareFirst.requestsPerSecond.toFixed(0)} req/s, last ${bareLast.requestsPerSecond.toFixed(0)} req/s\n`);
if (profileDir) process.stdout.write(`CPU profile of the app process written to ${resolve(profileDir)}\n`);
process.stdout.write(missed ? `${missed} row(s) missed the target\n` : 'all targets met\n');
