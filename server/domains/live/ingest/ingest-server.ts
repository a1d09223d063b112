/**
 * Live-video ingest engine: one RTMP listener for every creator (rtmp://host:port/live/{streamKey}), an
 * authorization callback per publish, and for an accepted publisher one ffmpeg process that remuxes (stream copy)
 * the FLV it is fed on stdin into a rolling HLS playlist and, in the same run, a recording part (MPEG-TS).
 *
 * Why our own RTMP server rather than node-media-server 4.x (checked: 4.4.3):
 * - it keeps its configuration, sessions and event emitter in a process-wide `Context` singleton, so two engines
 *   (tests, or a restart inside one process) share state;
 * - it ignores port 0 (`if (config.rtmp?.port)`), calls `process.exit(1)` when the port is taken, and opens a JSON
 *   store under ./data plus an express/JWT HTTP server and a record server we do not want;
 * - `prePublish` is emitted synchronously, so an async authorize cannot hold the publish (only drop it after the
 *   fact), and its packets go to a broadcast fan-out without a backpressure hook towards a consumer.
 * A publisher only needs a small part of RTMP (handshake, chunk streams, AMF0 connect/createStream/publish, audio/
 * video/data messages): ~500 lines here (rtmp-connection.ts, handshake.ts, amf0.ts), no dependency, tested
 * with ffmpeg's RTMP client (and speaking the same handshake OBS/librtmp use).
 *
 * ffmpeg behaviour (Debian 5.1) this relies on, checked by tests/integration/live-ingest.test.ts:
 * - `-hls_flags append_list` on an existing index.m3u8 keeps its segments, continues the sequence numbers (segment
 *   files seg_<n>.ts are never reused) and puts `#EXT-X-DISCONTINUITY` before the new run's first segment.
 * - ffmpeg writes `#EXT-X-ENDLIST` when its input ends unless `omit_endlist` is set; we set it, since a dropped
 *   publisher may reconnect and the caller decides "ended" after its grace period (then `finalizePlaylist`).
 * - end of stdin = clean end: the last segment, the playlist and the MPEG-TS part are flushed before exit.
 * - delete_segments keeps one segment past the playlist window (hls_delete_threshold 1) for players still fetching it.
 *
 * Cost, measured on the 2-core dev machine (720p30 H.264 2.5 Mbit/s + AAC, 20 s): this Node side 0.38 s CPU (1.9% of
 * a core), the copy remux to HLS + recording in ffmpeg about 1% more. transcode480p adds a libx264 encode (~20%).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { dirname, join } from 'node:path';
import type { Amf0Object } from './amf0';
import { decodeAmf0 } from './amf0';
import { masterPlaylist, remuxArgs, TailBuffer, writeFileAtomic } from './ffmpeg';
import {
  aacCodecs,
  audioCodecName,
  FLV_AUDIO_AAC,
  FLV_AUDIO_MP3,
  FLV_TAG_AUDIO,
  FLV_TAG_SCRIPT,
  FLV_TAG_VIDEO,
  FLV_VIDEO_H264,
  fillTagFraming,
  flvHeader,
  metadataCodecId,
  parseAvcConfig,
  videoCodecName,
} from './flv';
import { type MediaType, RtmpConnection } from './rtmp-connection';
import type {
  EndedInfo,
  IngestHandlers,
  IngestLogger,
  IngestOptions,
  IngestServer,
  PublishAttempt,
  PublishDecision,
  StreamHealth,
} from './types';

export const REFUSE_VIDEO = 'Use H.264 video';
export const REFUSE_AUDIO = 'Use AAC or MP3 audio';
export const REFUSE_APP = 'Unknown application';
export const REFUSE_DUPLICATE = 'This stream key is already live';

/** The application name in rtmp://host/{app}/{key}. */
const APP = 'live';
/** From connect to a publish command. */
const PUBLISH_DEADLINE_MS = 15_000;
/** No bytes from a publisher for this long ends it. */
const IDLE_TIMEOUT_MS = 30_000;
/** Media held while codecs are checked, before ffmpeg runs. */
const MAX_PENDING_BYTES = 8 * 1024 * 1024;
/** Wait this long after the first media for the other kind (audio/video) before starting without it. */
const CODEC_WAIT_MS = 3_000;
/** ffmpeg's stdin backlog above which the socket is paused (TCP pushes back on the encoder). */
const STDIN_HIGH_WATER = 4 * 1024 * 1024;
/** After stdin ended, ffmpeg gets this long to flush before SIGKILL. */
const FFMPEG_EXIT_GRACE_MS = 15_000;
const HEALTH_INTERVAL_MS = 2_000;
const HEALTH_WINDOW_SAMPLES = 3;
const KEYFRAMES_KEPT = 6;

const silentLogger: IngestLogger = { info() {}, warn() {}, error() {} };

/** At most the first 9 characters of a stream key, and never more than half of it. */
export function keyHint(key: string): string {
  return `${key.slice(0, Math.min(9, Math.floor(key.length / 2)))}…`;
}

type Phase = 'connecting' | 'authorizing' | 'refused' | 'gating' | 'running' | 'ending' | 'done';

interface Sample {
  at: number;
  bytes: number;
  frames: number;
  videoTs: number;
}

class Publish {
  phase: Phase = 'connecting';
  readonly rtmp: RtmpConnection;
  attempt: PublishAttempt | null = null;
  hlsDir = '';
  recordingPath = '';
  accepted = false;
  ffmpeg: ChildProcess | null = null;
  readonly stderr = new TailBuffer(4096);
  endReason: EndedInfo['reason'] | null = null;
  ffmpegFailed = false;
  readonly done: Promise<void>;
  private resolveDone!: () => void;
  private timers: NodeJS.Timeout[] = [];

  // codec gate
  videoId: number | null = null;
  audioId: number | null = null;
  metadata: Amf0Object | null = null;
  pending: { type: MediaType; ts: number; payload: Buffer }[] = [];
  pendingBytes = 0;
  firstMediaAt = 0;

  // health
  bytesIn = 0;
  frames = 0;
  lastVideoTs = 0;
  readonly keyframes: number[] = [];
  width: number | null = null;
  height: number | null = null;
  videoCodecs: string | null = null;
  audioCodecs: string | null = null;
  startedAt = 0;
  readonly samples: Sample[] = [];
  paused = false;

  constructor(
    readonly id: string,
    readonly socket: Socket,
    readonly engine: Engine,
  ) {
    this.done = new Promise((r) => (this.resolveDone = r));
    this.rtmp = new RtmpConnection(socket, {
      onPublish: (app, name) => engine.onPublish(this, app, name),
      onMedia: (type, ts, payload) => this.onMedia(type, ts, payload),
      onUnpublish: () => this.socket.end(),
      onProtocolError: (message) => {
        engine.log.warn({ connectionId: id, err: message }, 'RTMP protocol error');
        this.socket.destroy();
      },
    });
  }

  timer(ms: number, fn: () => void): void {
    const t = setTimeout(fn, ms);
    t.unref();
    this.timers.push(t);
  }

  clearTimers(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
  }

  settle(): void {
    this.phase = 'done';
    this.clearTimers();
    this.pending = [];
    this.resolveDone();
  }

  // ---- media ----

  onMedia(type: MediaType, ts: number, payload: Buffer): void {
    if (this.phase === 'running') {
      if (type === FLV_TAG_VIDEO) this.trackVideo(ts, payload);
      else if (type === FLV_TAG_AUDIO) this.trackAudio(payload);
      else if (type === FLV_TAG_SCRIPT) {
        const meta = this.scriptPayload(payload);
        if (!meta) return;
        payload = meta;
      }
      this.writeTag(type, ts, payload);
      return;
    }
    if (this.phase !== 'gating') return;
    if (type === FLV_TAG_SCRIPT) {
      const meta = this.scriptPayload(payload);
      if (!meta) return;
      payload = meta;
      if (!this.checkMetadata(meta)) return;
    } else if (type === FLV_TAG_VIDEO) {
      if (payload.length < 1) return;
      if (this.videoId === null) {
        const id = payload[0]! & 0x80 ? -1 : payload[0]! & 0x0f; // 0x80: enhanced RTMP (HEVC, AV1, ...)
        this.videoId = id;
        if (id !== FLV_VIDEO_H264) return this.engine.refuseAccepted(this, REFUSE_VIDEO);
      }
      this.trackVideo(ts, payload);
    } else if (type === FLV_TAG_AUDIO) {
      if (payload.length < 1) return;
      if (this.audioId === null) {
        const id = payload[0]! >>> 4;
        this.audioId = id;
        if (id !== FLV_AUDIO_AAC && id !== FLV_AUDIO_MP3) return this.engine.refuseAccepted(this, REFUSE_AUDIO);
      }
      this.trackAudio(payload);
    }
    this.pending.push({ type, ts, payload });
    this.pendingBytes += payload.length;
    if (this.firstMediaAt === 0 && type !== FLV_TAG_SCRIPT) {
      this.firstMediaAt = Date.now();
      this.timer(CODEC_WAIT_MS, () => {
        if (this.phase === 'gating') this.maybeStart(true);
      });
    }
    this.maybeStart(this.pendingBytes > MAX_PENDING_BYTES);
  }

  /** `@setDataFrame` + onMetaData → the onMetaData script tag; other data messages are dropped. */
  private scriptPayload(payload: Buffer): Buffer | null {
    // AMF0 string '@setDataFrame': marker 0x02, length 13, 13 bytes
    if (payload.length > 16 && payload[0] === 0x02 && payload.readUInt16BE(1) === 13) {
      if (payload.toString('latin1', 3, 16) !== '@setDataFrame') return null;
      payload = payload.subarray(16);
    }
    if (payload.length > 13 && payload[0] === 0x02 && payload.readUInt16BE(1) === 10) {
      if (payload.toString('latin1', 3, 13) === 'onMetaData') return payload;
    }
    return null;
  }

  private checkMetadata(meta: Buffer): boolean {
    let obj: Amf0Object | null = null;
    try {
      const values = decodeAmf0(meta);
      const v = values[1];
      if (v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)) obj = v as Amf0Object;
    } catch {
      return true;
    }
    if (!obj) return true;
    this.metadata = obj;
    const video = metadataCodecId(obj.videocodecid, 'video');
    const audio = metadataCodecId(obj.audiocodecid, 'audio');
    if (video !== null && video !== FLV_VIDEO_H264) {
      this.engine.refuseAccepted(this, REFUSE_VIDEO);
      return false;
    }
    if (audio !== null && audio !== FLV_AUDIO_AAC && audio !== FLV_AUDIO_MP3) {
      this.engine.refuseAccepted(this, REFUSE_AUDIO);
      return false;
    }
    if (typeof obj.width === 'number' && obj.width > 0) this.width = Math.round(obj.width);
    if (typeof obj.height === 'number' && obj.height > 0) this.height = Math.round(obj.height);
    return true;
  }

  /** Expecting video/audio: seen in a tag, or announced by onMetaData (when it names codecs at all). */
  private maybeStart(force: boolean): void {
    const meta = this.metadata;
    const metaKnown = meta !== null && ('videocodecid' in meta || 'audiocodecid' in meta);
    const wantVideo = metaKnown ? 'videocodecid' in meta! : true;
    const wantAudio = metaKnown ? 'audiocodecid' in meta! : true;
    const ready = (!wantVideo || this.videoId !== null) && (!wantAudio || this.audioId !== null);
    if (!ready && !force) return;
    if (this.videoId === null && this.audioId === null) {
      if (force) this.engine.failBeforeStart(this, 'No audio or video arrived');
      return;
    }
    this.engine.startFfmpeg(this);
  }

  trackVideo(ts: number, payload: Buffer): void {
    if (payload.length < 2) return;
    const first = payload[0]!;
    if ((first & 0x0f) === FLV_VIDEO_H264 && payload[1] === 0) {
      // AVC sequence header: picture size and codec string
      const info = parseAvcConfig(payload.subarray(5));
      if (info) {
        this.width = info.width;
        this.height = info.height;
        this.videoCodecs = info.codecs;
      }
      return;
    }
    this.frames++;
    this.lastVideoTs = ts;
    if (first >>> 4 === 1) {
      const k = this.keyframes;
      if (k.length === 0 || k[k.length - 1] !== ts) {
        if (k.length >= KEYFRAMES_KEPT) k.shift();
        k.push(ts);
      }
    }
  }

  trackAudio(payload: Buffer): void {
    if (this.audioCodecs === null && payload.length > 2 && payload[0]! >>> 4 === FLV_AUDIO_AAC && payload[1] === 0) {
      this.audioCodecs = aacCodecs(payload.subarray(2));
    } else if (this.audioCodecs === null && payload[0]! >>> 4 === FLV_AUDIO_MP3) {
      this.audioCodecs = 'mp4a.40.34';
    }
  }

  writeTag(type: number, ts: number, payload: Buffer): void {
    const stdin = this.ffmpeg?.stdin;
    if (!stdin || stdin.destroyed || !stdin.writable) return;
    // one buffer per tag (header + payload + PreviousTagSize): a copy of a few hundred KB/s is cheaper than
    // three writes; the socket's reads are corked so each read becomes one writev to ffmpeg
    const tag = Buffer.allocUnsafe(payload.length + 15);
    fillTagFraming(tag, type, payload.length, ts);
    tag.writeUInt32BE(payload.length + 11, payload.length + 11);
    payload.copy(tag, 11);
    stdin.write(tag);
  }

  health(now: number): StreamHealth {
    const s = this.samples;
    s.push({ at: now, bytes: this.bytesIn, frames: this.frames, videoTs: this.lastVideoTs });
    if (s.length > HEALTH_WINDOW_SAMPLES + 1) s.shift();
    const oldest = s[0]!;
    let bitrateKbps: number | null = null;
    let frameRate: number | null = null;
    if (s.length > 1 && now > oldest.at) {
      bitrateKbps = Math.round(((this.bytesIn - oldest.bytes) * 8) / (now - oldest.at));
      const frames = this.frames - oldest.frames;
      const span = this.lastVideoTs - oldest.videoTs;
      if (frames > 1 && span > 0) frameRate = Math.round((frames * 1000 * 100) / span) / 100;
    }
    if (frameRate === null && this.metadata && typeof this.metadata.framerate === 'number') {
      frameRate = this.metadata.framerate;
    }
    const k = this.keyframes;
    const keyframeIntervalSeconds = k.length > 1 ? Math.round((k[k.length - 1]! - k[0]!) / (k.length - 1)) / 1000 : null;
    return {
      videoCodec: this.videoId === null ? null : videoCodecName(this.videoId),
      audioCodec: this.audioId === null ? null : audioCodecName(this.audioId),
      width: this.width,
      height: this.height,
      frameRate,
      bitrateKbps,
      keyframeIntervalSeconds,
      uptimeSeconds: Math.round((now - this.startedAt) / 100) / 10,
    };
  }
}

class Engine implements IngestServer {
  readonly log: IngestLogger;
  private server: Server | null = null;
  private readonly publishes = new Map<string, Publish>();
  /** stream key → connection id, from the publish command until the end (duplicate check). */
  private readonly liveKeys = new Map<string, string>();
  private healthTimer: NodeJS.Timeout | null = null;
  private stopping = false;
  private readonly ffmpegPath: string;
  private readonly segmentSeconds: number;
  private readonly playlistSize: number;

  constructor(
    private readonly options: IngestOptions,
    private readonly handlers: IngestHandlers,
  ) {
    this.log = options.logger ?? silentLogger;
    this.ffmpegPath = options.ffmpegPath || 'ffmpeg';
    this.segmentSeconds = options.segmentSeconds ?? 2;
    this.playlistSize = options.playlistSize ?? 6;
  }

  // ---- IngestServer ----

  start(): Promise<{ port: number }> {
    if (this.server) return Promise.reject(new Error('Ingest server already started'));
    this.stopping = false;
    const server = createServer({ noDelay: true }, (socket) => this.onSocket(socket));
    server.maxConnections = this.options.maxConnections ?? 500;
    this.server = server;
    return new Promise((resolve, reject) => {
      const onError = (err: Error) => {
        this.server = null;
        reject(err);
      };
      server.once('error', onError);
      server.listen(this.options.port, this.options.host, () => {
        server.off('error', onError);
        server.on('error', (err) => this.log.error({ err: err.message }, 'RTMP listener error'));
        const port = (server.address() as AddressInfo).port;
        this.healthTimer = setInterval(() => this.emitHealth(), HEALTH_INTERVAL_MS);
        this.healthTimer.unref();
        this.log.info({ host: this.options.host, port }, 'RTMP ingest listening');
        resolve({ port });
      });
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const server = this.server;
    this.server = null;
    if (this.healthTimer) clearInterval(this.healthTimer);
    this.healthTimer = null;
    const closed = server ? new Promise<void>((r) => server.close(() => r())) : Promise.resolve();
    const all = [...this.publishes.values()];
    for (const p of all) this.end(p, 'shutdown');
    await Promise.all(all.map((p) => p.done));
    await closed;
  }

  kick(connectionId: string): void {
    const p = this.publishes.get(connectionId);
    if (p) this.end(p, 'kicked');
  }

  activeConnections(): string[] {
    const ids: string[] = [];
    for (const p of this.publishes.values()) {
      if (p.phase === 'authorizing' || p.phase === 'gating' || p.phase === 'running') ids.push(p.id);
    }
    return ids;
  }

  // ---- connections ----

  private onSocket(socket: Socket): void {
    if (this.stopping) {
      socket.destroy();
      return;
    }
    const id = `rtmp_${randomBytes(9).toString('base64url')}`;
    const p = new Publish(id, socket, this);
    this.publishes.set(id, p);
    socket.setTimeout(IDLE_TIMEOUT_MS);
    socket.on('timeout', () => {
      this.log.warn({ connectionId: id }, 'RTMP connection idle, closing');
      socket.destroy();
    });
    p.timer(PUBLISH_DEADLINE_MS, () => {
      if (p.phase === 'connecting') {
        this.log.info({ connectionId: id }, 'RTMP connection did not publish in time');
        socket.destroy();
      }
    });
    socket.on('data', (data: Buffer) => {
      p.bytesIn += data.length;
      const stdin = p.phase === 'running' ? p.ffmpeg?.stdin : null;
      if (stdin) {
        stdin.cork();
        p.rtmp.feed(data);
        stdin.uncork();
        if (stdin.writableLength > STDIN_HIGH_WATER && !p.paused) {
          p.paused = true;
          socket.pause();
          this.log.warn({ connectionId: id, backlog: stdin.writableLength }, 'ffmpeg is behind; pausing the publisher');
          stdin.once('drain', () => {
            p.paused = false;
            if (!socket.destroyed) socket.resume();
          });
        }
      } else {
        p.rtmp.feed(data);
      }
    });
    socket.on('error', (err) => {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ECONNRESET' && code !== 'EPIPE') this.log.warn({ connectionId: id, err: err.message }, 'RTMP socket error');
    });
    socket.on('close', () => this.end(p, 'publisher-left'));
  }

  onPublish(p: Publish, app: string, name: string): void {
    if (p.phase !== 'connecting') return;
    const streamKey = name.split('?')[0]!.trim();
    const attempt: PublishAttempt = { connectionId: p.id, streamKey, app, remoteAddress: p.socket.remoteAddress ?? '' };
    p.attempt = attempt;
    if (app !== APP) return this.refuse(p, REFUSE_APP);
    if (!streamKey) return this.refuse(p, 'Missing stream key');
    if (this.liveKeys.has(streamKey)) return this.refuse(p, REFUSE_DUPLICATE);
    this.liveKeys.set(streamKey, p.id);
    p.phase = 'authorizing';
    this.log.info({ connectionId: p.id, key: keyHint(streamKey), remoteAddress: attempt.remoteAddress }, 'RTMP publish requested');
    Promise.resolve()
      .then(() => this.handlers.authorize(attempt))
      .then(
        (decision) => this.onDecision(p, decision),
        (err: unknown) => {
          this.log.error({ connectionId: p.id, err: (err as Error)?.message ?? String(err) }, 'authorize failed');
          this.onDecision(p, { accept: false, reason: 'Publishing is unavailable right now' });
        },
      );
  }

  private onDecision(p: Publish, decision: PublishDecision): void {
    if (!decision.accept) {
      if (p.phase === 'authorizing') {
        this.refuse(p, decision.reason || 'Publishing refused');
      } else {
        // the publisher left while authorize ran: nothing to tell anyone
        this.releaseKey(p);
        this.publishes.delete(p.id);
        p.settle();
      }
      return;
    }
    p.accepted = true;
    p.hlsDir = decision.hlsDir;
    p.recordingPath = decision.recordingPath;
    if (p.phase !== 'authorizing') {
      // the publisher left (or was kicked / shut down) while authorize ran
      this.emitEnded(p, p.endReason ?? 'publisher-left', false);
      return;
    }
    p.phase = 'gating';
    p.rtmp.accept();
  }

  /** Refusal before anything was written (authorize said no, unknown app, duplicate key). */
  private refuse(p: Publish, reason: string): void {
    const wasReserved = p.phase === 'authorizing';
    p.phase = 'refused';
    if (wasReserved) this.releaseKey(p);
    this.log.info({ connectionId: p.id, key: p.attempt ? keyHint(p.attempt.streamKey) : undefined, reason }, 'RTMP publish refused');
    p.rtmp.refuse(reason);
    this.closeSoon(p.socket);
    if (p.attempt) this.call(() => this.handlers.onRefused?.(p.attempt!, reason));
  }

  /** Codec refusal after authorize accepted: nothing was written yet (ffmpeg starts after the codec check). */
  refuseAccepted(p: Publish, reason: string): void {
    if (p.phase !== 'gating') return;
    p.pending = [];
    this.refuse(p, reason);
    this.releaseKey(p);
  }

  failBeforeStart(p: Publish, message: string): void {
    this.log.warn({ connectionId: p.id, err: message }, 'publish could not start');
    this.end(p, 'error');
  }

  private closeSoon(socket: Socket): void {
    socket.end();
    const t = setTimeout(() => socket.destroy(), 1000);
    t.unref();
  }

  private releaseKey(p: Publish): void {
    const key = p.attempt?.streamKey;
    if (key !== undefined && this.liveKeys.get(key) === p.id) this.liveKeys.delete(key);
  }

  // ---- ffmpeg ----

  startFfmpeg(p: Publish): void {
    if (p.phase !== 'gating') return;
    const hasVideo = p.videoId !== null;
    const hasAudio = p.audioId !== null;
    const transcode = !!this.options.transcode480p && hasVideo;
    const args = remuxArgs({
      hlsDir: p.hlsDir,
      recordingPath: p.recordingPath,
      segmentSeconds: this.segmentSeconds,
      playlistSize: this.playlistSize,
      hasVideo,
      hasAudio,
      transcode480p: transcode,
    });
    let child: ChildProcess;
    try {
      // directories only now, after the codec check: a refused publish writes nothing
      mkdirSync(p.hlsDir, { recursive: true });
      mkdirSync(dirname(p.recordingPath), { recursive: true });
      if (transcode) void this.writeMaster(p);
      child = spawn(this.ffmpegPath, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    } catch (err) {
      this.log.error({ connectionId: p.id, err: (err as Error).message }, 'ffmpeg could not be started');
      this.end(p, 'error');
      return;
    }
    p.ffmpeg = child;
    p.phase = 'running';
    p.startedAt = Date.now();
    child.stderr!.on('data', (d: Buffer) => p.stderr.push(d));
    child.stdin!.on('error', () => {}); // EPIPE when ffmpeg died: reported by 'close'
    child.once('error', (err) => {
      p.stderr.push(Buffer.from(String(err.message)));
      this.log.error({ connectionId: p.id, err: err.message }, 'ffmpeg could not be started');
    });
    child.once('close', (code, signal) => this.onFfmpegExit(p, code, signal));

    const stdin = child.stdin!;
    stdin.cork();
    stdin.write(flvHeader(hasAudio, hasVideo));
    for (const m of p.pending) p.writeTag(m.type, m.ts, m.payload);
    stdin.uncork();
    p.pending = [];
    p.pendingBytes = 0;
    child.once('spawn', () => {
      if (p.phase !== 'running') return;
      this.log.info({ connectionId: p.id, video: hasVideo, audio: hasAudio, transcode480p: transcode }, 'ffmpeg started');
      this.call(() => this.handlers.onStarted?.(p.id));
    });
  }

  private async writeMaster(p: Publish): Promise<void> {
    const meta = p.metadata;
    const kbps =
      (typeof meta?.videodatarate === 'number' ? meta.videodatarate : 0) +
      (typeof meta?.audiodatarate === 'number' ? meta.audiodatarate : 0);
    try {
      await writeFileAtomic(
        join(p.hlsDir, 'index.m3u8'),
        masterPlaylist({
          bandwidth: kbps > 0 ? kbps * 1000 * 1.1 : 3_000_000,
          width: p.width,
          height: p.height,
          videoCodecs: p.videoCodecs,
          audioCodecs: p.audioId === null ? null : p.audioCodecs,
        }),
      );
    } catch (err) {
      this.log.error({ connectionId: p.id, err: (err as Error).message }, 'cannot write the master playlist');
    }
  }

  private onFfmpegExit(p: Publish, code: number | null, signal: NodeJS.Signals | null): void {
    if (p.endReason === null) {
      p.ffmpegFailed = true;
      this.log.error({ connectionId: p.id, code, signal, stderr: p.stderr.text().slice(-1000) }, 'ffmpeg exited during a publish');
      p.endReason = 'error';
      p.phase = 'ending';
      p.socket.destroy();
    } else if (code !== 0) {
      this.log.warn({ connectionId: p.id, code, signal, stderr: p.stderr.text().slice(-1000) }, 'ffmpeg exited with an error');
    }
    this.emitEnded(p, p.endReason, true);
  }

  /** Ends a connection whatever its phase; the first reason wins. */
  private end(p: Publish, reason: EndedInfo['reason']): void {
    if (p.phase === 'done') return;
    if (p.endReason === null) p.endReason = reason;
    if (!p.socket.destroyed) p.socket.destroy();
    p.rtmp.close();
    switch (p.phase) {
      case 'connecting':
      case 'refused':
        this.publishes.delete(p.id);
        p.settle();
        return;
      case 'authorizing':
        // onDecision finishes it (onEnded if accepted)
        p.phase = 'ending';
        return;
      case 'gating':
        this.emitEnded(p, p.endReason, false);
        return;
      case 'running': {
        p.phase = 'ending';
        const child = p.ffmpeg!;
        child.stdin?.end();
        p.timer(FFMPEG_EXIT_GRACE_MS, () => {
          if (child.exitCode === null && child.signalCode === null) {
            this.log.warn({ connectionId: p.id }, 'ffmpeg did not exit after its input ended; killing it');
            child.kill('SIGKILL');
          }
        });
        return;
      }
      case 'ending':
        return;
    }
  }

  private emitEnded(p: Publish, reason: EndedInfo['reason'], started: boolean): void {
    if (p.phase === 'done') return;
    this.releaseKey(p);
    this.publishes.delete(p.id);
    p.settle();
    if (!p.socket.destroyed) p.socket.destroy();
    const info: EndedInfo = { reason, recordingPath: p.recordingPath, started };
    if (p.ffmpegFailed) info.error = p.stderr.text().slice(-1000);
    this.log.info({ connectionId: p.id, reason }, 'RTMP publish ended');
    this.call(() => this.handlers.onEnded?.(p.id, info));
  }

  private emitHealth(): void {
    const now = Date.now();
    for (const p of this.publishes.values()) {
      if (p.phase !== 'running') continue;
      const h = p.health(now);
      this.call(() => this.handlers.onHealth?.(p.id, h));
    }
  }

  private call(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.log.error({ err: (err as Error)?.message ?? String(err) }, 'ingest handler threw');
    }
  }
}

export function createIngestServer(options: IngestOptions, handlers: IngestHandlers): IngestServer {
  return new Engine(options, handlers);
}
