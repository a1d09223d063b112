/**
 * Throughput of the app against a bare Fastify app, each server in its own process, autocannon in this one. Both
 * servers run from the server build (scripts/build-server.ts, made first), as `npm start` runs the app.
 * Rows: the bare route (100%), the app's trivial /healthz, the authed REST shim GET /api/user/alive and the
 * authed tRPC query users.alive over HTTP, each with its share of bare and its target.
 *
 * The machine is shared, so the rows are measured in interleaved rounds (bare, healthz, alive, tRPC, bare, ...)
 * after a short warm-up, and each row is the mean of its rounds. Beside req/s the table shows the server
 * process's own CPU time per request (user + system, from process.cpuUsage in the server), which other load on the
 * machine disturbs far less than throughput.
 *
 * Usage: npm run bench [-- --duration 12 --rounds 3 --connections 50 --only healthz,alive,trpc --profile <dir>]
 *   --duration <s>   seconds of load per row in total, split over the rounds (default 12)
 *   --profile <dir>  also writes a V8 CPU profile of the app process (node --cpu-prof) into <dir>;
 *                    summarise it with `npx tsx bench/profile-summary.ts <dir>/<file>.cpuprofile`.
 *   --baseline <git ref>  also builds that commit (a temporary git worktree sharing node_modules, built by its own
 *                    scripts/build-server.ts) and measures its authed rows in the same rounds, then prints each
 *                    authed row against the baseline's: how targets set on another machine are checked on this one.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildServer, serverBuildDir } from '../scripts/build-server';
import type { ServerMessage } from './server-messages';

function numberArgument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

function stringArgument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const duration = Math.min(numberArgument('duration', 12), 120);
const rounds = Math.min(Math.round(numberArgument('rounds', 3)), 10);
const connections = Math.min(numberArgument('connections', 50), 200);
const profileDir = stringArgument('profile');
const baselineRef = stringArgument('baseline');
const only = stringArgument('only')?.split(',');

/** A server in its own Node process, answering IPC requests (`ready`, `cpu`, `stop`). bench/scale.ts uses it too. */
export class Server<T> {
  private constructor(
    private readonly child: ChildProcess,
    readonly ready: T,
  ) {}

  /**
   * `entry`: a file of the server build (`buildDir`, dist/node by default), run by plain node as `npm start` runs the
   * server; `env` is added to this process's environment.
   */
  static start<T>(entry: string, extraExecArgv: string[] = [], env: Record<string, string> = {}, buildDir = serverBuildDir): Promise<Server<T>> {
    const child = fork(join(buildDir, entry), [], {
      execArgv: extraExecArgv,
      env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Promise((resolveStart, rejectStart) => {
      child.once('message', (message) => resolveStart(new Server(child, (message as ServerMessage<T>).ready!)));
      child.once('exit', (code) => rejectStart(new Error(`${entry} exited with code ${code} before it was ready`)));
    });
  }

  /** CPU time (µs, user + system) the server process has used so far. */
  cpuMicros(): Promise<number> {
    return new Promise((resolveCpu) => {
      this.child.once('message', (message) => resolveCpu((message as ServerMessage<T>).cpuMicros ?? 0));
      this.child.send('cpu');
    });
  }

  stop(): Promise<void> {
    return new Promise((resolveStop) => {
      this.child.once('exit', () => resolveStop());
      this.child.send('stop');
    });
  }
}

export interface Target {
  key: string;
  name: string;
  url: string;
  headers: Record<string, string>;
  server: Server<unknown>;
  target?: number;
}

export interface Slice {
  requests: number;
  seconds: number;
  cpuMicros: number;
  p99: number;
  errors: number;
}

export async function load(target: Target, seconds: number, connections: number): Promise<Slice> {
  const cpuBefore = await target.server.cpuMicros();
  const result = await autocannon({ url: target.url, headers: target.headers, connections, duration: seconds });
  const cpuMicros = (await target.server.cpuMicros()) - cpuBefore;
  return { requests: result.requests.total, seconds, cpuMicros, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** Checks a target answers 200 once before loading it, so a broken route is not benchmarked as fast 401s. */
export async function expectOk(target: Target): Promise<void> {
  const response = await fetch(target.url, { headers: target.headers });
  if (response.status !== 200) throw new Error(`${target.url} answered ${response.status}: ${await response.text()}`);
}

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

/** The server build of another commit: a detached worktree with this checkout's node_modules, built by its own script. */
function buildBaseline(ref: string): { buildDir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'cuepoint-baseline-'));
  execFileSync('git', ['worktree', 'add', '--detach', '--force', dir, ref], { cwd: repositoryRoot, stdio: 'ignore' });
  symlinkSync(join(repositoryRoot, 'node_modules'), join(dir, 'node_modules'));
  execFileSync(join(repositoryRoot, 'node_modules', '.bin', 'tsx'), ['scripts/build-server.ts'], { cwd: dir, stdio: 'inherit' });
  return {
    buildDir: join(dir, 'dist', 'node'),
    remove: () => execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: repositoryRoot, stdio: 'ignore' }),
  };
}

async function main(): Promise<void> {
  await buildServer();
  const baselineBuild = baselineRef ? buildBaseline(baselineRef) : null;
  const bare = await Server.start<{ port: number }>('bench/bare-server.js');
  if (profileDir) mkdirSync(resolve(profileDir), { recursive: true });
  const app = await Server.start<{ port: number; token: string }>(
    'bench/app-server.js',
    profileDir ? ['--cpu-prof', '--cpu-prof-dir', resolve(profileDir)] : [],
  );
  const base = `http://127.0.0.1:${app.ready.port}`;
  const auth = { authorization: `Bearer ${app.ready.token}` };

  const bareTarget: Target = { key: 'bare', name: 'bare Fastify route (separate process)', url: `http://127.0.0.1:${bare.ready.port}/bare`, headers: {}, server: bare };
  const appTargets: Target[] = [
    { key: 'healthz', name: 'GET /healthz (in-app trivial route)', url: `${base}/healthz`, headers: {}, server: app, target: 85 },
    { key: 'alive', name: 'GET /api/user/alive (authed REST)', url: `${base}/api/user/alive`, headers: auth, server: app, target: 50 },
    { key: 'trpc', name: 'GET /trpc/users.alive (authed tRPC)', url: `${base}/trpc/users.alive`, headers: auth, server: app, target: 50 },
  ].filter((target) => !only || only.includes(target.key));
  const baseline = baselineBuild ? await Server.start<{ port: number; token: string }>('bench/app-server.js', [], {}, baselineBuild.buildDir) : null;
  const baselineTargets: Target[] = baseline
    ? appTargets
        .filter((target) => target.key !== 'healthz')
        .map((target) => ({ ...target, key: `baseline-${target.key}`, name: `${baselineRef}: ${target.name.replace(/^GET /, '')}`, url: target.url.replace(base, `http://127.0.0.1:${baseline.ready.port}`), headers: { authorization: `Bearer ${baseline.ready.token}` }, server: baseline }))
    : [];
  const targets = [bareTarget, ...appTargets, ...baselineTargets];
  for (const target of targets) await expectOk(target);

  for (const target of targets) await load(target, 1, connections); // warm-up: JIT, caches, connections
  const slices = new Map<Target, Slice[]>(targets.map((target) => [target, []]));
  const sliceSeconds = Math.max(1, Math.round(duration / rounds));
  for (let round = 0; round < rounds; round += 1) {
    for (const target of targets) slices.get(target)!.push(await load(target, sliceSeconds, connections));
  }
  await Promise.all([bare.stop(), app.stop(), baseline?.stop()]);
  baselineBuild?.remove();

  function summary(target: Target) {
    const parts = slices.get(target)!;
    const requests = parts.reduce((sum, part) => sum + part.requests, 0);
    const seconds = parts.reduce((sum, part) => sum + part.seconds, 0);
    return {
      requestsPerSecond: requests / seconds,
      cpuMicrosPerRequest: parts.reduce((sum, part) => sum + part.cpuMicros, 0) / Math.max(requests, 1),
      p99: Math.max(...parts.map((part) => part.p99)),
      errors: parts.reduce((sum, part) => sum + part.errors, 0),
      perRound: parts.map((part) => Math.round(part.requests / part.seconds)),
    };
  }

  const yardstick = summary(bareTarget);
  const columns = (cells: string[]) => `${cells[0]!.padEnd(40)}${cells.slice(1).map((cell, index) => cell.padStart([9, 9, 9, 12, 11, 8, 8][index]!)).join('')}\n`;
  process.stdout.write(`\nautocannon, ${connections} connections, ${rounds} interleaved rounds of ${sliceSeconds}s per row, loopback; each server in its own process\n\n`);
  process.stdout.write(columns(['path', 'req/s', 'of bare', 'target', 'CPU µs/req', 'CPU share', 'p99 ms', 'errors']));
  process.stdout.write(columns([bareTarget.name, yardstick.requestsPerSecond.toFixed(0), '100%', '', yardstick.cpuMicrosPerRequest.toFixed(1), '100%', String(yardstick.p99), String(yardstick.errors)]));
  let missed = 0;
  for (const target of appTargets) {
    const row = summary(target);
    const share = Math.round((row.requestsPerSecond / yardstick.requestsPerSecond) * 100);
    const cpuShare = Math.round((yardstick.cpuMicrosPerRequest / row.cpuMicrosPerRequest) * 100);
    const ok = share >= target.target! && row.errors === 0;
    if (!ok) missed += 1;
    process.stdout.write(
      columns([target.name, row.requestsPerSecond.toFixed(0), `${share}%`, `≥${target.target}%${ok ? '' : ' ✗'}`, row.cpuMicrosPerRequest.toFixed(1), `${cpuShare}%`, String(row.p99), String(row.errors)]),
    );
  }
  for (const target of baselineTargets) {
    const row = summary(target);
    const share = Math.round((row.requestsPerSecond / yardstick.requestsPerSecond) * 100);
    process.stdout.write(columns([target.name, row.requestsPerSecond.toFixed(0), `${share}%`, '', row.cpuMicrosPerRequest.toFixed(1), `${Math.round((yardstick.cpuMicrosPerRequest / row.cpuMicrosPerRequest) * 100)}%`, String(row.p99), String(row.errors)]));
  }
  for (const target of baselineTargets) {
    const current = appTargets.find((candidate) => `baseline-${candidate.key}` === target.key)!;
    const [now, then] = [summary(current), summary(target)];
    process.stdout.write(
      `${current.name} against ${baselineRef}: CPU per request ${(now.cpuMicrosPerRequest / then.cpuMicrosPerRequest).toFixed(2)}x, throughput ${(now.requestsPerSecond / then.requestsPerSecond).toFixed(2)}x\n`,
    );
  }
  process.stdout.write(`\nreq/s per round: ${targets.map((target) => `${target.key} ${summary(target).perRound.join('/')}`).join(', ')}\n`);
  process.stdout.write('CPU share = bare CPU µs/req ÷ row CPU µs/req (the throughput the row would reach on a core of its own).\n');
  if (profileDir) process.stdout.write(`CPU profile of the app process written to ${resolve(profileDir)}\n`);
  process.stdout.write(missed ? `${missed} row(s) missed the target\n` : 'all targets met\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
