/**
 * Simulated HLS players for bench/live.ts, in their own process (so their work does not share the bench's event
 * loop and their CPU is measured apart). Each player behaves like hls.js on a live stream over one keep-alive
 * connection (its own http.Agent, maxSockets 1): it loads the playlist, starts 3 segments from the live edge
 * (liveSyncDurationCount 3), downloads every new segment once, in order, and reloads the playlist one target
 * duration after the previous load started (half of it when the playlist had not changed).
 *
 * Players join spread over `joinMs`; requests started in the record window (after `warmupMs` more) are counted:
 * segment time to first byte (request written → response headers) and bytes, playlist time to first byte and the
 * playlist's age at the player (now − the newest segment's end: EXT-X-PROGRAM-DATE-TIME + EXTINF).
 */
import { Agent, get, type IncomingMessage } from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

export interface PlayersJob {
  /** Absolute playlist URL (with its token for a premium event). */
  url: string;
  players: number;
  joinMs: number;
  warmupMs: number;
  recordMs: number;
}

export interface PlayersResult {
  segmentTtfb: number[];
  segmentTime: number[];
  segmentBytes: number;
  playlistTtfb: number[];
  /** Playlist age at the player, ms. */
  playlistAge: number[];
  recordSeconds: number;
  /** Requests answered with a status other than 200, or failed. */
  errors: number;
  errorSamples: string[];
  /** Segments that left the playlist before the player fetched them (the player fell behind). */
  skipped: number;
  /** Connections opened in the record window (keep-alive: should be 0). */
  newConnections: number;
  /** This process's CPU time (user + system) from the record window's start until the last player stopped, µs. */
  cpuMicros: number;
  cpuSeconds: number;
  /** Event-loop delay of this process in the record window, p99 ms. */
  loopDelayP99: number;
}

interface Fetched {
  status: number;
  ttfb: number;
  time: number;
  bytes: number;
  body: string;
  reused: boolean;
}

function fetchOnce(agent: Agent, url: string, keepBody: boolean): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = get(url, { agent }, (response: IncomingMessage) => {
      const ttfb = performance.now() - started;
      let bytes = 0;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (keepBody) chunks.push(chunk);
      });
      response.once('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          ttfb,
          time: performance.now() - started,
          bytes,
          body: keepBody ? Buffer.concat(chunks).toString('utf8') : '',
          reused: request.reusedSocket,
        }),
      );
      response.once('error', reject);
    });
    request.setTimeout(15_000, () => request.destroy(new Error('timeout after 15 s')));
    request.once('error', reject);
  });
}

export interface ParsedPlaylist {
  targetDuration: number;
  mediaSequence: number;
  segments: { uri: string; duration: number; programDateTime: number | null }[];
  /** EXT-X-DISCONTINUITY tags, but one before sequence 0. */
  discontinuities: number;
  ended: boolean;
}

/** The parts of a media playlist a live player needs (program date time carried forward by the durations). */
export function parsePlaylist(text: string): ParsedPlaylist {
  const result: ParsedPlaylist = { targetDuration: 2, mediaSequence: 0, segments: [], discontinuities: 0, ended: false };
  let duration = 0;
  let pdt: number | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#EXT-X-TARGETDURATION:')) result.targetDuration = Number(line.slice(22));
    else if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) result.mediaSequence = Number(line.slice(22));
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) pdt = Date.parse(line.slice(25));
    else if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    // ffmpeg's append_list puts one before a new session's first segment (sequence 0): not a break in the stream
    else if (line === '#EXT-X-DISCONTINUITY' && result.mediaSequence + result.segments.length > 0) result.discontinuities += 1;
    else if (line.startsWith('#EXT-X-ENDLIST')) result.ended = true;
    else if (!line.startsWith('#')) {
      result.segments.push({ uri: line, duration, programDateTime: pdt });
      pdt = pdt === null ? null : pdt + duration * 1000;
    }
  }
  return result;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function runPlayers(job: PlayersJob): Promise<PlayersResult> {
  const result: PlayersResult = {
    segmentTtfb: [],
    segmentTime: [],
    segmentBytes: 0,
    playlistTtfb: [],
    playlistAge: [],
    recordSeconds: job.recordMs / 1000,
    errors: 0,
    errorSamples: [],
    skipped: 0,
    newConnections: 0,
    cpuMicros: 0,
    cpuSeconds: 0,
    loopDelayP99: 0,
  };
  const t0 = performance.now();
  const recordFrom = t0 + job.joinMs + job.warmupMs;
  const recordUntil = recordFrom + job.recordMs;
  const recording = (at: number) => at >= recordFrom && at < recordUntil;
  const fail = (what: string) => {
    result.errors += 1;
    if (result.errorSamples.length < 5) result.errorSamples.push(what);
  };

  async function player(index: number): Promise<void> {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    await sleep((index / job.players) * job.joinMs);
    let lastSequence = -1;
    try {
      while (performance.now() < recordUntil) {
        const loadStarted = performance.now();
        const counted = recording(loadStarted);
        let playlist: Fetched;
        try {
          playlist = await fetchOnce(agent, job.url, true);
        } catch (error) {
          if (counted) fail(`playlist: ${(error as Error).message}`);
          await sleep(1000);
          continue;
        }
        if (playlist.status !== 200) {
          if (counted) fail(`playlist: HTTP ${playlist.status}`);
          await sleep(1000);
          continue;
        }
        const parsed = parsePlaylist(playlist.body);
        const newest = parsed.segments.at(-1);
        if (counted) {
          result.playlistTtfb.push(playlist.ttfb);
          if (!playlist.reused) result.newConnections += 1;
          if (newest?.programDateTime != null) result.playlistAge.push(Date.now() - (newest.programDateTime + newest.duration * 1000));
        }
        const newestSequence = parsed.mediaSequence + parsed.segments.length - 1;
        const changed = newestSequence > lastSequence;
        let next = lastSequence < 0 ? Math.max(parsed.mediaSequence, newestSequence - 2) : lastSequence + 1;
        if (next < parsed.mediaSequence) {
          if (counted) result.skipped += parsed.mediaSequence - next;
          next = parsed.mediaSequence;
        }
        for (let sequence = next; sequence <= newestSequence && performance.now() < recordUntil; sequence += 1) {
          const segment = parsed.segments[sequence - parsed.mediaSequence]!;
          const started = performance.now();
          try {
            const fetched = await fetchOnce(agent, new URL(segment.uri, job.url).href, false);
            if (!recording(started)) continue;
            if (fetched.status !== 200) fail(`segment: HTTP ${fetched.status}`);
            else {
              result.segmentTtfb.push(fetched.ttfb);
              result.segmentTime.push(fetched.time);
              result.segmentBytes += fetched.bytes;
              if (!fetched.reused) result.newConnections += 1;
            }
          } catch (error) {
            if (recording(started)) fail(`segment: ${(error as Error).message}`);
          }
          lastSequence = sequence;
        }
        lastSequence = Math.max(lastSequence, newestSequence);
        const interval = (changed ? parsed.targetDuration : parsed.targetDuration / 2) * 1000;
        await sleep(Math.min(loadStarted + interval, recordUntil) - performance.now());
      }
    } finally {
      agent.destroy();
    }
  }

  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  let cpuAtStart: NodeJS.CpuUsage | null = null;
  const startWindow = setTimeout(() => {
    cpuAtStart = process.cpuUsage();
    loopDelay.enable();
  }, recordFrom - performance.now());
  await Promise.all(Array.from({ length: job.players }, (_, index) => player(index)));
  clearTimeout(startWindow);
  const cpu = process.cpuUsage(cpuAtStart ?? undefined);
  result.cpuMicros = cpu.user + cpu.system;
  result.cpuSeconds = (performance.now() - recordFrom) / 1000;
  loopDelay.disable();
  result.loopDelayP99 = loopDelay.percentile(99) / 1e6;
  return result;
}

if (process.send && process.argv.includes('--players-child')) {
  process.once('message', (job: PlayersJob) => {
    void runPlayers(job).then(
      (result) => process.send!({ result }, () => process.exit(0)),
      (error: unknown) => process.send!({ error: String(error) }, () => process.exit(1)),
    );
  });
}
