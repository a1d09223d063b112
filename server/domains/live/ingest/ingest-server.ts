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
import { remuxArgs, writeFileAtomic } from './ffmpeg';
import { flvHeader } from './flv';
import { Publish } from './publish';
import type { EndedInfo, IngestHandlers, IngestLogger, IngestOptions, IngestServer, PublishAttempt, PublishDecision } from './types';

export const REFUSE_APP = 'Unknown application';
export const REFUSE_DUPLICATE = 'This stream key is already live';

/** The application name in rtmp://host/{app}/{key}. */
const APP = 'live';
/** From connect to a publish command. */
const PUBLISH_DEADLINE_MS = 15_000;
/** No bytes from a publisher for this long ends it. */
const IDLE_TIMEOUT_MS = 30_000;
/** After stdin ended, ffmpeg gets this long to flush before SIGKILL. */
const FFMPEG_EXIT_GRACE_MS = 15_000;
const HEALTH_INTERVAL_MS = 2_000;

const silentLogger: IngestLogger = { info() {}, warn() {}, error() {} };

/** At most the first 9 characters of a stream key, and never more than half of it. */
export function keyHint(key: string): string {
  return `${key.slice(0, Math.min(9, Math.floor(key.length / 2)))}…`;
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
    socket.on('data', (data: Buffer) => p.onData(data));
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
    try {
      await writeFileAtomic(join(p.hlsDir, 'index.m3u8'), p.masterPlaylist());
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
