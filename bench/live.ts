/**
 * Live streaming benchmark (issue 21): ingest cost, 10 streams at once, playback by N simulated hls.js players
 * against a bare @fastify/static server, and the playlist's age at the player. One run, one table.
 *
 * Processes: the app (bench/live-app-server.ts: buildApp + the RTMP ingest, its ffmpeg children) and the yardstick
 * (bench/live-static-server.ts: bare Fastify + @fastify/static on the app's HLS folder, same paths) each run in
 * their own process from the server build (scripts/build-server.ts, with the live bench's helpers added to its entry
 * points), as `npm start` runs the server; the players run in a child process of their own
 * (bench/live-players.ts). The publishers are `ffmpeg -re -stream_loop -1 -i FILE -c copy -f flv rtmp://…` of a
 * file pre-encoded once (testsrc2 1280×720@30 + sine, libx264 2.5 Mbit/s CBR-ish, 2 s keyframes, AAC 128k, 40 s),
 * so publishing costs almost nothing; they are children of this process, not of the app, and are not counted.
 *
 * 1. Ingest: one stream; CPU (utime + stime from /proc/<pid>/stat) of the app process and of its ffmpeg children
 *    over `--duration` seconds of steady state, as % of one core (the idle app is measured first).
 * 2. `--streams` (10) streams at once for `--duration` s: every session's playlist polled each second through the
 *    app (each new segment downloaded once): sequence numbers must follow without a gap, durations 2 ± 0.25 s.
 * 3. Playback: `--players` (500) players on (a) the free event's session, (b) the premium event's session with the
 *    token events.stream gives a viewer with an access row (fetched again each row, as the page refreshes it),
 *    (c) the bare static server on the same folder; rows in interleaved rounds (bare, free, premium, bare, ...).
 * 4. Latency: each playlist load's age at the player: now − (newest segment's PROGRAM-DATE-TIME + duration).
 *
 * Usage: npm run bench:live [-- --players 500 --duration 30 --rounds 3 --streams 10 --skip-ingest]
 *   --duration <s>  seconds of each measured window: ingest, N streams, and each playback row over its rounds
 *   --skip-ingest   only starts the two streams playback needs (no ingest and N-streams figures)
 *   --profile <dir> also writes a V8 CPU profile of the app process (node --cpu-prof) into <dir>
 */
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildServer, serverBuildDir, serverEntryPoints } from '../scripts/build-server';
import type { LiveAppReady } from './live-app-server';
import { parsePlaylist, type PlayersJob, type PlayersResult } from './live-players';
import type { ServerMessage } from './server-messages';

function numberArgument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const players = Math.min(Math.round(numberArgument('players', 500)), 5000);
const duration = Math.min(numberArgument('duration', 30), 300);
const rounds = Math.min(Math.round(numberArgument('rounds', 3)), 10);
const streamCount = Math.min(Math.max(Math.round(numberArgument('streams', 10)), 2), 20);
const skipIngest = process.argv.includes('--skip-ingest');
const profileIndex = process.argv.indexOf('--profile');
const profileDir = profileIndex >= 0 ? process.argv[profileIndex + 1] : undefined;
const ffmpeg = process.env.FFMPEG_PATH ?? 'ffmpeg';
const segmentSeconds = 2;
const joinMs = 2000;
const warmupMs = 4000;

/**
 * The server build (scripts/build-server.ts: same esbuild options, plus this bench's helpers) in a folder of its own
 * (dist/bench-live), so a concurrent `npm run build` (which empties dist/node) cannot pull it away mid-run.
 */
const buildDir = join(serverBuildDir, '..', 'bench-live');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => process.stderr.write(`[bench:live] ${line}\n`);

// ---------------------------------------------------------------- the source file

/** The 720p test stream, encoded once and kept in the temp folder for later runs. */
function sourceFile(): string {
  const file = join(tmpdir(), 'cuepoint-bench-live-720p30-2500k-g60-40s.flv');
  if (existsSync(file) && statSync(file).size > 1_000_000) return file;
  log('pre-encoding the 720p source (40 s, once) ...');
  const partial = `${file}.${process.pid}.partial.flv`;
  execFileSync(ffmpeg, [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', '40', '-map', '0:v', '-map', '1:a',
    '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p',
    '-b:v', '2500k', '-maxrate', '2500k', '-bufsize', '5000k', '-g', '60', '-keyint_min', '60', '-sc_threshold', '0',
    '-c:a', 'aac', '-b:a', '128k', '-ar', '48000',
    '-f', 'flv', partial,
  ]);
  renameSync(partial, file);
  return file;
}

// ---------------------------------------------------------------- processes

/** A server from the server build in its own Node process (bench/server-messages.ts protocol). */
class Helper<T> {
  private constructor(
    readonly child: ChildProcess,
    readonly ready: T,
  ) {}

  static start<T>(entry: string, args: string[] = [], execArgv: string[] = []): Promise<Helper<T>> {
    const child = fork(join(buildDir, entry), args, {
      execArgv,
      env: { ...process.env, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Promise((resolveStart, rejectStart) => {
      child.once('message', (message) => resolveStart(new Helper(child, (message as ServerMessage<T>).ready!)));
      child.once('exit', (code) => rejectStart(new Error(`${entry} exited with code ${code} before it was ready`)));
    });
  }

  get pid(): number {
    return this.child.pid!;
  }

  stop(timeoutMs = 60_000): Promise<void> {
    if (this.child.exitCode !== null) return Promise.resolve();
    return new Promise((resolveStop) => {
      const timer = setTimeout(() => this.child.kill('SIGKILL'), timeoutMs);
      this.child.once('exit', () => {
        clearTimeout(timer);
        resolveStop();
      });
      this.child.send('stop');
    });
  }
}

interface Publisher {
  child: ChildProcess;
  stop(): Promise<void>;
  stderr(): string;
}

/** When each creator's publisher was started (epoch ms), and how much later ffmpeg dated its first segment. */
const publishStartedAt = new Map<number, number>();
const firstSegmentLag = new Map<number, number>();

function publish(file: string, rtmpPort: number, streamKey: string, creatorIndex: number): Publisher {
  publishStartedAt.set(creatorIndex, Date.now());
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-re', '-stream_loop', '-1', '-i', file];
  args.push('-c', 'copy', '-f', 'flv', `rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`);
  const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    err = (err + chunk.toString()).slice(-2000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    stderr: () => err,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

// ---------------------------------------------------------------- CPU from /proc

const clockTicks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime, clock ticks */
  ticks: number;
}

function readStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' '); // fields[0] is field 3 (state)
    return { pid, ppid: Number(fields[1]), comm: text.slice(text.indexOf('(') + 1, close), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

function childrenOf(parent: number): ProcStat[] {
  const found: ProcStat[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat?.ppid === parent) found.push(stat);
  }
  return found;
}

interface TreeSample {
  at: number;
  node: number;
  children: Map<number, ProcStat>;
}

function sampleTree(pid: number): TreeSample {
  return { at: performance.now(), node: readStat(pid)?.ticks ?? 0, children: new Map(childrenOf(pid).map((child) => [child.pid, child])) };
}

interface TreeCpu {
  seconds: number;
  /** % of one core */
  node: number;
  children: number;
  total: number;
  childCount: number;
  /** Children that exited inside the window (their time is lost to this measure). */
  exited: number;
}

function treeCpu(before: TreeSample, after: TreeSample): TreeCpu {
  const seconds = (after.at - before.at) / 1000;
  const percent = (ticks: number) => (ticks / clockTicks / seconds) * 100;
  let childTicks = 0;
  for (const [pid, child] of after.children) childTicks += child.ticks - (before.children.get(pid)?.ticks ?? 0);
  const exited = [...before.children.keys()].filter((pid) => !after.children.has(pid)).length;
  const node = percent(after.node - before.node);
  const children = percent(childTicks);
  return { seconds, node, children, total: node + children, childCount: after.children.size, exited };
}

// ---------------------------------------------------------------- helpers

function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

async function waitFor<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(250);
  }
}

// ---------------------------------------------------------------- start

const source = sourceFile();
serverEntryPoints.push(...['bench/live-app-server.ts', 'bench/live-static-server.ts', 'bench/live-players.ts'].filter((entry) => !serverEntryPoints.includes(entry)));
await buildServer(buildDir);
if (profileDir) mkdirSync(resolve(profileDir), { recursive: true });
const loadAtStart = loadavg()[0]!;
const app = await Helper.start<LiveAppReady>(
  'bench/live-app-server.js',
  ['--creators', String(streamCount)],
  profileDir ? ['--cpu-prof', '--cpu-prof-dir', resolve(profileDir)] : [],
);
const bare = await Helper.start<{ port: number }>('bench/live-static-server.js', ['--root', join(app.ready.dataDir, 'live')]);
const appBase = `http://127.0.0.1:${app.ready.port}`;
const publishers: Publisher[] = [];

async function trpc<T>(path: string, input?: unknown, token?: string): Promise<T> {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await fetch(`${appBase}/trpc/${path}${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = (await response.json()) as { result?: { data: T } };
  if (!response.ok || !body.result) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body.result.data;
}

async function trpcMutation<T>(path: string, input: unknown, token: string): Promise<T> {
  const response = await fetch(`${appBase}/trpc/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  const body = (await response.json()) as { result?: { data: T } };
  if (!response.ok || !body.result) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body.result.data;
}

interface StreamAnswer {
  kind: string;
  url: string | null;
  live: boolean;
}
interface Dashboard {
  state: string;
  session: { id: string; eventId: string } | null;
}

/** A creator's live session once its playlist has `minSegments` segments: the session id and the playlist URL (creator's view). */
async function waitForSession(creatorIndex: number, minSegments = 2): Promise<{ sessionId: string; eventId: string; url: string }> {
  const { token } = app.ready.creators[creatorIndex]!;
  return waitFor(`creator ${creatorIndex}'s stream to go live`, async () => {
    const dashboard = await trpc<Dashboard>('live.dashboard', undefined, token);
    if (dashboard.state !== 'live' || !dashboard.session) return null;
    const stream = await trpc<StreamAnswer>('events.stream', { eventId: dashboard.session.eventId }, token);
    if (!stream.url || !stream.live) return null;
    const url = new URL(stream.url, appBase).href;
    const response = await fetch(url);
    if (response.status !== 200) return null;
    const playlist = parsePlaylist(await response.text());
    const first = playlist.segments[0]?.programDateTime;
    const started = publishStartedAt.get(creatorIndex);
    if (playlist.mediaSequence === 0 && first && started && !firstSegmentLag.has(creatorIndex)) firstSegmentLag.set(creatorIndex, first - started);
    if (playlist.segments.length < minSegments) return null;
    return { sessionId: dashboard.session.id, eventId: dashboard.session.eventId, url };
  });
}

async function cleanUp(): Promise<void> {
  await Promise.all(publishers.map((publisher) => publisher.stop()));
  await Promise.all([bare.stop(), app.stop()]);
}

process.once('SIGINT', () => {
  void cleanUp().then(() => process.exit(130));
});

const keys: string[] = [];
for (const creator of app.ready.creators) keys.push((await trpc<{ streamKey: string }>('live.settings', undefined, creator.token)).streamKey);

interface Row {
  figure: string;
  target: string;
  measured: string;
  ok: boolean | null;
}
const rows: Row[] = [];
const notes: string[] = [];

// ---------------------------------------------------------------- 1. ingest cost of one stream

let ingest: { idle: TreeCpu; one: TreeCpu; publisherPercent: number } | null = null;
let multi: { cpu: TreeCpu; sessions: number; segments: number; gaps: number; discontinuities: number; failedDownloads: number; durations: number[]; bytes: number } | null = null;

if (!skipIngest) {
  log('idle app: 5 s');
  const idleStart = sampleTree(app.pid);
  await sleep(5000);
  const idle = treeCpu(idleStart, sampleTree(app.pid));

  log('one 720p stream: going live');
  publishers.push(publish(source, app.ready.rtmpPort, keys[0]!, 0));
  await waitForSession(0, 3);
  await sleep(2000);
  log(`one 720p stream: measuring ${duration} s`);
  const publisherBefore = readStat(publishers[0]!.child.pid!)?.ticks ?? 0;
  const before = sampleTree(app.pid);
  await sleep(duration * 1000);
  const after = sampleTree(app.pid);
  const publisherTicks = (readStat(publishers[0]!.child.pid!)?.ticks ?? 0) - publisherBefore;
  const one = treeCpu(before, after);
  ingest = { idle, one, publisherPercent: (publisherTicks / clockTicks / one.seconds) * 100 };

  // ---------------------------------------------------------------- 2. N streams at once
  log(`${streamCount} streams: going live`);
  for (let index = 1; index < streamCount; index += 1) publishers.push(publish(source, app.ready.rtmpPort, keys[index]!, index));
  const sessions = await Promise.all(Array.from({ length: streamCount }, (_, index) => waitForSession(index, 1)));
  log(`${streamCount} streams: polling every playlist each second for ${duration} s`);
  const state = sessions.map(() => ({ last: -1, gaps: 0, discontinuities: 0, failed: 0 }));
  const durations: number[] = [];
  let bytes = 0;
  const before2 = sampleTree(app.pid);
  const until = performance.now() + duration * 1000;
  await Promise.all(
    sessions.map(async (session, index) => {
      const seen = state[index]!;
      while (performance.now() < until) {
        const started = performance.now();
        const response = await fetch(session.url).catch(() => null);
        if (response?.status === 200) {
          const playlist = parsePlaylist(await response.text());
          seen.discontinuities = Math.max(seen.discontinuities, playlist.discontinuities);
          const fresh = playlist.segments.filter((segment, position) => {
            const sequence = playlist.mediaSequence + position;
            if (sequence <= seen.last) return false;
            if (seen.last >= 0 && sequence !== seen.last + 1) seen.gaps += sequence - seen.last - 1;
            seen.last = sequence;
            durations.push(segment.duration);
            return true;
          });
          // each new segment downloaded once, as a player would
          for (const segment of fresh) {
            const fetched = await fetch(new URL(segment.uri, session.url)).catch(() => null);
            if (fetched?.status === 200) bytes += (await fetched.arrayBuffer()).byteLength;
            else seen.failed += 1;
          }
        } else seen.failed += 1;
        await sleep(Math.max(0, 1000 - (performance.now() - started)));
      }
    }),
  );
  const cpu = treeCpu(before2, sampleTree(app.pid));
  multi = {
    cpu,
    sessions: sessions.length,
    segments: durations.length,
    gaps: state.reduce((sum, item) => sum + item.gaps, 0),
    discontinuities: state.reduce((sum, item) => sum + item.discontinuities, 0),
    failedDownloads: state.reduce((sum, item) => sum + item.failed, 0),
    durations,
    bytes,
  };
  // The other sessions end now (a key rotation ends a stream at once, no reconnect grace) and their recordings are
  // finished before playback is measured, so that work does not fall into the playback rows.
  log(`${streamCount} streams: done; ending all but the free and the premium event's sessions, waiting for their recordings`);
  const others = app.ready.creators.slice(2);
  for (const creator of others) await trpcMutation('live.rotateKey', {}, creator.token);
  await Promise.all(publishers.splice(2).map((publisher) => publisher.stop()));
  await waitFor(
    'the ended sessions\' recordings to be finished',
    async () => {
      for (const creator of others) {
        const recordings = await trpc<{ status: string }[]>('live.recordings', undefined, creator.token);
        if (!recordings.length || recordings.some((recording) => recording.status === 'recording' || recording.status === 'processing')) return false;
      }
      return true;
    },
    120_000,
  );
} else {
  publishers.push(publish(source, app.ready.rtmpPort, keys[0]!, 0), publish(source, app.ready.rtmpPort, keys[1]!, 1));
}

// ---------------------------------------------------------------- 3. playback

const freeSession = await waitForSession(0, 3);
await waitForSession(1, 3);
if (freeSession.eventId !== app.ready.freeEventId) throw new Error('the free stream did not go live in the free event');
const guestPremium = await fetch(`${appBase}/trpc/events.stream?input=${encodeURIComponent(JSON.stringify({ eventId: app.ready.premiumEventId }))}`);
if (guestPremium.status !== 403) throw new Error(`a guest's events.stream on the premium event answered ${guestPremium.status}, not 403`);

interface Target {
  key: 'bare' | 'free' | 'premium';
  name: string;
  pid: number;
  url: () => Promise<string>;
}

async function appUrl(eventId: string, token?: string): Promise<string> {
  const stream = await trpc<StreamAnswer>('events.stream', { eventId }, token);
  if (stream.kind !== 'hls' || !stream.url || !stream.live) throw new Error(`events.stream answered ${JSON.stringify(stream)}`);
  return new URL(stream.url, appBase).href;
}

const targets: Target[] = [
  {
    key: 'bare',
    name: 'bare @fastify/static, own process',
    pid: bare.pid,
    url: async () => `http://127.0.0.1:${bare.ready.port}${new URL(await appUrl(app.ready.freeEventId)).pathname}`,
  },
  { key: 'free', name: 'app, free event', pid: app.pid, url: () => appUrl(app.ready.freeEventId) },
  { key: 'premium', name: 'app, premium event (token)', pid: app.pid, url: () => appUrl(app.ready.premiumEventId, app.ready.viewerToken) },
];

interface Slice {
  result: PlayersResult;
  /** The server's Node process, % of one core, over the record window. */
  serverPercent: number;
  serverSeconds: number;
}

function runPlayers(target: Target, url: string, recordMs: number): Promise<Slice> {
  const child = fork(join(buildDir, 'bench/live-players.js'), ['--players-child'], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let windowStart: ProcStat | null = null;
  let windowStartAt = 0;
  return new Promise((resolveSlice, rejectSlice) => {
    // the window is timed here from the same start as the players' (fork + message ≈ a few ms apart)
    const startTimer = setTimeout(() => {
      windowStart = readStat(target.pid);
      windowStartAt = performance.now();
    }, joinMs + warmupMs);
    let serverTicks = 0;
    let serverSeconds = 0;
    const endTimer = setTimeout(() => {
      serverTicks = (readStat(target.pid)?.ticks ?? 0) - (windowStart?.ticks ?? 0);
      serverSeconds = (performance.now() - windowStartAt) / 1000;
    }, joinMs + warmupMs + recordMs);
    child.once('message', (message: { result?: PlayersResult; error?: string }) => {
      clearTimeout(startTimer);
      clearTimeout(endTimer);
      if (!message.result) return rejectSlice(new Error(`players failed: ${message.error}`));
      resolveSlice({ result: message.result, serverPercent: (serverTicks / clockTicks / serverSeconds) * 100, serverSeconds });
    });
    child.once('exit', (code) => {
      if (code !== 0) rejectSlice(new Error(`the players' process exited with code ${code}`));
    });
    child.send({ url, players, joinMs, warmupMs, recordMs } satisfies PlayersJob);
  });
}

const slices = new Map<Target, Slice[]>(targets.map((target) => [target, []]));
const sliceMs = Math.max(4, Math.round(duration / rounds)) * 1000;
for (let round = 0; round < rounds; round += 1) {
  for (const target of targets) {
    log(`playback round ${round + 1}/${rounds}: ${players} players on ${target.name}, ${sliceMs / 1000} s measured`);
    slices.get(target)!.push(await runPlayers(target, await target.url(), sliceMs));
  }
}

await cleanUp();

// ---------------------------------------------------------------- report

interface PlaybackSummary {
  segments: number;
  megabytesPerSecond: number;
  ttfbP50: number;
  ttfbP99: number;
  timeP99: number;
  playlistTtfbP99: number;
  ageP50: number;
  ageP99: number;
  ages: number[];
  errors: number;
  errorSamples: string[];
  skipped: number;
  newConnections: number;
  serverPercent: number;
  serverMsPerMegabyte: number;
  clientPercent: number;
  clientLoopP99: number;
  perRound: string;
  perRoundP99: string;
}

function summarise(target: Target): PlaybackSummary {
  const parts = slices.get(target)!;
  const all = (pick: (result: PlayersResult) => number[]) => parts.flatMap((part) => pick(part.result));
  const seconds = parts.reduce((sum, part) => sum + part.result.recordSeconds, 0);
  const bytes = parts.reduce((sum, part) => sum + part.result.segmentBytes, 0);
  const serverSeconds = parts.reduce((sum, part) => sum + part.serverSeconds, 0);
  const serverCpuSeconds = parts.reduce((sum, part) => sum + (part.serverPercent / 100) * part.serverSeconds, 0);
  const clientCpuSeconds = parts.reduce((sum, part) => sum + part.result.cpuMicros / 1e6, 0);
  const clientSeconds = parts.reduce((sum, part) => sum + part.result.cpuSeconds, 0);
  const ages = all((result) => result.playlistAge);
  return {
    segments: all((result) => result.segmentTtfb).length,
    megabytesPerSecond: bytes / 1e6 / seconds,
    ttfbP50: percentile(all((result) => result.segmentTtfb), 0.5),
    ttfbP99: percentile(all((result) => result.segmentTtfb), 0.99),
    timeP99: percentile(all((result) => result.segmentTime), 0.99),
    playlistTtfbP99: percentile(all((result) => result.playlistTtfb), 0.99),
    ageP50: percentile(ages, 0.5),
    ageP99: percentile(ages, 0.99),
    ages,
    errors: parts.reduce((sum, part) => sum + part.result.errors, 0),
    errorSamples: parts.flatMap((part) => part.result.errorSamples).slice(0, 3),
    skipped: parts.reduce((sum, part) => sum + part.result.skipped, 0),
    newConnections: parts.reduce((sum, part) => sum + part.result.newConnections, 0),
    serverPercent: (serverCpuSeconds / serverSeconds) * 100,
    serverMsPerMegabyte: (serverCpuSeconds * 1000) / (bytes / 1e6),
    clientPercent: (clientCpuSeconds / clientSeconds) * 100,
    clientLoopP99: Math.max(...parts.map((part) => part.result.loopDelayP99)),
    perRound: parts.map((part) => (part.result.segmentBytes / 1e6 / part.result.recordSeconds).toFixed(1)).join('/'),
    perRoundP99: parts.map((part) => percentile(part.result.segmentTtfb, 0.99).toFixed(0)).join('/'),
  };
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
if (ingest) {
  const { idle, one, publisherPercent } = ingest;
  rows.push({
    figure: 'ingest, 1 × 720p 2.5 Mbit/s: app + ffmpeg CPU',
    target: '≤ 10% of a core',
    measured: `${fixed(one.total, 2)}% (node ${fixed(one.node, 2)}% + ffmpeg ${fixed(one.children, 2)}%)`,
    ok: one.total <= 10 && one.childCount >= 1,
  });
  notes.push(
    `ingest: ${fixed(one.seconds)} s window; idle app ${fixed(idle.total, 2)}% of a core before publishing; ${one.childCount} ffmpeg child(ren) of the app; the publisher (not counted) ${fixed(publisherPercent, 2)}%`,
  );
}
if (multi) {
  const ds = multi.durations.slice().sort((a, b) => a - b);
  const offDuration = ds.filter((value) => Math.abs(value - segmentSeconds) > 0.25).length;
  rows.push({
    figure: `${streamCount} streams at once: dropped segments`,
    target: '0',
    measured: `${multi.gaps} gaps in ${multi.segments} segments (${multi.sessions} sessions), ${multi.failedDownloads} failed loads, ${multi.discontinuities} discontinuities`,
    ok: multi.gaps === 0 && multi.failedDownloads === 0 && multi.sessions === streamCount,
  });
  rows.push({
    figure: `${streamCount} streams at once: segment durations`,
    target: `${segmentSeconds} ± 0.25 s`,
    measured: `${fixed(ds[0] ?? NaN, 3)}–${fixed(ds.at(-1) ?? NaN, 3)} s (${offDuration} off)`,
    ok: offDuration === 0 && ds.length > 0,
  });
  rows.push({
    figure: `${streamCount} streams at once: app + ffmpeg CPU`,
    target: '(reported)',
    measured: `${fixed(multi.cpu.total)}% (node ${fixed(multi.cpu.node)}% + ffmpeg ${fixed(multi.cpu.children)}%), ${multi.cpu.childCount} ffmpeg`,
    ok: null,
  });
  notes.push(`${streamCount} streams: ${fixed(multi.cpu.seconds)} s window, the poller downloaded ${fixed(multi.bytes / 1e6)} MB of segments through the app`);
}
const summaries = new Map(targets.map((target) => [target.key, summarise(target)]));
const bareSummary = summaries.get('bare')!;
for (const target of targets) {
  const summary = summaries.get(target.key)!;
  rows.push({
    figure: `playback, ${players} players, ${target.name}: segment TTFB p50 / p99`,
    target: target.key === 'bare' ? '(yardstick)' : 'p99 < 100 ms',
    measured: `${fixed(summary.ttfbP50)} / ${fixed(summary.ttfbP99)} ms`,
    ok: target.key === 'bare' ? null : summary.ttfbP99 < 100 && summary.errors === 0,
  });
}
for (const target of targets.filter((item) => item.key !== 'bare')) {
  const summary = summaries.get(target.key)!;
  const share = (summary.megabytesPerSecond / bareSummary.megabytesPerSecond) * 100;
  rows.push({
    figure: `playback, ${target.name}: segment throughput vs bare`,
    target: '≥ 80%',
    measured: `${fixed(summary.megabytesPerSecond)} vs ${fixed(bareSummary.megabytesPerSecond)} MB/s = ${fixed(share, 0)}%`,
    ok: share >= 80 && summary.skipped === 0,
  });
}
const appAges = [...summaries.get('free')!.ages, ...summaries.get('premium')!.ages];
const ageP99 = percentile(appAges, 0.99) / 1000;
rows.push({
  figure: 'latency: playlist age at the player p50 / p99 (app rows)',
  target: `≤ 8 s (${segmentSeconds} s segments)`,
  measured: `${fixed(percentile(appAges, 0.5) / 1000, 2)} / ${fixed(ageP99, 2)} s`,
  ok: ageP99 <= 8,
});
const freeLag = firstSegmentLag.get(0);
const premiumLag = firstSegmentLag.get(1);
if (freeLag !== undefined && premiumLag !== undefined) {
  // The same ages against the publisher's clock: ffmpeg dates segment 0 when its muxer starts (after probing its
  // input), not when the publisher sent that frame; publisher start + media time is the other bound (it includes
  // the publisher's own start-up).
  const shifted = [...summaries.get('free')!.ages.map((age) => age + freeLag), ...summaries.get('premium')!.ages.map((age) => age + premiumLag)];
  notes.push(
    `latency: ffmpeg dated segment 0 ${fixed(freeLag / 1000, 2)} s / ${fixed(premiumLag / 1000, 2)} s (free / premium) after the publisher started; ` +
      `against the publisher's clock the playlist age is p50 ${fixed(percentile(shifted, 0.5) / 1000, 2)} s, p99 ${fixed(percentile(shifted, 0.99) / 1000, 2)} s`,
  );
}

const width = [Math.max(...rows.map((row) => row.figure.length)) + 2, 24, Math.max(...rows.map((row) => row.measured.length)) + 2];
process.stdout.write(
  `\nLive streaming, ${new Date().toISOString().slice(0, 10)}, ${players} players, ${rounds} interleaved round(s) of ${sliceMs / 1000} s per playback row, loopback; ` +
    `app, bare server and players each in their own process; load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0]!.toFixed(1)} at the end (${cpus().length} cores)\n\n`,
);
process.stdout.write(`${'figure'.padEnd(width[0]!)}${'target'.padEnd(width[1]!)}${'measured'.padEnd(width[2]!)}verdict\n`);
for (const row of rows) {
  const verdict = row.ok === null ? '' : row.ok ? '✓' : '✗ missed';
  process.stdout.write(`${row.figure.padEnd(width[0]!)}${row.target.padEnd(width[1]!)}${row.measured.padEnd(width[2]!)}${verdict}\n`);
}

process.stdout.write('\nplayback detail (record window of each row; server CPU = its Node process only)\n');
const columns = (cells: string[]) => `${cells[0]!.padEnd(34)}${cells.slice(1).map((cell) => cell.padStart(11)).join('')}\n`;
process.stdout.write(columns(['row', 'segments', 'MB/s', 'TTFB p50', 'TTFB p99', 'load p99', 'pl. TTFB99', 'age p50 s', 'age p99 s', 'server CPU', 'ms CPU/MB', 'client CPU', 'client lag', 'errors']));
for (const target of targets) {
  const s = summaries.get(target.key)!;
  process.stdout.write(
    columns([
      target.name,
      String(s.segments),
      fixed(s.megabytesPerSecond),
      fixed(s.ttfbP50),
      fixed(s.ttfbP99),
      fixed(s.timeP99),
      fixed(s.playlistTtfbP99),
      fixed(s.ageP50 / 1000, 2),
      fixed(s.ageP99 / 1000, 2),
      `${fixed(s.serverPercent, 0)}%`,
      fixed(s.serverMsPerMegabyte, 2),
      `${fixed(s.clientPercent, 0)}%`,
      `${fixed(s.clientLoopP99, 0)} ms`,
      String(s.errors + s.skipped),
    ]),
  );
}
process.stdout.write(`MB/s per round: ${targets.map((target) => `${target.key} ${summaries.get(target.key)!.perRound}`).join(', ')}\n`);
process.stdout.write(`segment TTFB p99 per round (ms): ${targets.map((target) => `${target.key} ${summaries.get(target.key)!.perRoundP99}`).join(', ')}\n`);
for (const target of targets) {
  const s = summaries.get(target.key)!;
  if (s.errors || s.skipped || s.newConnections) {
    process.stdout.write(`${target.key}: ${s.errors} errors ${s.errorSamples.join('; ')}, ${s.skipped} segments skipped, ${s.newConnections} new connections in the window\n`);
  }
}
for (const note of notes) process.stdout.write(`${note}\n`);
if (profileDir) process.stdout.write(`CPU profile of the app process written to ${resolve(profileDir)} (npx tsx bench/profile-summary.ts <file>)\n`);
const missed = rows.filter((row) => row.ok === false).length;
process.stdout.write(missed ? `${missed} figure(s) missed the target\n` : 'all targets met\n');
