/**
 * Scale-out benchmark (issue 25): the app as `npm start` runs it (the server build), each server in its own process,
 * loaded from this one. bench/run.ts's machinery (server processes over IPC, autocannon slices with the server's own
 * CPU time) measures:
 *
 * 1. Throughput against a bare Fastify app, interleaved rounds after a warm-up: SQLite mode (`/healthz`, the authed
 *    REST shim, authed tRPC: today's `npm run bench` rows; then the public schedule, the event page's event and a tip,
 *    bench/scale-workload.ts), Redis mode, one instance (REDIS_URL to a private redis-server): authed REST and tRPC;
 *    PostgreSQL mode (DATABASE_URL to a private cluster, bench/scale-postgres.ts): the same session, read and tip
 *    rows as SQLite; PostgreSQL + Redis, one instance: authed REST and tRPC. A row's share of bare is the median of
 *    its per-round shares; PostgreSQL rows also count the cluster's CPU time.
 * 2. Two instances against one: instances A and B (one SQLite file, one Redis, the same JWT_SECRET), loaded together
 *    with half the connections each, against A alone with all of them.
 * 3. Chat across the two instances: subscribers on A and B in one room (those of each instance in a process of their
 *    own, bench/scale-subscribers.ts), messages sent through A; delivery latency (send → frame parsed by the
 *    subscriber), and that each subscriber got every message once and in order; then more subscribers are held and a
 *    few more messages sent.
 * 4. PostgreSQL's statements: those one request of each PostgreSQL row sends, and the transactions aborted (serialization
 *    failures, run again) during the ratio rounds.
 *
 * Usage: npm run bench:scale [-- --seconds 4 --rounds 3 --connections 50 --subscribers 1000 --hold 2500 --rate 5 --messages 50]
 *   --seconds      seconds of load per row per round (default 4)
 *   --subscribers  chat subscribers on each instance for the latency run (default 1000)
 *   --hold         chat subscribers on each instance for the hold run (default 2500)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, serverBuildDir } from '../scripts/build-server';
import { startRedis } from '../tests/engines/redis';
import { expectOk, load, Server, type Slice, type Target } from './run';
import { insertChatFixtures, sendAtRate } from './scale-chat';
import { clusterCpuMicros, databaseOf, startBenchPostgres, statementsPerRequest, transactionCounts, type StatementCount } from './scale-postgres';
import { SubscriberProcess, type Deliveries } from './scale-subscribers';
import { expectAnswer, loadRequests, untilSettled, workloadOf, workloadRequests, type RequestSlice, type RequestTarget } from './scale-workload';

function numberArgument(name: string, fallback: number, max: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : NaN;
  return Math.min(Number.isFinite(value) && value > 0 ? value : fallback, max);
}

const sliceSeconds = Math.round(numberArgument('seconds', 4, 30));
const rounds = Math.round(numberArgument('rounds', 3, 10));
const connections = Math.round(numberArgument('connections', 50, 200) / 2) * 2;
const perInstance = Math.round(numberArgument('subscribers', 1000, 5000));
const holdPerInstance = Math.max(perInstance, Math.round(numberArgument('hold', 2500, 5000)));
const rate = numberArgument('rate', 5, 50);
const chatMessages = Math.round(numberArgument('messages', 50, 500));

/** The server build in a folder of its own, so a concurrent `npm run build` or `npm run bench` cannot remove it mid-run. */
const buildDir = join(serverBuildDir, '..', 'bench-scale');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => process.stderr.write(`[bench:scale] ${line}\n`);
const out = (line = '') => process.stdout.write(`${line}\n`);

type AppReady = { port: number; token: string };

async function untilReady(base: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await fetch(`${base}/readyz`).then((response) => response.status, () => 0)) !== 200) {
    if (Date.now() > deadline) throw new Error(`${base} is not ready`);
    await sleep(50);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const perSecond = (slice: Slice) => slice.requests / slice.seconds;
const sum = (slices: Slice[], key: 'requests' | 'seconds' | 'cpuMicros' | 'errors') => slices.reduce((total, slice) => total + slice[key], 0);
const databaseCpu = (slices: RequestSlice[]) => slices.reduce((total, slice) => total + (slice.databaseCpuMicros ?? NaN), 0);
/** A share in percent: one decimal under 10%, where the write rows are. */
const percent = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)}%`;

/** Adds up slices measured at the same time on several instances (one row of the two-instance table). */
function together(slices: Slice[]): Slice {
  return { requests: sum(slices, 'requests'), seconds: slices[0]!.seconds, cpuMicros: sum(slices, 'cpuMicros'), p99: Math.max(...slices.map((slice) => slice.p99)), errors: sum(slices, 'errors') };
}

interface DeliveryReport {
  messages: number;
  deliveries: number;
  p50: number;
  p99: number;
  max: number;
  missing: number;
  disordered: number;
  closed: number;
}

/** The subscriber processes' deliveries of one run, together. */
function deliveryReport(parts: Deliveries[]): DeliveryReport {
  const latencies = parts.flatMap((part) => part.latencies).sort((a, b) => a - b);
  const at = (fraction: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * fraction))]! : NaN);
  const total = (key: 'missing' | 'disordered' | 'closed') => parts.reduce((count, part) => count + part[key], 0);
  return { messages: parts[0]!.messages, deliveries: latencies.length, p50: at(0.5), p99: at(0.99), max: latencies.at(-1) ?? NaN, missing: total('missing'), disordered: total('disordered'), closed: total('closed') };
}

/** The whole run; the engines and servers it starts are stopped whatever happens. */
async function main(): Promise<void> {
  const startedAt = new Date();
  const loadAtStart = loadavg();
  log('building the server into dist/bench-scale ...');
  await buildServer(buildDir);

  const redis = await startRedis();
  const postgres = await startBenchPostgres().catch(async (error: unknown) => {
    await redis.close();
    throw error;
  });
  const sharedDir = mkdtempSync(join(tmpdir(), 'cuepoint-bench-scale-'));
  const jwtSecret = randomBytes(32).toString('base64url');
  const fixtures = await insertChatFixtures(join(sharedDir, 'cuepoint.db'), jwtSecret);
  const redisEnv = { BENCH_APP_ENV: JSON.stringify({ DATA_DIR: sharedDir, REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'cuepoint-bench:', JWT_SECRET: jwtSecret }) };
  // The tip rows pay from one viewer account and address, far past the payment-creation limit (PAYMENT_RATE_LIMIT a minute).
  const tipLimit = { PAYMENT_RATE_LIMIT: String(1e9) };
  const sqliteEnv = { BENCH_APP_ENV: JSON.stringify(tipLimit) };

  const servers: Array<Server<unknown>> = [];
  const subscriberProcesses: SubscriberProcess[] = [];
  async function start<T>(entry: string, env: Record<string, string> = {}): Promise<Server<T>> {
    const server = await Server.start<T>(entry, [], env, buildDir);
    servers.push(server);
    return server;
  }

  try {
    const postgresUrl = await postgres.createDatabase({ name: 'bench_postgres' });
    const postgresRedisUrl = await postgres.createDatabase({ name: 'bench_postgres_redis' });
    const postgresEnv = { BENCH_APP_ENV: JSON.stringify({ DATABASE_URL: postgresUrl, JWT_SECRET: jwtSecret, ...tipLimit }) };
    const postgresRedisEnv = { BENCH_APP_ENV: JSON.stringify({ DATABASE_URL: postgresRedisUrl, REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'cuepoint-bench-pg:', JWT_SECRET: jwtSecret }) };
    log('starting bare Fastify, the app on SQLite, on PostgreSQL, on PostgreSQL + Redis, instances A and B on the shared SQLite file + Redis ...');
    const bare = await start<{ port: number }>('bench/bare-server.js');
    const single = await start<AppReady>('bench/app-server.js', sqliteEnv);
    const onPostgres = await start<AppReady>('bench/app-server.js', postgresEnv);
    const onPostgresRedis = await start<AppReady>('bench/app-server.js', postgresRedisEnv);
    const a = await start<AppReady>('bench/app-server.js', redisEnv);
    const b = await start<AppReady>('bench/app-server.js', redisEnv);
    const urlOf = (server: Server<AppReady>) => `http://127.0.0.1:${server.ready.port}`;
    for (const server of [onPostgres, onPostgresRedis, a, b]) await untilReady(urlOf(server));
    const auth = (server: Server<AppReady>) => ({ authorization: `Bearer ${server.ready.token}` });
    const row = (key: string, name: string, server: Server<AppReady>, path: string, target?: number, headers: Record<string, string> = auth(server)): Target => ({ key, name, url: `${urlOf(server)}${path}`, headers, server, target });

    // ------------------------------------------------------------ 1. ratios against bare Fastify
    const bareTarget: Target = { key: 'bare', name: 'bare Fastify route, own process', url: `http://127.0.0.1:${bare.ready.port}/bare`, headers: {}, server: bare };
    const postgresCpu = clusterCpuMicros(postgres) === null ? undefined : () => clusterCpuMicros(postgres)!;
    /** The workload rows (bench/scale-workload.ts) on one instance. */
    const workloadRows = async (engine: string, prefix: string, server: Server<AppReady>, databaseCpuMicros?: () => number): Promise<RequestTarget[]> => {
      const requests = workloadRequests(await workloadOf(urlOf(server)));
      const { path: tipPath, ...tip } = requests.tip;
      return [
        { ...row(`${prefix}schedule`, `${engine}: tRPC events.publicSchedule (public read)`, server, requests.schedule.path, undefined, {}), databaseCpuMicros },
        { ...row(`${prefix}event`, `${engine}: tRPC events.latest (event page, public read)`, server, requests.eventPage.path, undefined, {}), databaseCpuMicros },
        { ...row(`${prefix}tip`, `${engine}: tRPC payments.createTipsPaymentWithToken (tip, write)`, server, tipPath, undefined, tip.headers), ...tip, databaseCpuMicros },
      ];
    };
    const postgresSession: RequestTarget[] = [
      { ...row('pg-alive', 'PostgreSQL: authed REST', onPostgres, '/api/user/alive'), databaseCpuMicros: postgresCpu },
      { ...row('pg-trpc', 'PostgreSQL: authed tRPC', onPostgres, '/trpc/users.alive'), databaseCpuMicros: postgresCpu },
    ];
    const postgresWorkload = await workloadRows('PostgreSQL', 'pg-', onPostgres, postgresCpu);
    const appTargets: RequestTarget[] = [
      row('healthz', 'SQLite: GET /healthz', single, '/healthz', 85, {}),
      row('alive', 'SQLite: GET /api/user/alive (authed REST)', single, '/api/user/alive', 50),
      row('trpc', 'SQLite: GET /trpc/users.alive (authed tRPC)', single, '/trpc/users.alive', 50),
      ...(await workloadRows('SQLite', '', single)),
      row('redis-alive', 'Redis, 1 instance: authed REST', a, '/api/user/alive', 40),
      row('redis-trpc', 'Redis, 1 instance: authed tRPC', a, '/trpc/users.alive', 40),
      ...postgresSession,
      ...postgresWorkload,
      { ...row('pg-redis-alive', 'PostgreSQL + Redis, 1 instance: authed REST', onPostgresRedis, '/api/user/alive', 40), databaseCpuMicros: postgresCpu },
      { ...row('pg-redis-trpc', 'PostgreSQL + Redis, 1 instance: authed tRPC', onPostgresRedis, '/trpc/users.alive', 40), databaseCpuMicros: postgresCpu },
    ];
    const ratioTargets: RequestTarget[] = [bareTarget, ...appTargets];
    for (const target of ratioTargets) await expectAnswer(target);
    const engines = async (server: Server<AppReady>) => (await (await fetch(`${urlOf(server)}/healthz`)).json()) as Record<string, string>;
    for (const [name, server, db, bus] of [['A', a, 'sqlite', 'redis'], ['the PostgreSQL instance', onPostgres, 'postgres', 'memory'], ['the PostgreSQL + Redis instance', onPostgresRedis, 'postgres', 'redis']] as const) {
      const healthz = await engines(server);
      if (healthz.db !== db || healthz.bus !== bus) throw new Error(`${name} does not run on ${db} + ${bus}: /healthz ${JSON.stringify(healthz)}`);
    }
    const postgresDatabase = databaseOf(postgresUrl);
    const transactionsBefore = await transactionCounts(postgres, postgresDatabase);

    log(`ratios: ${ratioTargets.length} rows × ${rounds} rounds × ${sliceSeconds}s ...`);
    const warmUps = new Map<RequestTarget, RequestSlice>();
    for (const target of ratioTargets) {
      warmUps.set(target, await loadRequests(target, 1, connections));
      await untilSettled(target);
    }
    const slices = new Map<RequestTarget, RequestSlice[]>(ratioTargets.map((target) => [target, []]));
    for (let round = 0; round < rounds; round += 1) {
      for (const target of ratioTargets) {
        slices.get(target)!.push(await loadRequests(target, sliceSeconds, connections));
        await untilSettled(target);
      }
    }

    // ------------------------------------------------------------ 2. two instances against one
    const pairs = [
      { name: 'authed REST', one: row('alive-a', 'A', a, '/api/user/alive'), two: [row('alive-a', 'A', a, '/api/user/alive'), row('alive-b', 'B', b, '/api/user/alive')] },
      { name: 'authed tRPC', one: row('trpc-a', 'A', a, '/trpc/users.alive'), two: [row('trpc-a', 'A', a, '/trpc/users.alive'), row('trpc-b', 'B', b, '/trpc/users.alive')] },
    ];
    for (const target of pairs.flatMap((pair) => pair.two)) await expectOk(target);
    log(`two instances against one: ${pairs.length * 2} rows × ${rounds} rounds × ${sliceSeconds}s ...`);
    const pairSlices = pairs.map(() => ({ one: [] as Slice[], two: [] as Slice[] }));
    for (const pair of pairs) await Promise.all(pair.two.map((target) => load(target, 1, connections / 2)));
    for (let round = 0; round < rounds; round += 1) {
      for (const [index, pair] of pairs.entries()) {
        pairSlices[index]!.one.push(await load(pair.one, sliceSeconds, connections));
        pairSlices[index]!.two.push(together(await Promise.all(pair.two.map((target) => load(target, sliceSeconds, connections / 2)))));
      }
    }

    // ------------------------------------------------------------ 3. chat across the two instances
    const wsUrl = (server: Server<AppReady>) => `ws://127.0.0.1:${server.ready.port}/trpc`;
    log(`chat: ${perInstance} subscribers on A and ${perInstance} on B (a process of subscribers for each) ...`);
    const onA = SubscriberProcess.start();
    const onB = SubscriberProcess.start();
    subscriberProcesses.push(onA, onB);
    await Promise.all([onA.connect(wsUrl(a), fixtures.eventId, perInstance), onB.connect(wsUrl(b), fixtures.eventId, perInstance)]);
    await sleep(1000);
    await sendAtRate(urlOf(a), fixtures, rate, 10); // warm-up, not counted (later joiners get it as history)
    await sleep(1000);
    log(`chat: ${chatMessages} messages through A at ${rate}/s ...`);
    const latencyRun = await sendAtRate(urlOf(a), fixtures, rate, chatMessages);
    const [latencyOnA, latencyOnB] = await Promise.all([onA.collect(latencyRun.ids, 10_000), onB.collect(latencyRun.ids, 10_000)]);
    const chatRows: Array<{ name: string; report: DeliveryReport; failed: number }> = [
      { name: `${perInstance} on A + ${perInstance} on B`, report: deliveryReport([latencyOnA, latencyOnB]), failed: latencyRun.failed },
      { name: '  of which on A (same instance)', report: deliveryReport([latencyOnA]), failed: 0 },
      { name: '  of which on B (through Redis)', report: deliveryReport([latencyOnB]), failed: 0 },
    ];

    const more = holdPerInstance - perInstance;
    log(`chat: ${more} more subscribers on each instance (${holdPerInstance * 2} in all) ...`);
    await Promise.all([onA.connect(wsUrl(a), fixtures.eventId, more), onB.connect(wsUrl(b), fixtures.eventId, more)]);
    await sleep(1000);
    const holdMessages = 10;
    const holdRun = await sendAtRate(urlOf(a), fixtures, rate, holdMessages);
    const heldParts = await Promise.all([onA.collect(holdRun.ids, 15_000), onB.collect(holdRun.ids, 15_000)]);
    chatRows.push({ name: `${holdPerInstance} on A + ${holdPerInstance} on B (held)`, report: deliveryReport(heldParts), failed: holdRun.failed });

    // ------------------------------------------------------------ PostgreSQL: aborted transactions, statements per request
    // Read a minute after the ratio rounds: the backends have reported their counts by then.
    const transactionsAfter = await transactionCounts(postgres, postgresDatabase);
    const postgresTargets = [...postgresSession, ...postgresWorkload];
    log(`PostgreSQL: statements of one request, ${postgresTargets.length} paths ...`);
    const statements = await statementsPerRequest(
      postgres,
      postgresDatabase,
      postgresTargets.map((target) => ({ key: target.key, send: () => expectAnswer(target) })),
    );
    const loadAtEnd = loadavg();

    // ------------------------------------------------------------ report
    const misses: string[] = [];
    const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
    const bareSlices = slices.get(bareTarget)!;
    const bareRate = sum(bareSlices, 'requests') / sum(bareSlices, 'seconds');
    const bareCpu = sum(bareSlices, 'cpuMicros') / Math.max(sum(bareSlices, 'requests'), 1);
    out(`\nnpm run bench:scale, ${startedAt.toISOString()}; load average at the start ${loadAtStart.map((value) => value.toFixed(2)).join(' / ')}, at the end ${loadAtEnd.map((value) => value.toFixed(2)).join(' / ')} (1 / 5 / 15 min)`);
    out(`autocannon, ${connections} connections, ${rounds} interleaved rounds of ${sliceSeconds}s per row after a 1 s warm-up, loopback; each server in its own process (server build, plain node)`);
    out('CPU share = bare CPU µs/req ÷ (app CPU µs/req + PostgreSQL CPU µs/req): on PostgreSQL the database work is in the cluster\'s processes, on SQLite in the app\'s\n');
    out('| path | req/s | of bare (median of rounds) | per round | target | app CPU µs/req | PostgreSQL CPU µs/req | CPU share | p99 ms | errors |');
    out('|---|---|---|---|---|---|---|---|---|---|');
    out(`| ${bareTarget.name} | ${bareRate.toFixed(0)} | 100% | | | ${bareCpu.toFixed(1)} | | 100% | ${Math.max(...bareSlices.map((slice) => slice.p99))} | ${sum(bareSlices, 'errors')} |`);
    for (const target of appTargets) {
      const parts = slices.get(target)!;
      const shares = parts.map((slice, index) => (perSecond(slice) / perSecond(bareSlices[index]!)) * 100);
      const share = median(shares);
      const requests = Math.max(sum(parts, 'requests'), 1);
      const cpu = sum(parts, 'cpuMicros') / requests;
      const databaseCpuPerRequest = target.databaseCpuMicros ? databaseCpu(parts) / requests : NaN;
      const errors = sum(parts, 'errors');
      const ok = (target.target === undefined || share >= target.target) && errors === 0;
      if (!ok) misses.push(target.name);
      const targetCell = target.target === undefined ? (errors === 0 ? '' : 'no errors ✗') : `≥ ${target.target}% ${ok ? '✓' : '✗'}`;
      out(
        `| ${target.name} | ${(sum(parts, 'requests') / sum(parts, 'seconds')).toFixed(0)} | ${percent(share)} | ${shares.map((value) => value.toFixed(0)).join(' / ')} | ${targetCell} | ${cpu.toFixed(1)} | ${target.databaseCpuMicros ? fixed(databaseCpuPerRequest) : ''} | ${percent((bareCpu / (cpu + (Number.isFinite(databaseCpuPerRequest) ? databaseCpuPerRequest : 0))) * 100)} | ${Math.max(...parts.map((slice) => slice.p99))} | ${errors} |`,
      );
    }

    const postgresTips = postgresWorkload.find((target) => target.key === 'pg-tip')!;
    const tipsPaid = sum([warmUps.get(postgresTips)!, ...slices.get(postgresTips)!], 'requests');
    out(`\nPostgreSQL (its own instance, no Redis): statements one request sends, alone, fewest of 3 tries (log_statement = all for the moment); transactions aborted in its database during the rounds: ${transactionsAfter.aborted - transactionsBefore.aborted} (serialization failures, each run again) while ${tipsPaid} tips were paid, ${transactionsAfter.committed - transactionsBefore.committed} committed (each statement outside a transaction counts as one)\n`);
    out('| path | statements until the answer | statements in the 0.5 s after (jobs it queued, polls) |');
    out('|---|---|---|');
    for (const target of postgresTargets) {
      const count: StatementCount = statements.get(target.key)!;
      out(`| ${target.name} | ${count.answer} | ${count.after} |`);
    }

    out(`\nTwo instances (one SQLite file, one Redis) against one, same machine (${connections} connections in all; ${connections / 2} on each instance for two):\n`);
    out('| path | one instance req/s | two instances req/s | two ÷ one | CPU µs/req one / two | p99 ms one / two | errors |');
    out('|---|---|---|---|---|---|---|');
    for (const [index, pair] of pairs.entries()) {
      const { one, two } = pairSlices[index]!;
      const oneRate = sum(one, 'requests') / sum(one, 'seconds');
      const twoRate = sum(two, 'requests') / sum(two, 'seconds');
      const cpu = (parts: Slice[]) => (sum(parts, 'cpuMicros') / Math.max(sum(parts, 'requests'), 1)).toFixed(1);
      out(
        `| ${pair.name} | ${oneRate.toFixed(0)} | ${twoRate.toFixed(0)} | ${(twoRate / oneRate).toFixed(2)} | ${cpu(one)} / ${cpu(two)} | ${Math.max(...one.map((slice) => slice.p99))} / ${Math.max(...two.map((slice) => slice.p99))} | ${sum(one, 'errors') + sum(two, 'errors')} |`,
      );
    }

    out(`\nChat across instances A and B (one room; messages sent through A over HTTP, ${rate}/s; ${chatMessages} messages, then ${holdMessages} more once the subscribers are held); latency = send → frame parsed by the subscriber (one process of subscribers per instance):\n`);
    out('| subscribers | messages | deliveries | p50 ms | p99 ms | max ms | missing | not once/in order | closed | failed sends |');
    out('|---|---|---|---|---|---|---|---|---|---|');
    for (const { name, report, failed } of chatRows) {
      out(`| ${name} | ${report.messages} | ${report.deliveries} | ${fixed(report.p50)} | ${fixed(report.p99)} | ${fixed(report.max)} | ${report.missing} | ${report.disordered} | ${report.closed} | ${failed} |`);
    }
    const [all, , , held] = chatRows.map((entry) => entry.report) as [DeliveryReport, DeliveryReport, DeliveryReport, DeliveryReport];
    const complete = (report: DeliveryReport, failed: number) => report.messages > 0 && report.missing === 0 && report.disordered === 0 && report.closed === 0 && failed === 0;
    if (!(all.p99 < 50)) misses.push(`chat p99 ${fixed(all.p99)} ms (target < 50 ms)`);
    if (!complete(all, latencyRun.failed)) misses.push('chat: not every subscriber got every message once, in order');
    if (!complete(held, holdRun.failed)) misses.push(`chat: ${holdPerInstance * 2} subscribers not held without drops`);
    out(misses.length ? `\nmissed: ${misses.join('; ')}` : '\nall targets met');
  } finally {
    await Promise.all([...subscriberProcesses, ...servers].map((server) => server.stop()));
    await redis.close();
    await postgres.stop();
    rmSync(sharedDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  log(`stopped: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
