/**
 * WHIP/WHEP benchmark (issue 35), one run on loopback with real ffmpeg, printed as a markdown table.
 *
 * Processes: the app (bench/webrtc-app-server.ts: buildApp + live ingest + the WebRTC media worker, from the server
 * build, as `npm start` runs it), the yardstick (bench/bare-server.ts), the CPU/API viewers (bench/webrtc-viewers.ts,
 * werift, under tsx) each in their own process; the publisher, the delay viewer and the HLS client in this
 * one (they share its clock).
 *
 * 1. Glass-to-glass delay: frames drawn here with their send time as 3 rows of 16 blocks (32 bits + a check row),
 *    640×360@30 with moving noise below, piped to ffmpeg (libx264 baseline ultrafast zerolatency, -g 30, ~1.5 Mbit/s)
 *    → RTP → a WHIP publisher (node-datachannel). At the same time, for `--delay-seconds`: a WHEP viewer whose RTP goes
 *    to an ffmpeg decoder (raw gray frames read back here), and an HLS client polling the playlist every 100 ms and
 *    decoding each new segment. Delay = time the frame was decoded (WHEP) / its segment was downloaded (HLS) − drawn
 *    time. "HLS player-typical" adds what hls.js does (liveSyncDurationCount 3: it plays 3 target durations behind
 *    the newest segment's end): a frame shows at download + 3·TD − (its distance to the segment's end).
 * 2. CPU per WHEP viewer: the app process's CPU (utime + stime of every thread, /proc/<pid>/stat) over
 *    `--cpu-seconds` with the publish alone, then 1, 10 and 20 viewers; (row − publish alone) / viewers. The media
 *    worker's event-loop utilisation over the same window comes from app.services.live.webrtc.stats() (cumulative
 *    since the worker started, so the window's figure is (u₂·age₂ − u₁·age₁) / (age₂ − age₁)). The app's ffmpeg (HLS
 *    remux) is shown apart.
 * 3. API ratios: bench/run.ts's measurement (its `load`: autocannon, `--connections` connections, rows interleaved
 *    over `--rounds`, `--duration` s per row) of the bare route, /healthz, /api/user/alive and /trpc/users.alive,
 *    against this app (bench/run.ts's own app server has no live ingest), with the publish alone and again while 10
 *    WHEP viewers play. Each row's share of bare is taken within its condition.
 *
 * Usage: npm run bench:webrtc [-- --delay-seconds 24 --cpu-seconds 10 --duration 8 --rounds 2 --connections 50]
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverEntryPoints } from '../scripts/build-server';
import { expectOk, load, type Server, type Slice, type Target } from './run';
import type { ServerMessage } from './server-messages';
import type { WebRtcAppReady, WebRtcStatsMessage } from './webrtc-app-server';
import { FPS, publishStamped, watchHls, watchWhep, type StampedPublisher } from './webrtc-media';
import type { ViewersCommand, ViewersReply } from './webrtc-viewers';

function numberArgument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const delaySeconds = Math.max(numberArgument('delay-seconds', 24), 20);
const cpuSeconds = Math.min(numberArgument('cpu-seconds', 10), 60);
const apiDuration = Math.min(numberArgument('duration', 8), 60);
const rounds = Math.min(Math.round(numberArgument('rounds', 2)), 10);
const connections = Math.min(numberArgument('connections', 50), 200);
const viewerSteps = [1, 10, 20];
const apiViewers = 10;
const whepWarmupMs = 3000;

const root = fileURLToPath(new URL('..', import.meta.url));
/** The server build in a folder of its own, so a concurrent `npm run build` (which empties dist/node) cannot pull it away. */
const buildDir = join(root, 'dist', 'bench-webrtc');

const t0 = performance.now();
const clock = () => performance.now() - t0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => process.stderr.write(`[bench:webrtc ${(clock() / 1000).toFixed(0).padStart(3)} s] ${line}\n`);

function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}
const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

// ---------------------------------------------------------------- processes

/** A process answering bench/server-messages.ts's IPC (and the app's `webrtc-stats`), one request at a time. */
class Child<T> {
  private readonly waiters: { accepts: (message: unknown) => boolean; resolve: (message: unknown) => void }[] = [];

  private constructor(
    readonly child: ChildProcess,
    readonly ready: T,
  ) {
    child.on('message', (message) => {
      const index = this.waiters.findIndex((waiter) => waiter.accepts(message));
      if (index >= 0) this.waiters.splice(index, 1)[0]!.resolve(message);
    });
  }

  static start<T>(file: string, execArgv: string[], pickReady: (message: unknown) => T): Promise<Child<T>> {
    const child = fork(file, [], { execArgv, env: { ...process.env, LOG_LEVEL: 'silent' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    return new Promise((resolveStart, rejectStart) => {
      child.once('message', (message) => resolveStart(new Child(child, pickReady(message))));
      child.once('exit', (code) => rejectStart(new Error(`${file} exited with code ${code} before it was ready`)));
    });
  }

  get pid(): number {
    return this.child.pid!;
  }

  request<R>(message: unknown, accepts: (reply: unknown) => boolean): Promise<R> {
    return new Promise((resolve) => {
      this.waiters.push({ accepts, resolve: resolve as (message: unknown) => void });
      this.child.send(message as object);
    });
  }

  /** CPU time (µs) the process has used so far: what bench/run.ts's `load` asks of a server. */
  cpuMicros(): Promise<number> {
    return this.request<ServerMessage<T>>('cpu', (reply) => typeof (reply as ServerMessage<T>).cpuMicros === 'number').then((reply) => reply.cpuMicros!);
  }

  stop(message: unknown, timeoutMs: number): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    return new Promise((resolveStop) => {
      const timer = setTimeout(() => this.child.kill('SIGKILL'), timeoutMs);
      this.child.once('exit', () => {
        clearTimeout(timer);
        resolveStop();
      });
      this.child.send(message as object);
    });
  }
}

const startServer = <T>(entry: string) => Child.start<T>(join(buildDir, entry), [], (message) => (message as ServerMessage<T>).ready!);

// ---------------------------------------------------------------- CPU from /proc

const clockTicks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

function procTicks(pid: number): { ppid: number; ticks: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

function childTicks(parent: number): Map<number, number> {
  const found = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = procTicks(Number(name));
    if (stat?.ppid === parent) found.set(Number(name), stat.ticks);
  }
  return found;
}

// ---------------------------------------------------------------- start

serverEntryPoints.push(...['bench/webrtc-app-server.ts'].filter((entry) => !serverEntryPoints.includes(entry)));
log('building the server');
await buildServer(buildDir);
const loadAtStart = loadavg()[0]!;
const app = await startServer<WebRtcAppReady>('bench/webrtc-app-server.js');
const bare = await startServer<{ port: number }>('bench/bare-server.js');
const viewers = await Child.start<null>(join(root, 'bench', 'webrtc-viewers.ts'), ['--import', 'tsx'], () => null);
const base = `http://127.0.0.1:${app.ready.port}`;
const { eventId, streamKey } = app.ready;
let publisher: StampedPublisher | null = null;

async function cleanUp(): Promise<void> {
  await viewers.stop({ type: 'stop' } satisfies ViewersCommand, 5000);
  await publisher?.close(base, streamKey);
  await Promise.all([bare.stop('stop', 5000), app.stop('stop', 40_000)]);
}
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));
// A failed run still ends its processes (the app and the viewers also leave when their IPC channel closes).
process.once('exit', () => {
  publisher?.kill();
  bare.child.kill();
});

const problems: string[] = [];
/** Connects or closes viewers until `count` are connected; one that has no keyframe in time is noted, not fatal. */
async function setViewers(count: number): Promise<void> {
  const reply = await viewers.request<ViewersReply & { type: 'set' }>({ type: 'set', base, eventId, count } satisfies ViewersCommand, (message) => (message as ViewersReply).type === 'set');
  if (reply.playing !== count) throw new Error(`could not connect ${count} WHEP viewers: ${reply.error ?? reply.playing}`);
  if (reply.error) problems.push(`${count} viewers: ${reply.error}`);
}
const viewerPackets = () =>
  viewers.request<ViewersReply & { type: 'packets' }>({ type: 'packets' } satisfies ViewersCommand, (message) => (message as ViewersReply).type === 'packets').then((reply) => reply.perViewer);
const engineStats = () =>
  app.request<WebRtcStatsMessage>({ type: 'webrtc-stats' }, (message) => typeof message === 'object' && message !== null && 'webrtcStats' in message).then((reply) => reply.webrtcStats);

async function trpc<T>(path: string, input?: unknown): Promise<T> {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await fetch(`${base}/trpc/${path}${query}`);
  const body = (await response.json()) as { result?: { data: T } };
  if (!body.result) throw new Error(`${path} answered ${response.status}`);
  return body.result.data;
}

async function waitFor<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(200);
  }
}

log('publishing over WHIP');
publisher = await publishStamped(base, streamKey, clock);
const stream = await waitFor(
  'the event to be live with a WHEP URL',
  async () => {
    const answer = await trpc<{ url: string | null; live: boolean; whepUrl?: string | null }>('events.stream', { eventId });
    return answer.live && answer.url && answer.whepUrl ? answer : null;
  },
  20_000,
);
const playlistUrl = new URL(stream.url!, base).href;
await waitFor('two HLS segments', async () => ((await (await fetch(playlistUrl)).text()).match(/#EXTINF/g)?.length ?? 0) >= 2, 30_000);

// ---------------------------------------------------------------- 1. glass-to-glass delay

log(`delay: WHEP viewer and HLS client on the same frames for ${delaySeconds} s`);
const delayStartedAt = clock();
const whep = await watchWhep(base, eventId, clock);
const hls = watchHls(playlistUrl, clock);
await sleep(delaySeconds * 1000);
await Promise.all([whep.close(), hls.close()]);
const whepDelays = whep.samples.filter((sample) => sample.at >= delayStartedAt + whepWarmupMs).map((sample) => sample.delayMs);
const whepSeconds = (clock() - delayStartedAt - whepWarmupMs) / 1000;
const hlsAvailable = hls.segments.flatMap((segment) => segment.stamps.map((stamp) => segment.availableAt - stamp));
const hlsPlayer = hls.segments.flatMap((segment) => {
  const last = segment.stamps.at(-1);
  if (last === undefined) return [];
  const delay = segment.availableAt - last - 1000 / FPS + 3 * segment.targetDuration * 1000;
  return segment.stamps.map(() => delay);
});
const hlsFrames = hls.segments.reduce((sum, segment) => sum + segment.stamps.length, 0);
const hlsUnreadable = hls.segments.reduce((sum, segment) => sum + segment.unreadable, 0);
const targetDuration = hls.segments[0]?.targetDuration ?? NaN;

// ---------------------------------------------------------------- 2 and 3 helpers

interface CpuWindow {
  viewers: number;
  seconds: number;
  /** % of one core */
  node: number;
  ffmpeg: number;
  /** media worker's event-loop utilisation in the window, % */
  workerElu: number;
  workerViewers: number;
  /** fewest video packets/s a viewer received in the window */
  minPacketsPerSecond: number;
}

async function measureCpu(count: number): Promise<CpuWindow> {
  const statsBefore = await engineStats();
  const packetsBefore = count ? await viewerPackets() : [];
  const startedAt = performance.now();
  const nodeBefore = procTicks(app.pid)!.ticks;
  const childrenBefore = childTicks(app.pid);
  await sleep(cpuSeconds * 1000);
  const nodeAfter = procTicks(app.pid)!.ticks;
  const childrenAfter = childTicks(app.pid);
  const seconds = (performance.now() - startedAt) / 1000;
  const statsAfter = await engineStats();
  const packetsAfter = count ? await viewerPackets() : [];
  let ffmpegTicks = 0;
  for (const [pid, ticks] of childrenAfter) ffmpegTicks += ticks - (childrenBefore.get(pid) ?? ticks);
  const percent = (ticks: number) => (ticks / clockTicks / seconds) * 100;
  const active = (sample: typeof statsBefore) => (sample.stats?.eventLoopUtilization ?? NaN) * sample.workerAgeMs;
  return {
    viewers: count,
    seconds,
    node: percent(nodeAfter - nodeBefore),
    ffmpeg: percent(ffmpegTicks),
    workerElu: ((active(statsAfter) - active(statsBefore)) / (statsAfter.workerAgeMs - statsBefore.workerAgeMs)) * 100,
    workerViewers: statsAfter.stats?.connectedViewers ?? NaN,
    minPacketsPerSecond: count ? Math.min(...packetsAfter.map((packets, index) => (packets - (packetsBefore[index] ?? 0)) / seconds)) : NaN,
  };
}

const auth = { authorization: `Bearer ${app.ready.creatorToken}` };
const asServer = (child: Child<unknown>) => child as unknown as Server<unknown>;
const apiTargets: Target[] = [
  { key: 'bare', name: 'bare Fastify route (separate process)', url: `http://127.0.0.1:${bare.ready.port}/bare`, headers: {}, server: asServer(bare) },
  { key: 'healthz', name: 'GET /healthz', url: `${base}/healthz`, headers: {}, server: asServer(app) },
  { key: 'alive', name: 'GET /api/user/alive (authed REST)', url: `${base}/api/user/alive`, headers: auth, server: asServer(app) },
  { key: 'trpc', name: 'GET /trpc/users.alive (authed tRPC)', url: `${base}/trpc/users.alive`, headers: auth, server: asServer(app) },
];

interface ApiRow {
  requestsPerSecond: number;
  cpuMicrosPerRequest: number;
  p99: number;
  errors: number;
}

async function measureApi(label: string): Promise<Map<string, ApiRow>> {
  for (const target of apiTargets) await expectOk(target);
  for (const target of apiTargets) await load(target, 1, connections);
  const slices = new Map<string, Slice[]>(apiTargets.map((target) => [target.key, []]));
  const sliceSeconds = Math.max(1, Math.round(apiDuration / rounds));
  for (let round = 0; round < rounds; round += 1) {
    log(`API (${label}) round ${round + 1}/${rounds}`);
    for (const target of apiTargets) slices.get(target.key)!.push(await load(target, sliceSeconds, connections));
  }
  return new Map(
    [...slices].map(([key, parts]) => {
      const requests = parts.reduce((sum, part) => sum + part.requests, 0);
      const seconds = parts.reduce((sum, part) => sum + part.seconds, 0);
      return [
        key,
        {
          requestsPerSecond: requests / seconds,
          cpuMicrosPerRequest: parts.reduce((sum, part) => sum + part.cpuMicros, 0) / Math.max(requests, 1),
          p99: Math.max(...parts.map((part) => part.p99)),
          errors: parts.reduce((sum, part) => sum + part.errors, 0),
        },
      ];
    }),
  );
}

// ---------------------------------------------------------------- 2 and 3

log(`CPU: the publish alone, ${cpuSeconds} s`);
const cpuWindows: CpuWindow[] = [await measureCpu(0)];
const apiIdle = await measureApi('publish alone');
let apiLoaded: Map<string, ApiRow> | null = null;
let apiPackets: { before: number[]; after: number[]; seconds: number } | null = null;
for (const count of viewerSteps) {
  log(`CPU: ${count} WHEP viewer(s), ${cpuSeconds} s`);
  await setViewers(count);
  await sleep(2000);
  cpuWindows.push(await measureCpu(count));
  if (count === apiViewers) {
    const before = await viewerPackets();
    const startedAt = performance.now();
    apiLoaded = await measureApi(`${apiViewers} WHEP viewers`);
    apiPackets = { before, after: await viewerPackets(), seconds: (performance.now() - startedAt) / 1000 };
  }
}
const publisherFrames = publisher.frames();
const publisherKbps = (publisher.videoBytes() * 8) / clock();
await cleanUp();
publisher = null;

// ---------------------------------------------------------------- report

const lines: string[] = [];
const row = (cells: string[]) => lines.push(`| ${cells.join(' | ')} |`);
lines.push(
  `WHIP/WHEP benchmark, ${new Date().toISOString().slice(0, 10)}, loopback, ${cpus().length} cores shared with other work (load average ${fixed(loadAtStart, 1)} at start, ${fixed(loadavg()[0]!, 1)} at the end); ` +
    `source 640×360@30, x264 baseline zerolatency -g 30, ${fixed(publisherKbps)} kbit/s measured at the relay; ${publisherFrames.written} frames drawn, ${publisherFrames.late} over a frame late.`,
  '',
  '### Glass-to-glass delay (frame drawn → frame decoded at the viewer)',
  '',
);
row(['path', 'frames', 'p50 ms', 'p95 ms', 'max ms', 'target']);
row(['---', '---:', '---:', '---:', '---:', '---']);
const whepP95 = percentile(whepDelays, 0.95);
row([`WHEP (${fixed(whepSeconds, 1)} s after ${whepWarmupMs / 1000} s warm-up)`, String(whepDelays.length), fixed(percentile(whepDelays, 0.5)), fixed(whepP95), fixed(Math.max(...whepDelays)), `p95 < 500 ${whepP95 < 500 ? '✓' : '✗ missed'}`]);
row([`HLS, segment available (${hls.segments.length} segments, TD ${targetDuration} s)`, String(hlsFrames), fixed(percentile(hlsAvailable, 0.5)), fixed(percentile(hlsAvailable, 0.95)), fixed(Math.max(...hlsAvailable)), '']);
row(['HLS, player-typical (hls.js: 3 × TD behind the live edge)', String(hlsFrames), fixed(percentile(hlsPlayer, 0.5)), fixed(percentile(hlsPlayer, 0.95)), fixed(Math.max(...hlsPlayer)), '']);
lines.push('', `Unreadable frames: WHEP ${whep.unreadable()}, HLS ${hlsUnreadable}; HLS client errors: ${hls.errors.length ? hls.errors.slice(0, 3).join('; ') : 'none'}.`, '');

lines.push(`### CPU per WHEP viewer (app process, all its threads; ${fixed(cpuSeconds)} s windows)`, '');
row(['WHEP viewers', 'app CPU % of a core', 'per viewer (− publish alone)', 'media worker event loop', 'app ffmpeg (HLS remux)', 'slowest viewer, video packets/s']);
row(['---:', '---:', '---:', '---:', '---:', '---:']);
const baseline = cpuWindows[0]!;
for (const window of cpuWindows) {
  const perViewer = window.viewers ? (window.node - baseline.node) / window.viewers : NaN;
  row([
    window.viewers ? `${window.viewers} (engine counts ${window.workerViewers})` : '0 (publish alone)',
    fixed(window.node, 1),
    window.viewers ? `${fixed(perViewer, 2)}%` : '',
    `${fixed(window.workerElu, 1)}%`,
    `${fixed(window.ffmpeg, 1)}%`,
    window.viewers ? fixed(window.minPacketsPerSecond) : '',
  ]);
}
lines.push('');

if (apiLoaded) {
  lines.push(`### API while WHEP viewers play (bench/run.ts's load: autocannon ${connections} connections, ${rounds} interleaved rounds, ${apiDuration} s per row)`, '');
  row(['row', 'publish alone: req/s', 'of bare', `${apiViewers} viewers: req/s`, 'of bare', 'share kept', 'target']);
  row(['---', '---:', '---:', '---:', '---:', '---:', '---']);
  const idleBare = apiIdle.get('bare')!;
  const loadedBare = apiLoaded.get('bare')!;
  row(['bare Fastify (separate process)', fixed(idleBare.requestsPerSecond), '100%', fixed(loadedBare.requestsPerSecond), '100%', '', '']);
  for (const target of apiTargets.slice(1)) {
    const idle = apiIdle.get(target.key)!;
    const loaded = apiLoaded.get(target.key)!;
    const idleShare = idle.requestsPerSecond / idleBare.requestsPerSecond;
    const loadedShare = loaded.requestsPerSecond / loadedBare.requestsPerSecond;
    const kept = loadedShare / idleShare;
    const errors = idle.errors + loaded.errors;
    row([
      target.name,
      fixed(idle.requestsPerSecond),
      `${fixed(idleShare * 100)}%`,
      fixed(loaded.requestsPerSecond),
      `${fixed(loadedShare * 100)}%`,
      `${fixed(kept * 100)}%`,
      `≥ 80% ${kept >= 0.8 && errors === 0 ? '✓' : '✗ missed'}${errors ? ` (${errors} errors)` : ''}`,
    ]);
  }
  const detail = apiTargets.map((target) => `${target.key} ${fixed(apiIdle.get(target.key)!.cpuMicrosPerRequest, 1)} → ${fixed(apiLoaded!.get(target.key)!.cpuMicrosPerRequest, 1)}`).join(', ');
  lines.push('', `Server CPU µs per request, publish alone → ${apiViewers} viewers: ${detail}.`);
  if (apiPackets) {
    const rates = apiPackets.after.map((packets, index) => (packets - (apiPackets!.before[index] ?? 0)) / apiPackets!.seconds);
    lines.push(`During the loaded rows the ${rates.length} viewers received ${fixed(Math.min(...rates))}–${fixed(Math.max(...rates))} video packets/s each.`);
  }
}
if (problems.length) lines.push('', `Problems seen: ${problems.join('; ')}.`);
process.stdout.write(`\n${lines.join('\n')}\n`);
// node-datachannel's threads keep the process alive after its peers closed.
process.exit(whepDelays.length && whepP95 < 500 ? 0 : 1);
