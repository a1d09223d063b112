/**
 * Everything that runs Debian's ffmpeg/ffprobe: the remux command for a publish, `findFfmpeg`, `finishRecording`
 * (recording parts → one MP4) and `probeMedia`. Always spawned without a shell, with an argument array.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFile, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Keeps the last `limit` bytes of a stream (ffmpeg's stderr), for error messages. */
export class TailBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  constructor(private readonly limit = 8192) {}
  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.size > this.limit && this.chunks.length > 1) this.size -= this.chunks.shift()!.length;
  }
  text(): string {
    const all = Buffer.concat(this.chunks);
    return all.subarray(Math.max(0, all.length - this.limit)).toString('utf8').trim();
  }
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs a program to completion (no shell); rejects only when it cannot be started. */
export function run(cmd: string, args: string[], timeoutMs = 120_000): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err = new TailBuffer(16_384);
    let outSize = 0;
    child.stdout.on('data', (d: Buffer) => {
      if (outSize < 4 * 1024 * 1024) out.push(d);
      outSize += d.length;
    });
    child.stderr.on('data', (d: Buffer) => err.push(d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: err.text() });
    });
  });
}

/** ffprobe next to the given ffmpeg (same directory), else `ffprobe` from PATH. */
export function ffprobeFor(ffmpegPath?: string): string {
  if (!ffmpegPath || !ffmpegPath.includes('/')) return 'ffprobe';
  const base = basename(ffmpegPath);
  return join(dirname(ffmpegPath), base.replace(/ffmpeg/, 'ffprobe'));
}

export async function findFfmpeg(
  ffmpegPath?: string,
): Promise<{ available: true; version: string } | { available: false; reason: string }> {
  const cmd = ffmpegPath || 'ffmpeg';
  const where = ffmpegPath ? `at ${ffmpegPath}` : 'on PATH';
  try {
    const r = await run(cmd, ['-hide_banner', '-version'], 10_000);
    if (r.code !== 0) return { available: false, reason: `ffmpeg ${where} did not run (exit ${r.code ?? r.signal}): live ingest is off` };
    const m = /ffmpeg version (\S+)/.exec(r.stdout);
    return { available: true, version: m?.[1] ?? r.stdout.split('\n')[0]?.trim() ?? 'unknown' };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { available: false, reason: `ffmpeg was not found ${where}: live ingest is off` };
    return { available: false, reason: `ffmpeg ${where} could not be started (${code ?? (err as Error).message}): live ingest is off` };
  }
}

export interface MediaInfo {
  durationSeconds: number;
  videoCodec: string | null;
  audioCodec: string | null;
  width: number | null;
  height: number | null;
}

interface ProbeJson {
  format?: { duration?: string };
  streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number; duration?: string }[];
}

export async function probeMedia(path: string, ffprobePath = 'ffprobe'): Promise<MediaInfo> {
  const r = await run(ffprobePath, ['-v', 'error', '-of', 'json', '-show_format', '-show_streams', path], 60_000);
  if (r.code !== 0) throw new Error(`ffprobe could not read the file: ${r.stderr.slice(0, 500)}`);
  const json = JSON.parse(r.stdout) as ProbeJson;
  const video = json.streams?.find((s) => s.codec_type === 'video');
  const audio = json.streams?.find((s) => s.codec_type === 'audio');
  let duration = Number(json.format?.duration);
  if (!Number.isFinite(duration)) duration = Number(video?.duration ?? audio?.duration);
  return {
    durationSeconds: Number.isFinite(duration) ? duration : 0,
    videoCodec: video?.codec_name ?? null,
    audioCodec: audio?.codec_name ?? null,
    width: video?.width ?? null,
    height: video?.height ?? null,
  };
}

function concatLine(path: string): string {
  // concat demuxer syntax: single-quoted, a quote written as '\''
  return `file '${path.replace(/'/g, "'\\''")}'`;
}

/**
 * Joins the recording parts of a session (MPEG-TS, one per publish) into one MP4 without re-encoding.
 * Missing and empty parts are skipped; throws when nothing is left or ffmpeg fails. Written to a temporary name
 * and renamed, so `mp4Path` never holds half a file.
 */
export async function finishRecording(
  parts: string[],
  mp4Path: string,
  ffmpegPath?: string,
): Promise<{ durationSeconds: number; sizeBytes: number }> {
  const present: string[] = [];
  for (const p of parts) {
    const s = await stat(p).catch(() => null);
    if (s?.isFile() && s.size > 0) present.push(p);
  }
  if (present.length === 0) throw new Error('No recording to finish: every part is missing or empty');
  const ffprobe = ffprobeFor(ffmpegPath);
  const first = await probeMedia(present[0]!, ffprobe).catch(() => null);
  const suffix = randomBytes(6).toString('hex');
  const listPath = `${mp4Path}.${suffix}.concat.txt`;
  const tmpPath = `${mp4Path}.${suffix}.tmp`;
  await writeFile(listPath, `ffconcat version 1.0\n${present.map(concatLine).join('\n')}\n`);
  try {
    const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', listPath];
    args.push('-map', '0:v?', '-map', '0:a?', '-c', 'copy');
    if (first?.audioCodec === 'aac') args.push('-bsf:a', 'aac_adtstoasc');
    args.push('-movflags', '+faststart', '-f', 'mp4', tmpPath);
    const r = await run(ffmpegPath || 'ffmpeg', args, 30 * 60_000);
    if (r.code !== 0) throw new Error(`ffmpeg could not finish the recording: ${r.stderr.slice(0, 500)}`);
    await rename(tmpPath, mp4Path);
  } finally {
    await rm(listPath, { force: true });
    await rm(tmpPath, { force: true });
  }
  const info = await probeMedia(mp4Path, ffprobe);
  const s = await stat(mp4Path);
  return { durationSeconds: info.durationSeconds, sizeBytes: s.size };
}

/**
 * Appends `#EXT-X-ENDLIST` to the media playlists under `hlsDir` (index.m3u8, or each variant's in 480p mode).
 * The engine never writes it itself (a dropped publisher may come back within the caller's grace period);
 * the caller calls this once it decides the session has ended. Idempotent.
 */
export async function finalizePlaylist(hlsDir: string): Promise<void> {
  const candidates = [join(hlsDir, 'index.m3u8')];
  const entries = await readdir(hlsDir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) if (e.isDirectory()) candidates.push(join(hlsDir, e.name, 'index.m3u8'));
  for (const file of candidates) {
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text === null || !text.includes('#EXTINF') || text.includes('#EXT-X-ENDLIST')) continue;
    await appendFile(file, text.endsWith('\n') ? '#EXT-X-ENDLIST\n' : '\n#EXT-X-ENDLIST\n');
  }
}

export interface RemuxPlan {
  hlsDir: string;
  recordingPath: string;
  segmentSeconds: number;
  playlistSize: number;
  hasVideo: boolean;
  hasAudio: boolean;
  transcode480p: boolean;
}

/** Names used inside hlsDir in 480p mode: index.m3u8 (master, written by the engine), source/, 480p/. */
export const VARIANT_SOURCE = 'source';
export const VARIANT_480P = '480p';

/**
 * ffmpeg arguments for one publish: FLV on stdin, stream copy into HLS and into the recording part (MPEG-TS) in the
 * same run (two outputs of one process: no tee escaping of caller paths). With `transcode480p` the HLS output has
 * two variants (source copy + libx264 480p) and the engine writes index.m3u8 as the master playlist itself.
 */
export function remuxArgs(plan: RemuxPlan): string[] {
  // -n: never overwrite a recording part (the caller names a fresh one per publish); stdin is the input, so no -nostdin
  const args = ['-hide_banner', '-loglevel', 'error', '-nostats', '-n'];
  args.push('-fflags', '+genpts', '-f', 'flv', '-i', 'pipe:0');
  return [...args, ...outputArgs(plan, 'copy')];
}

/**
 * ffmpeg arguments for a WebRTC (WHIP) publish: an SDP on stdin describing the H.264 and Opus RTP streams the
 * engine forwards to loopback UDP ports; the same HLS and recording outputs as `remuxArgs`, video copied, Opus
 * encoded to AAC (HLS players and the MP4 replay need AAC). ffmpeg reads the SDP until stdin ends; it is stopped
 * with SIGINT (it then flushes the last segment, the playlist and the recording part).
 */
export function rtpRemuxArgs(plan: RemuxPlan): string[] {
  const args = ['-hide_banner', '-loglevel', 'error', '-nostats', '-n'];
  // reorder_queue_size: packets held to put RTP back in order; buffer_size: the UDP receive buffer (a keyframe burst)
  args.push('-protocol_whitelist', 'pipe,udp,rtp', '-reorder_queue_size', '500', '-buffer_size', String(4 * 1024 * 1024));
  args.push('-analyzeduration', '3000000', '-fflags', '+genpts', '-f', 'sdp', '-i', 'pipe:0');
  return [...args, ...outputArgs(plan, 'aac')];
}

/** The HLS output (one rendition, or source + 480p) and the recording part of a publish, from input 0. */
function outputArgs(plan: RemuxPlan, audio: 'copy' | 'aac'): string[] {
  const hlsFlags = [
    'delete_segments', // rolling window: segments leaving the playlist are deleted
    'append_list', // a reconnect into the same hlsDir continues the playlist (sequence numbers, discontinuity)
    'independent_segments',
    'program_date_time',
    'omit_endlist', // no ENDLIST when the publisher drops: the caller decides "ended" (finalizePlaylist)
    'temp_file', // playlist (and segments) written under a temporary name and renamed
  ].join('+');
  const args: string[] = [];
  const maps: string[] = [];
  if (plan.hasVideo) maps.push('-map', '0:v:0');
  if (plan.hasAudio) maps.push('-map', '0:a:0');
  const codecs = audio === 'copy' ? ['-c', 'copy'] : ['-c:v', 'copy', '-c:a', 'aac', '-b:a', '128k'];

  const hls = ['-f', 'hls', '-hls_time', String(plan.segmentSeconds), '-hls_list_size', String(plan.playlistSize)];
  hls.push('-hls_flags', hlsFlags, '-hls_segment_type', 'mpegts');
  if (!plan.transcode480p || !plan.hasVideo) {
    args.push(...maps, ...codecs, ...hls);
    args.push('-hls_segment_filename', join(plan.hlsDir, 'seg_%d.ts'), join(plan.hlsDir, 'index.m3u8'));
  } else {
    // stream 0/1: source copy; 2/3: 480p transcode (video) + audio copy
    args.push(...maps, ...maps);
    args.push('-c:v:0', 'copy', '-c:v:1', 'libx264', '-preset', 'veryfast', '-profile:v:1', 'main', '-level:v:1', '3.1');
    args.push('-filter:v:1', "scale=w=-2:h='min(480,ih)'", '-b:v:1', '1000k', '-maxrate:v:1', '1200k', '-bufsize:v:1', '2000k');
    args.push('-force_key_frames:v:1', `expr:gte(t,n_forced*${plan.segmentSeconds})`, '-sc_threshold:v:1', '0');
    if (plan.hasAudio) args.push(...(audio === 'copy' ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '128k']));
    const map = plan.hasAudio
      ? `v:0,a:0,name:${VARIANT_SOURCE} v:1,a:1,name:${VARIANT_480P}`
      : `v:0,name:${VARIANT_SOURCE} v:1,name:${VARIANT_480P}`;
    args.push(...hls, '-var_stream_map', map);
    args.push('-hls_segment_filename', join(plan.hlsDir, '%v', 'seg_%d.ts'), join(plan.hlsDir, '%v', 'index.m3u8'));
  }
  // the recording part: source streams, copied (WebRTC: Opus as AAC), MPEG-TS (readable up to the last packet after a crash)
  args.push(...maps, ...codecs, '-f', 'mpegts', plan.recordingPath);
  return args;
}

/** The master playlist written as index.m3u8 in 480p mode. */
export function masterPlaylist(source: {
  bandwidth: number;
  width: number | null;
  height: number | null;
  videoCodecs: string | null;
  audioCodecs: string | null;
}): string {
  const codecs = (v: string | null) => [v, source.audioCodecs].filter(Boolean).join(',');
  const res = (w: number | null, h: number | null) => (w && h ? `,RESOLUTION=${w}x${h}` : '');
  // the 480p variant is scaled down to 480 lines, never up
  const h480 = source.height ? Math.min(480, source.height) : 480;
  const w480 = source.width && source.height ? Math.round((source.width * h480) / source.height / 2) * 2 : 854;
  const audioBw = source.audioCodecs ? 128_000 : 0;
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS'];
  const srcCodecs = codecs(source.videoCodecs);
  lines.push(
    `#EXT-X-STREAM-INF:BANDWIDTH=${Math.round(source.bandwidth)}${res(source.width, source.height)}${srcCodecs ? `,CODECS="${srcCodecs}"` : ''}`,
    `${VARIANT_SOURCE}/index.m3u8`,
    `#EXT-X-STREAM-INF:BANDWIDTH=${1_200_000 + audioBw},RESOLUTION=${w480}x${h480},CODECS="${codecs('avc1.4d401f')}"`,
    `${VARIANT_480P}/index.m3u8`,
  );
  return lines.join('\n') + '\n';
}

/** Writes a file atomically (temporary name + rename) so a player never reads half a playlist. */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const tmp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(tmp, text);
  await rename(tmp, path);
}
