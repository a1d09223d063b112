/**
 * What counting downloads costs the media route (issue 33): the same app build twice, each in its own process on an
 * identical copy of one data folder, (a) with counting on and (b) with ANALYTICS_COUNTING=off, loaded with
 * GET <a public episode's MP3> (about 1 MB) by a few hundred listeners (each its own User-Agent, so its own
 * listener key) asking for the whole file or for 64 KiB ranges. Rows are measured in interleaved rounds as in
 * bench/run.ts (the order flips every round), with the server process's CPU time per request beside req/s. The target:
 * counting on keeps at least 90% of the baseline's throughput.
 *
 * Afterwards the counting-on server's database is read (once the server has stopped and flushed its buffer) to show
 * counting kept up under load: every GET answered 200/206 must be one row written to `media_requests`. The counting
 * sweep deletes those rows as it merges them into listener windows, so the prepared data folder carries a trigger
 * that counts the inserts into a table of its own (one UPDATE of one row per inserted row, paid by the on server).
 *
 * The data folder: the seed flow with demo data, then the first public demo episode's media replaced by a 256 s MP3
 * tone (server/lib/mp3-tone.ts, 32 kbit/s). The servers are bench/app-server.ts from a server build of their own
 * (dist/bench-analytics), so this run never replaces the build `npm run serve` or another benchmark is using.
 *
 * Usage: npm run bench:analytics [-- --duration 30 --rounds 5 --connections 50 --listeners 300 --profile <dir>]
 *   --duration <s>   seconds of load per row in total, split over the rounds (default 30, at most 120)
 *   --profile <dir>  also writes V8 CPU profiles of both servers (node --cpu-prof) into <dir>/on and <dir>/off;
 *                    summarise one with `npx tsx bench/profile-summary.ts <file>.cpuprofile`.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { and, asc, count, desc, eq, isNotNull, lte, type SQL } from 'drizzle-orm';
import { integer, sqliteTable } from 'drizzle-orm/sqlite-core';
import { openDatabase } from '@db/client';
import { firstRow } from '@db/store';
import { listenerWindows, mediaRequests } from '@db/schema/analytics';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { loadConfig } from '@server/config';
import { newId } from '@server/lib/ids';
import { makeMp3Tone, mp3ToneFormat, mp3ToneFrames } from '@server/lib/mp3-tone';
import { createStorage } from '@server/platform/storage';
import { buildServer } from '../scripts/build-server';
import { seedDatabase } from '../seed/seed';
import { Server } from './run';

function numberArgument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const duration = Math.min(numberArgument('duration', 30), 120);
const rounds = Math.min(Math.round(numberArgument('rounds', 5)), 10);
const connections = Math.min(numberArgument('connections', 50), 200);
const listeners = Math.min(Math.round(numberArgument('listeners', 300)), 1_000);
const target = 90;
const toneSeconds = 256;
const chunkBytes = 64 * 1024;
/** One request in this many asks for the whole file; the others for one 64 KiB range. */
const wholeFileEvery = 4;
const profileDir = (() => {
  const index = process.argv.indexOf('--profile');
  return index >= 0 ? process.argv[index + 1] : undefined;
})();

const root = fileURLToPath(new URL('..', import.meta.url));
const buildDir = join(root, 'dist', 'bench-analytics');

/**
 * Distinct User-Agents, one per listener: podcast apps, AppleCoreMedia, browsers and a few bots (counted, flagged as
 * bots), each with a number in a version so no two listeners share a key.
 */
function listenerUserAgents(total: number): string[] {
  const kinds = [
    (n: number) => `Podcasts/1650.${n} CFNetwork/1494.0.7 Darwin/23.4.0`,
    (n: number) => `AppleCoreMedia/1.0.0.21E${n} (iPhone; U; CPU OS 17_4 like Mac OS X; en_us)`,
    (n: number) => `Spotify/8.9.${n} iOS/17.4 (iPhone15,2)`,
    (n: number) => `Overcast/3.0.${n} (+http://overcast.fm/; iOS podcast app)`,
    (n: number) => `AntennaPod/3.4.${n}`,
    (n: number) => `PodcastAddict/v5 (+https://podcastaddict.com/; Android podcast app; Android 14; build ${n})`,
    (n: number) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.${n}.100 Safari/537.36`,
    (n: number) => `Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.${n} (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1`,
    (n: number) => `Pocket Casts/7.${n} (iOS)`,
    (n: number) => `curl/8.${n}.0`,
  ];
  return Array.from({ length: total }, (_, index) => kinds[index % kinds.length]!(Math.floor(index / kinds.length)));
}

interface Prepared {
  episodeId: string;
  onDir: string;
  offDir: string;
  mediaPath: string;
  mediaBytes: number;
}

/** One seeded data folder with a ~1 MB public episode and the insert-counting trigger, copied for each server. */
async function prepareData(folder: string): Promise<Prepared> {
  const onDir = join(folder, 'on');
  const offDir = join(folder, 'off');
  const dbPath = join(onDir, 'cuepoint.db');
  mkdirSync(onDir);
  const config = loadConfig({ DATA_DIR: onDir, LOG_LEVEL: 'silent', BOT_CHECK_PROVIDER: 'off', SEED_DEMO_DATA: 'true' });
  const handle = openDatabase(dbPath);
  const storage = createStorage(config.storage, onDir);
  let episodeId: string;
  let mediaPath: string;
  let mediaBytes: number;
  try {
    await seedDatabase(handle.db, config, { demoData: true });
    const [episode] = await handle.db
      .select({ id: podcastEpisodes.id })
      .from(podcastEpisodes)
      .innerJoin(podcastTitles, eq(podcastTitles.id, podcastEpisodes.podcastTitleId))
      .where(and(eq(podcastTitles.membersOnly, false), lte(podcastEpisodes.publishDate, new Date().toISOString())))
      .orderBy(asc(podcastEpisodes.publishDate))
      .limit(1);
    if (!episode) throw new Error('The demo seed has no public episode');
    episodeId = episode.id;
    const audio = makeMp3Tone({ seconds: toneSeconds, frequencyHz: 440 });
    const name = `${newId(16)}.mp3`;
    await storage.put(`uploads/${name}`, audio);
    mediaPath = `/uploads/${name}`;
    mediaBytes = audio.length;
    const durationSeconds = Math.round((mp3ToneFrames(toneSeconds) * mp3ToneFormat.samplesPerFrame) / mp3ToneFormat.sampleRate);
    await handle.db.update(podcastEpisodes).set({ mediaUrl: mediaPath, mediaBytes, durationSeconds }).where(eq(podcastEpisodes.id, episode.id));
    // The demo seed gives the episode made-up downloads: dropped, so its windows after the run are the benchmark's.
    await handle.db.delete(listenerWindows).where(eq(listenerWindows.itemId, episode.id));
  } finally {
    storage.close();
    await handle.close();
  }
  const sqlite = new Database(dbPath);
  sqlite.exec(`
    CREATE TABLE bench_media_rows (n INTEGER NOT NULL);
    INSERT INTO bench_media_rows (n) VALUES (0);
    CREATE TRIGGER bench_media_rows_count AFTER INSERT ON media_requests BEGIN UPDATE bench_media_rows SET n = n + 1; END;
  `);
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  cpSync(onDir, offDir, { recursive: true });
  return { episodeId, onDir, offDir, mediaPath, mediaBytes };
}

interface Row {
  key: 'on' | 'off';
  name: string;
  server: Server<{ port: number }>;
  url: string;
  /** GETs answered 2xx and requests sent, over every load of this server (warm-up and checks included). */
  answered: number;
  sent: number;
  slices: Array<{ requests: number; seconds: number; cpuMicros: number; p99: number; errors: number; bytes: number }>;
}

/** Rotates listeners (User-Agents) and asks for the whole file or the next 64 KiB range of it. */
function listenerRequests(path: string, size: number, userAgents: string[]): autocannon.Request[] {
  const chunks = Math.ceil(size / chunkBytes);
  let next = 0;
  const setupRequest = (request: autocannon.Request): autocannon.Request => {
    const n = next;
    next += 1;
    const headers: Record<string, string> = { 'user-agent': userAgents[n % userAgents.length]! };
    if (n % wholeFileEvery !== 0) {
      const start = (Math.floor(n / wholeFileEvery) % chunks) * chunkBytes;
      headers.range = `bytes=${start}-${Math.min(start + chunkBytes, size) - 1}`;
    }
    return { ...request, headers };
  };
  return [{ method: 'GET', path, setupRequest }];
}

async function load(row: Row, requests: autocannon.Request[], seconds: number, record: boolean): Promise<void> {
  const cpuBefore = await row.server.cpuMicros();
  const result = await autocannon({ url: row.url, connections, duration: seconds, requests });
  const cpuMicros = (await row.server.cpuMicros()) - cpuBefore;
  row.answered += result['2xx'];
  row.sent += result.requests.sent;
  if (record) {
    row.slices.push({ requests: result.requests.total, seconds, cpuMicros, p99: result.latency.p99, errors: result.errors + result.non2xx, bytes: result.throughput.total });
  }
}

/** The route answers the episode whole (200, public: CORS `*`) and by range (206) before it is loaded. */
async function checkMedia(row: Row, size: number): Promise<void> {
  const whole = await fetch(row.url, { headers: { 'user-agent': 'AntennaPod/3.4.0' } });
  const body = await whole.arrayBuffer();
  if (whole.status !== 200 || body.byteLength !== size || whole.headers.get('access-control-allow-origin') !== '*') {
    throw new Error(`${row.url} answered ${whole.status} with ${body.byteLength} bytes (CORS ${whole.headers.get('access-control-allow-origin')}), not the public ${size}-byte file`);
  }
  const part = await fetch(row.url, { headers: { 'user-agent': 'AntennaPod/3.4.0', range: `bytes=0-${chunkBytes - 1}` } });
  if (part.status !== 206 || (await part.arrayBuffer()).byteLength !== chunkBytes) throw new Error(`${row.url} answered a range with ${part.status}`);
  row.answered += 2;
  row.sent += 2;
}

interface Counted {
  rows: number;
  pending: number;
  windows: number;
  countedWindows: number;
  botWindows: number;
  apps: Array<{ app: string; windows: number }>;
}

/** The trigger's counter (prepareData): rows ever inserted into media_requests. */
const benchMediaRows = sqliteTable('bench_media_rows', { n: integer('n').notNull() });

/** What counting wrote in `dataDir`: the rows the trigger saw, and the listener windows of the benchmark's episode. */
async function readCounts(dataDir: string, episodeId: string): Promise<Counted> {
  const handle = openDatabase(join(dataDir, 'cuepoint.db'));
  const { db } = handle;
  const ofEpisode = eq(listenerWindows.itemId, episodeId);
  try {
    const windows = (where?: SQL) => firstRow(db.select({ n: count() }).from(listenerWindows).where(and(ofEpisode, where)));
    return {
      rows: (await firstRow(db.select().from(benchMediaRows)))?.n ?? 0,
      pending: (await firstRow(db.select({ n: count() }).from(mediaRequests)))?.n ?? 0,
      windows: (await windows())?.n ?? 0,
      countedWindows: (await windows(isNotNull(listenerWindows.countedAt)))?.n ?? 0,
      botWindows: (await windows(eq(listenerWindows.bot, true)))?.n ?? 0,
      apps: await db
        .select({ app: listenerWindows.app, windows: count() })
        .from(listenerWindows)
        .where(ofEpisode)
        .groupBy(listenerWindows.app)
        .orderBy(desc(count()), asc(listenerWindows.app)),
    };
  } finally {
    await handle.close();
  }
}

interface Measured {
  offRow: Row;
  onRow: Row;
  sliceSeconds: number;
  counted: Counted;
  uncounted: Counted;
}

/** Starts both servers, checks and loads them in interleaved rounds, stops them and reads what each wrote. */
async function measure(data: Prepared): Promise<Measured> {
  const profile = (counting: 'on' | 'off') => (profileDir ? ['--cpu-prof', '--cpu-prof-dir', resolve(profileDir, counting)] : []);
  const start = (dataDir: string, counting: 'on' | 'off') =>
    Server.start<{ port: number }>('bench/app-server.js', profile(counting), { BENCH_APP_ENV: JSON.stringify({ DATA_DIR: dataDir, ANALYTICS_COUNTING: counting }) }, buildDir);
  const servers = await Promise.allSettled([start(data.onDir, 'on'), start(data.offDir, 'off')]);
  const [on, off] = servers.map((started) => (started.status === 'fulfilled' ? started.value : null));
  let running = true;
  const stopServers = async () => {
    if (running) await Promise.all([on?.stop(), off?.stop()]);
    running = false;
  };
  try {
    if (!on || !off) throw new Error(`A server did not start: ${servers.flatMap((started) => (started.status === 'rejected' ? [String(started.reason)] : [])).join('; ')}`);
    const row = (key: Row['key'], name: string, server: Server<{ port: number }>): Row => ({
      key,
      name,
      server,
      url: `http://127.0.0.1:${server.ready.port}${data.mediaPath}`,
      answered: 0,
      sent: 0,
      slices: [],
    });
    const offRow = row('off', 'GET media, ANALYTICS_COUNTING=off', off);
    const onRow = row('on', 'GET media, counting on', on);
    const userAgents = listenerUserAgents(listeners);
    if (new Set(userAgents).size !== userAgents.length) throw new Error('Two listeners share a User-Agent');
    const requests = () => listenerRequests(data.mediaPath, data.mediaBytes, userAgents);
    for (const current of [offRow, onRow]) await checkMedia(current, data.mediaBytes);

    for (const current of [offRow, onRow]) await load(current, requests(), 2, false); // warm-up: JIT, caches, connections
    const sliceSeconds = Math.max(1, Math.round(duration / rounds));
    for (let round = 0; round < rounds; round += 1) {
      for (const current of round % 2 === 0 ? [offRow, onRow] : [onRow, offRow]) await load(current, requests(), sliceSeconds, true);
    }
    // Stopping flushes the counter's buffer: every request told is in the database once the process has exited.
    await stopServers();
    return { offRow, onRow, sliceSeconds, counted: await readCounts(data.onDir, data.episodeId), uncounted: await readCounts(data.offDir, data.episodeId) };
  } finally {
    await stopServers();
  }
}

function summary(current: Row) {
  const requests = current.slices.reduce((sum, slice) => sum + slice.requests, 0);
  const seconds = current.slices.reduce((sum, slice) => sum + slice.seconds, 0);
  return {
    requestsPerSecond: requests / seconds,
    megabytesPerSecond: current.slices.reduce((sum, slice) => sum + slice.bytes, 0) / seconds / 1e6,
    cpuMicrosPerRequest: current.slices.reduce((sum, slice) => sum + slice.cpuMicros, 0) / Math.max(requests, 1),
    p99: Math.max(...current.slices.map((slice) => slice.p99)),
    errors: current.slices.reduce((sum, slice) => sum + slice.errors, 0),
    perRound: current.slices.map((slice) => Math.round(slice.requests / slice.seconds)),
  };
}

/** Prints the table and the counting check; answers whether both passed. */
function report(data: Prepared, { offRow, onRow, sliceSeconds, counted, uncounted }: Measured): boolean {
  const baseline = summary(offRow);
  const measured = summary(onRow);
  const share = Math.round((measured.requestsPerSecond / baseline.requestsPerSecond) * 100);
  const cpuShare = Math.round((baseline.cpuMicrosPerRequest / measured.cpuMicrosPerRequest) * 100);
  const met = share >= target && measured.errors === 0 && baseline.errors === 0;

  const columns = (cells: string[]) => `${cells[0]!.padEnd(36)}${cells.slice(1).map((cell, index) => cell.padStart([9, 9, 9, 9, 12, 11, 8, 8][index]!)).join('')}\n`;
  const out = (text: string) => process.stdout.write(text);
  out(`\nGET ${data.mediaPath} (${data.mediaBytes} bytes, MP3), ${listeners} listeners (one User-Agent each), 1 in ${wholeFileEvery} requests whole, the rest one 64 KiB range\n`);
  out(`autocannon, ${connections} connections, ${rounds} interleaved rounds of ${sliceSeconds}s per row, loopback; each server in its own process\n\n`);
  out(columns(['row', 'req/s', 'MB/s', 'of off', 'target', 'CPU µs/req', 'CPU share', 'p99 ms', 'errors']));
  out(columns([offRow.name, baseline.requestsPerSecond.toFixed(0), baseline.megabytesPerSecond.toFixed(0), '100%', '', baseline.cpuMicrosPerRequest.toFixed(1), '100%', String(baseline.p99), String(baseline.errors)]));
  out(
    columns([
      onRow.name,
      measured.requestsPerSecond.toFixed(0),
      measured.megabytesPerSecond.toFixed(0),
      `${share}%`,
      `≥${target}% ${met ? '✓' : '✗'}`,
      measured.cpuMicrosPerRequest.toFixed(1),
      `${cpuShare}%`,
      String(measured.p99),
      String(measured.errors),
    ]),
  );
  out(`\nreq/s per round: off ${baseline.perRound.join('/')}, on ${measured.perRound.join('/')}\n`);
  out("CPU share = off CPU µs/req ÷ on CPU µs/req (the on server's CPU includes its batched inserts and counting sweeps).\n");

  // Every request the route answered was told to the counter before its bytes went out, so the rows written must
  // lie between the GETs autocannon saw answered and those it sent (some were in flight when a load ended).
  const recordedOk = counted.rows >= onRow.answered && counted.rows <= onRow.sent && uncounted.rows === 0;
  out(`\ncounting on: ${counted.rows} rows written to media_requests for ${onRow.answered} GETs answered 2xx and ${onRow.sent} sent`);
  out(` (expected between the two: ${onRow.sent - onRow.answered} were in flight when a load ended) ${recordedOk ? '✓' : '✗'}\n`);
  out(`  listener windows: ${counted.windows} (${counted.countedWindows} counted as downloads, ${counted.botWindows} bots), ${counted.pending} requests left for the next sweep\n`);
  out(`  windows by app: ${counted.apps.map((entry) => `${entry.app} ${entry.windows}`).join(', ')}\n`);
  out(`counting off: ${offRow.answered} GETs answered 2xx, ${uncounted.rows} rows written\n`);
  return met && recordedOk;
}

async function main(): Promise<void> {
  const started = Date.now();
  await buildServer(buildDir);
  const folder = mkdtempSync(join(tmpdir(), 'cuepoint-bench-analytics-'));
  try {
    const data = await prepareData(folder);
    const passed = report(data, await measure(data));
    process.stdout.write(`\n${passed ? 'target met, every request recorded' : 'FAILED'}; ${((Date.now() - started) / 1000).toFixed(0)} s in all\n`);
    if (!passed) process.exitCode = 1;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
