/**
 * The live-video ingest engine end to end: real RTMP publishes from Debian's ffmpeg into the engine, HLS and
 * recording parts written by the engine's ffmpeg, checked with ffprobe.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createIngestServer,
  type EndedInfo,
  finalizePlaylist,
  findFfmpeg,
  finishRecording,
  type IngestServer,
  type PublishAttempt,
  probeMedia,
  REFUSE_APP,
  REFUSE_AUDIO,
  REFUSE_DUPLICATE,
  REFUSE_VIDEO,
  type StreamHealth,
} from '@server/domains/live/ingest';

const MAIN_KEY = 'live_mainKey0123456789abcdef';
const KICK_KEY = 'live_kickKey0123456789abcdef';
const CODEC_KEY = 'live_codecKey0123456789abcde';
const AUDIO_KEY = 'live_audioKey0123456789abcde';
const STOP_KEY = 'live_stopKey0123456789abcdef';
const REFUSED_KEY = 'live_refusedKey0123456789abc';
const ALL_KEYS = [MAIN_KEY, KICK_KEY, CODEC_KEY, AUDIO_KEY, STOP_KEY, REFUSED_KEY];

interface Publisher {
  child: ChildProcess;
  exited: Promise<number | null>;
  stderr: () => string;
}

function publish(port: number, path: string, opts: { seconds: number; video?: 'h264' | 'flv1'; audio?: 'aac' | 'pcm' }): Publisher {
  const video =
    opts.video === 'flv1'
      ? ['-c:v', 'flv1']
      : ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-profile:v', 'baseline', '-g', '50'];
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-re'];
  args.push('-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440');
  args.push(...video, '-c:a', opts.audio === 'pcm' ? 'pcm_s16le' : 'aac', '-t', String(opts.seconds), '-f', 'flv', `rtmp://127.0.0.1:${port}/${path}`);
  const child = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, exited, stderr: () => err };
}

async function waitFor<T>(fn: () => T | undefined | null | false | Promise<T | undefined | null | false>, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function playlistInfo(text: string) {
  const lines = text.split('\n').map((l) => l.trim());
  const mediaSequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1] ?? NaN);
  const segments = lines.filter((l) => l.endsWith('.ts'));
  const numbers = segments.map((s) => Number(/(\d+)\.ts$/.exec(s)?.[1]));
  return { lines, mediaSequence, segments, numbers, last: Math.max(...numbers) };
}

describe('live ingest engine', () => {
  let root: string;
  let server: IngestServer;
  let port: number;
  const attempts: PublishAttempt[] = [];
  const refused: { attempt: PublishAttempt; reason: string }[] = [];
  const started: string[] = [];
  const ended = new Map<string, EndedInfo>();
  const health = new Map<string, StreamHealth[]>();
  const logs: string[] = [];
  let partNo = 0;
  const parts: string[] = [];
  const connectionOf = new Map<string, string>();

  const logger = {
    info: (o: object | string, m?: string) => logs.push(JSON.stringify(o) + (m ?? '')),
    warn: (o: object | string, m?: string) => logs.push(JSON.stringify(o) + (m ?? '')),
    error: (o: object | string, m?: string) => logs.push(JSON.stringify(o) + (m ?? '')),
  };

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'cuepoint-ingest-'));
    server = createIngestServer(
      { host: '127.0.0.1', port: 0, logger },
      {
        authorize: async (attempt) => {
          attempts.push(attempt);
          await new Promise((r) => setTimeout(r, 20)); // an async decision, as the live domain's is
          if (attempt.streamKey === REFUSED_KEY) return { accept: false, reason: 'Unknown stream key' };
          connectionOf.set(attempt.connectionId, attempt.streamKey);
          const name = attempt.streamKey.slice(5, 9);
          const recordingPath = join(root, name, 'recordings', `part-${++partNo}.ts`);
          if (attempt.streamKey === MAIN_KEY) parts.push(recordingPath);
          return { accept: true, hlsDir: join(root, name, 'hls'), recordingPath };
        },
        onStarted: (id) => started.push(id),
        onHealth: (id, h) => health.set(id, [...(health.get(id) ?? []), h]),
        onRefused: (attempt, reason) => refused.push({ attempt, reason }),
        onEnded: (id, info) => ended.set(id, info),
      },
    );
    ({ port } = await server.start());
    expect(port).toBeGreaterThan(0);
  });

  afterAll(async () => {
    await server?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  const idFor = (key: string) => [...connectionOf.entries()].filter(([, k]) => k === key).map(([id]) => id);

  it('finds ffmpeg, and says when it is missing', async () => {
    const found = await findFfmpeg();
    expect(found.available).toBe(true);
    const missing = await findFfmpeg('/nonexistent/ffmpeg');
    expect(missing).toEqual({ available: false, reason: expect.stringContaining('not found') });
  });

  it('remuxes a publish into HLS and a recording, reports health, refuses a second publisher on the key', async () => {
    const hls = join(root, 'main', 'hls', 'index.m3u8');
    const pub = publish(port, `live/${MAIN_KEY}`, { seconds: 8 });

    const playlist = await waitFor(
      async () => {
        const text = await readFile(hls, 'utf8').catch(() => '');
        return playlistInfo(text).segments.length > 0 ? text : null;
      },
      10_000,
      'index.m3u8 with a segment',
    );
    expect(attempts.find((a) => a.streamKey === MAIN_KEY)).toMatchObject({ app: 'live', remoteAddress: '127.0.0.1' });
    const [id] = idFor(MAIN_KEY);
    expect(started).toContain(id);
    expect(server.activeConnections()).toContain(id);

    // a segment decodes: H.264 + AAC, 320x180
    const segment = join(root, 'main', 'hls', playlistInfo(playlist).segments[0]!);
    const seg = await probeMedia(segment);
    expect(seg).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', width: 320, height: 180 });

    // a second publisher on the same key is refused while the first is live, before authorize
    const authorizeCalls = attempts.length;
    const second = publish(port, `live/${MAIN_KEY}`, { seconds: 5 });
    expect(await second.exited).not.toBe(0);
    expect(refused.find((r) => r.attempt.streamKey === MAIN_KEY)?.reason).toBe(REFUSE_DUPLICATE);
    expect(attempts.length).toBe(authorizeCalls);

    const h = await waitFor(
      () => health.get(id!)?.find((x) => x.keyframeIntervalSeconds !== null && x.bitrateKbps !== null),
      8_000,
      'a health report with keyframes and bitrate',
    );
    expect(h).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', width: 320, height: 180 });
    expect(h.keyframeIntervalSeconds).toBeCloseTo(2, 1);
    expect(h.frameRate).toBeCloseTo(25, 0);
    expect(h.bitrateKbps).toBeGreaterThan(50);
    expect(h.uptimeSeconds).toBeGreaterThan(1);

    expect(await pub.exited).toBe(0);
    const info = await waitFor(() => ended.get(id!), 10_000, 'onEnded');
    expect(info).toMatchObject({ reason: 'publisher-left', recordingPath: parts[0], started: true });
    expect(server.activeConnections()).not.toContain(id);

    // no ENDLIST on a publisher drop: the caller decides when the session has ended
    expect(await readFile(hls, 'utf8')).not.toContain('#EXT-X-ENDLIST');

    const mp4 = join(root, 'main', 'replay.mp4');
    const result = await finishRecording(parts, mp4);
    expect(result.durationSeconds).toBeGreaterThan(6);
    expect(result.durationSeconds).toBeLessThan(10);
    expect(result.sizeBytes).toBeGreaterThan(10_000);
    expect(await probeMedia(mp4)).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', width: 320, height: 180 });
  }, 40_000);

  it('continues the playlist when the publisher reconnects into the same hlsDir', async () => {
    const hlsDir = join(root, 'main', 'hls');
    const before = playlistInfo(await readFile(join(hlsDir, 'index.m3u8'), 'utf8'));
    const pub = publish(port, `live/${MAIN_KEY}`, { seconds: 5 });
    expect(await pub.exited).toBe(0);
    const id = idFor(MAIN_KEY).at(-1)!;
    await waitFor(() => ended.get(id), 10_000, 'onEnded of the reconnect');

    const after = playlistInfo(await readFile(join(hlsDir, 'index.m3u8'), 'utf8'));
    expect(after.last).toBeGreaterThan(before.last);
    expect(after.mediaSequence).toBeGreaterThanOrEqual(before.mediaSequence);
    expect(after.mediaSequence + after.segments.length - 1).toBe(after.last);
    // the first segment of the new run follows a discontinuity
    const firstNew = after.lines.indexOf(`seg_${before.last + 1}.ts`);
    expect(firstNew).toBeGreaterThan(0);
    const sincePrevious = after.lines.slice(0, firstNew).reverse();
    const discontinuity = sincePrevious.indexOf('#EXT-X-DISCONTINUITY');
    const previousSegment = sincePrevious.findIndex((l) => l.endsWith('.ts'));
    expect(discontinuity).toBeGreaterThanOrEqual(0);
    expect(previousSegment === -1 || discontinuity < previousSegment).toBe(true);
    // rolling window: segments that left the playlist are deleted (ffmpeg keeps one more, hls_delete_threshold 1,
    // for players still fetching it)
    const files = (await readdir(hlsDir)).filter((f) => f.endsWith('.ts'));
    expect(files).toEqual(expect.arrayContaining(after.segments));
    expect(files.length).toBeLessThanOrEqual(after.segments.length + 1);
    expect(after.segments.length).toBeLessThanOrEqual(6);

    // the two parts make one replay
    expect(parts).toHaveLength(2);
    const both = await finishRecording(parts, join(root, 'main', 'replay-2.mp4'));
    expect(both.durationSeconds).toBeGreaterThan(10);
    expect(both.durationSeconds).toBeLessThan(16);

    await finalizePlaylist(hlsDir);
    await finalizePlaylist(hlsDir);
    const final = await readFile(join(hlsDir, 'index.m3u8'), 'utf8');
    expect(final.match(/#EXT-X-ENDLIST/g)).toHaveLength(1);
  }, 30_000);

  it('refuses a key authorize refuses, writing nothing', async () => {
    const pub = publish(port, `live/${REFUSED_KEY}`, { seconds: 5 });
    expect(await pub.exited).not.toBe(0);
    expect(refused.find((r) => r.attempt.streamKey === REFUSED_KEY)?.reason).toBe('Unknown stream key');
    expect(existsSync(join(root, 'refu'))).toBe(false);
  });

  it('refuses an unknown application without asking authorize', async () => {
    const before = attempts.length;
    const pub = publish(port, `other/${MAIN_KEY}`, { seconds: 5 });
    expect(await pub.exited).not.toBe(0);
    expect(refused.find((r) => r.attempt.app === 'other')?.reason).toBe(REFUSE_APP);
    expect(attempts.length).toBe(before);
  });

  it('refuses a video codec other than H.264 after authorize, writing nothing', async () => {
    const pub = publish(port, `live/${CODEC_KEY}`, { seconds: 5, video: 'flv1' });
    expect(await pub.exited).not.toBe(0);
    expect(attempts.some((a) => a.streamKey === CODEC_KEY)).toBe(true);
    expect(refused.find((r) => r.attempt.streamKey === CODEC_KEY)?.reason).toBe(REFUSE_VIDEO);
    expect(existsSync(join(root, 'code'))).toBe(false);
    const [id] = idFor(CODEC_KEY);
    expect(ended.has(id!)).toBe(false);
    expect(started).not.toContain(id);
  });

  it('refuses audio other than AAC or MP3', async () => {
    const pub = publish(port, `live/${AUDIO_KEY}`, { seconds: 5, audio: 'pcm' });
    expect(await pub.exited).not.toBe(0);
    expect(refused.find((r) => r.attempt.streamKey === AUDIO_KEY)?.reason).toBe(REFUSE_AUDIO);
    expect(existsSync(join(root, 'audi'))).toBe(false);
  });

  it('kick() ends a running publish at once', async () => {
    const pub = publish(port, `live/${KICK_KEY}`, { seconds: 30 });
    const id = await waitFor(() => idFor(KICK_KEY).find((x) => started.includes(x)), 10_000, 'the kick publish to start');
    const t0 = Date.now();
    server.kick(id);
    const info = await waitFor(() => ended.get(id), 5_000, 'onEnded after kick');
    expect(info.reason).toBe('kicked');
    expect(await pub.exited).not.toBe(0);
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(server.activeConnections()).not.toContain(id);
    expect((await probeMedia(info.recordingPath)).videoCodec).toBe('h264');
  });

  it('with transcode480p, index.m3u8 is a master playlist of the source and a 480p variant', async () => {
    const dir = join(root, 'abr', 'hls');
    const abr = createIngestServer(
      { host: '127.0.0.1', port: 0, transcode480p: true },
      { authorize: () => ({ accept: true, hlsDir: dir, recordingPath: join(root, 'abr', 'part.ts') }) },
    );
    const { port: abrPort } = await abr.start();
    const pub = publish(abrPort, `live/${MAIN_KEY}`, { seconds: 4 });
    expect(await pub.exited).toBe(0);
    await abr.stop();
    const master = await readFile(join(dir, 'index.m3u8'), 'utf8');
    expect(master).toContain('#EXT-X-STREAM-INF:');
    expect(master).toMatch(/RESOLUTION=320x180,CODECS="avc1\.42c0..,mp4a\.40\.2"\nsource\/index\.m3u8/);
    expect(master).toContain('480p/index.m3u8');
    for (const variant of ['source', '480p']) {
      const media = playlistInfo(await readFile(join(dir, variant, 'index.m3u8'), 'utf8'));
      expect(media.segments.length).toBeGreaterThan(0);
      const info = await probeMedia(join(dir, variant, media.segments[0]!));
      expect(info).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', height: 180 });
    }
    expect((await probeMedia(join(root, 'abr', 'part.ts'))).videoCodec).toBe('h264');
  }, 20_000);

  it('reports ffmpeg failing to start as an error end', async () => {
    const broken = createIngestServer(
      { host: '127.0.0.1', port: 0, ffmpegPath: '/nonexistent/ffmpeg' },
      {
        authorize: () => ({ accept: true, hlsDir: join(root, 'broken', 'hls'), recordingPath: join(root, 'broken', 'p.ts') }),
        onEnded: (id, info) => ended.set(id, info),
      },
    );
    const { port: brokenPort } = await broken.start();
    const before = new Set(ended.keys());
    const pub = publish(brokenPort, `live/${MAIN_KEY}`, { seconds: 5 });
    const info = await waitFor(() => [...ended.entries()].find(([id]) => !before.has(id))?.[1], 10_000, 'an error end');
    expect(info.reason).toBe('error');
    expect(await pub.exited).not.toBe(0);
    await broken.stop();
  });

  it('stop() ends every publisher with reason shutdown, and never logs a stream key', async () => {
    const pub = publish(port, `live/${STOP_KEY}`, { seconds: 30 });
    const id = await waitFor(() => idFor(STOP_KEY).find((x) => started.includes(x)), 10_000, 'the publish to start');
    await server.stop();
    expect(ended.get(id)?.reason).toBe('shutdown');
    expect(await pub.exited).not.toBe(0);
    expect(server.activeConnections()).toEqual([]);

    const all = logs.join('\n');
    expect(all).toContain('RTMP publish requested');
    for (const key of ALL_KEYS) expect(all).not.toContain(key);
  });
});
