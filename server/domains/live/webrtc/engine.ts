/**
 * The WebRTC ingest and playback engine (issue 35) on the main thread: WHIP publishes go through the same
 * `IngestHandlers` as RTMP (authorize → the session's HLS folder and recording part; onStarted/onHealth/onEnded),
 * WHEP viewers are counted like HLS viewers. The media (werift peer connections, RTP relay, ffmpeg) runs in a worker
 * thread (media-worker.ts) so the API's event loop does not carry it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { EndedInfo, IngestHandlers, IngestLogger, PublishAttempt } from '../ingest/types';
import { liveMessages, liveNotices } from '../live.schemas';
import type { FromWorker, MediaSettings, ToWorker, WorkerStats } from './protocol';
import { checkPublishOffer, isPlaybackOffer, readOffer } from './sdp';
import { webrtcMessages } from './webrtc.messages';

/** What the routes answer: the SDP answer and the resource's id, or a status with the text to show. */
export type WebRtcAnswer = { ok: true; id: string; sdp: string } | { ok: false; status: number; message: string };

export interface WebRtcEngineOptions {
  settings: MediaSettings;
  /** WHEP viewers per publish (LIVE_WEBRTC_MAX_VIEWERS). */
  maxViewers: number;
  logger: IngestLogger;
  /** A connected WHEP viewer is noted like a player fetching a playlist (now, then every `viewerNoteMs`). */
  noteViewer: (sessionId: string, viewerKey: string, audience: { eventId: string; key: string }) => void;
  viewerNoteMs?: number;
}

export interface EngineStats extends WorkerStats {
  /** WHEP viewers connected now (main thread's view). */
  connectedViewers: number;
}

interface PublishEntry {
  attempt: PublishAttempt;
  recordingPath: string;
  ffmpegPid: number | null;
}

interface ViewerEntry {
  publishId: string;
  sessionId: string;
  eventId: string;
  viewerKey: string;
  audienceKey: string;
  connected: boolean;
  expiry: NodeJS.Timeout | null;
}

const STOP_TIMEOUT_MS = 20_000;

/** The status a refusal of `authorize` is answered with (the RTMP refusal texts; the plan gate's text is a 403). */
export function refusalStatus(reason: string): number {
  if (reason === liveMessages.unknownKey) return 401;
  if (reason === liveMessages.alreadyLive) return 409;
  if (reason === liveMessages.tooManyStreams || reason === liveNotices.unavailable) return 503;
  return 403;
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url')}`;
}

/**
 * The worker's entry: the TypeScript source through tsx's loader, or the bundled worker of the build this code runs
 * from (a build folder's root holds server/domains/live/webrtc/media-worker.js; this code sits in a chunk at that root
 * or in an entry a folder or two below it).
 */
function workerEntry(): { file: URL; workerData?: { entry: string } } {
  if (import.meta.url.endsWith('.ts')) {
    return { file: new URL('./media-worker-boot.mjs', import.meta.url), workerData: { entry: new URL('./media-worker.ts', import.meta.url).href } };
  }
  let folder = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 3; up++, folder = dirname(folder)) {
    const built = join(folder, 'server', 'domains', 'live', 'webrtc', 'media-worker.js');
    if (existsSync(built)) return { file: new URL(`file://${built}`) };
  }
  throw new Error(`The WebRTC media worker is missing beside ${fileURLToPath(import.meta.url)}: run npm run build:server`);
}

export class WebRtcEngine {
  private worker: Worker | null = null;
  private readonly publishes = new Map<string, PublishEntry>();
  private readonly viewers = new Map<string, ViewerEntry>();
  private readonly pending = new Map<number, (message: FromWorker) => void>();
  private nextReq = 1;
  private noteTimer: NodeJS.Timeout | null = null;
  private stopping = false;

  constructor(
    private readonly options: WebRtcEngineOptions,
    private readonly handlers: IngestHandlers,
  ) {}

  get running(): boolean {
    return this.worker !== null && !this.stopping;
  }

  async start(): Promise<void> {
    if (this.worker) return;
    const entry = workerEntry();
    const worker = new Worker(entry.file, { workerData: entry.workerData, name: 'cuepoint-webrtc' });
    this.worker = worker;
    this.stopping = false;
    worker.on('message', (message: FromWorker) => this.onMessage(message));
    worker.on('error', (error) => this.options.logger.error({ err: error.message }, 'WebRTC media worker failed'));
    worker.on('exit', (code) => this.onWorkerExit(code));
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`WebRTC media worker exited (${code}) before it was ready`));
      worker.once('exit', onExit);
      this.pending.set(0, () => {
        worker.off('exit', onExit);
        resolve();
      });
      this.send({ type: 'init', settings: this.options.settings });
    });
    worker.unref();
    this.noteTimer = setInterval(() => this.noteConnectedViewers(), this.options.viewerNoteMs ?? 10_000);
    this.noteTimer.unref();
  }

  /** Ends every publish (onEnded reason 'shutdown', after ffmpeg flushed) and viewer, then the worker. */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker || this.stopping) return;
    this.stopping = true;
    if (this.noteTimer) clearInterval(this.noteTimer);
    this.noteTimer = null;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.request({ type: 'stop', reqId: 0 }), new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_TIMEOUT_MS)))]);
    clearTimeout(timer);
    await worker.terminate();
  }

  kick(connectionId: string): void {
    if (this.publishes.has(connectionId)) this.send({ type: 'end-publish', id: connectionId, reason: 'kicked' });
  }

  holds(connectionId: string | null | undefined): boolean {
    return !!connectionId && this.publishes.has(connectionId);
  }

  activeConnections(): string[] {
    return [...this.publishes.keys()];
  }

  /** WHIP POST: authorize like an RTMP publish, check the codecs, answer the offer. */
  async publish(input: { streamKey: string; offer: string; remoteAddress: string }): Promise<WebRtcAnswer> {
    if (!this.running) return { ok: false, status: 503, message: liveNotices.unavailable };
    const media = readOffer(input.offer);
    if (!media) return { ok: false, status: 400, message: webrtcMessages.notSdp };
    const attempt: PublishAttempt = { connectionId: newId('whip'), streamKey: input.streamKey, app: 'whip', remoteAddress: input.remoteAddress };
    let decision;
    try {
      decision = await this.handlers.authorize(attempt);
    } catch (error) {
      this.options.logger.error({ err: (error as Error).message }, 'authorize failed');
      decision = { accept: false as const, reason: liveNotices.unavailable };
    }
    if (!decision.accept) {
      this.handlers.onRefused?.(attempt, decision.reason);
      return { ok: false, status: refusalStatus(decision.reason), message: decision.reason };
    }
    const verdict = checkPublishOffer(media);
    if (verdict.refusal) {
      const reason = verdict.refusal === 'video' ? liveMessages.videoCodec : verdict.refusal === 'audio' ? webrtcMessages.audioCodec : webrtcMessages.noMedia;
      this.handlers.onRefused?.(attempt, reason);
      return { ok: false, status: 400, message: reason };
    }
    if (!this.running) {
      this.handlers.onRefused?.(attempt, liveNotices.unavailable);
      return { ok: false, status: 503, message: liveNotices.unavailable };
    }
    this.publishes.set(attempt.connectionId, { attempt, recordingPath: decision.recordingPath, ffmpegPid: null });
    const reply = await this.request({ type: 'publish', reqId: 0, id: attempt.connectionId, offer: input.offer, hlsDir: decision.hlsDir, recordingPath: decision.recordingPath });
    if (reply.type === 'answer') {
      this.options.logger.info({ connectionId: attempt.connectionId, remoteAddress: attempt.remoteAddress }, 'WHIP publish answered');
      return { ok: true, id: attempt.connectionId, sdp: reply.sdp };
    }
    this.publishes.delete(attempt.connectionId);
    const noPort = reply.type === 'failed' && reply.reason === 'no-port';
    const message = noPort ? webrtcMessages.noUdpPort : webrtcMessages.negotiationFailed;
    this.handlers.onRefused?.(attempt, message);
    return { ok: false, status: noPort ? 503 : 400, message };
  }

  /** WHIP DELETE: the publisher ends the stream on purpose, so the session ends at once (no reconnect grace). */
  endPublish(id: string, streamKey: string): boolean {
    const entry = this.publishes.get(id);
    if (!entry || entry.attempt.streamKey !== streamKey) return false;
    this.send({ type: 'end-publish', id, reason: 'stopped' });
    return true;
  }

  viewersOf(publishId: string): number {
    let n = 0;
    for (const v of this.viewers.values()) if (v.publishId === publishId) n++;
    return n;
  }

  /** WHEP POST for a publish held here (the route checked the token): a sendonly peer connection relaying it. */
  async view(input: {
    publishId: string;
    sessionId: string;
    eventId: string;
    viewerKey: string;
    audienceKey: string;
    /** The playback token's expiry (ms): the viewer's connection is closed then. Null: no token (free event). */
    expiresAtMs: number | null;
    offer: string;
  }): Promise<WebRtcAnswer> {
    if (!this.running || !this.publishes.has(input.publishId)) return { ok: false, status: 503, message: webrtcMessages.notHere };
    const media = readOffer(input.offer);
    if (!media || !isPlaybackOffer(media)) return { ok: false, status: 400, message: webrtcMessages.notPlaybackSdp };
    if (this.viewersOf(input.publishId) >= this.options.maxViewers) return { ok: false, status: 503, message: webrtcMessages.tooManyViewers };
    const viewerId = newId('whep');
    const entry: ViewerEntry = { publishId: input.publishId, sessionId: input.sessionId, eventId: input.eventId, viewerKey: input.viewerKey, audienceKey: input.audienceKey, connected: false, expiry: null };
    this.viewers.set(viewerId, entry);
    const reply = await this.request({ type: 'view', reqId: 0, viewerId, publishId: input.publishId, offer: input.offer });
    if (reply.type !== 'answer') {
      this.dropViewer(viewerId);
      if (reply.type === 'failed' && reply.reason === 'no-port') return { ok: false, status: 503, message: webrtcMessages.noUdpPort };
      if (reply.type === 'failed' && reply.reason === 'gone') return { ok: false, status: 404, message: webrtcMessages.notLive };
      return { ok: false, status: 400, message: webrtcMessages.negotiationFailed };
    }
    if (!this.viewers.has(viewerId)) return { ok: false, status: 404, message: webrtcMessages.notLive };
    if (input.expiresAtMs !== null) {
      entry.expiry = setTimeout(() => this.endView(viewerId), Math.max(0, input.expiresAtMs - Date.now()));
      entry.expiry.unref();
    }
    return { ok: true, id: viewerId, sdp: reply.sdp };
  }

  /** WHEP DELETE (or the token's expiry): the viewer's connection closes. */
  endView(viewerId: string): boolean {
    if (!this.viewers.has(viewerId)) return false;
    this.send({ type: 'end-view', viewerId });
    this.dropViewer(viewerId);
    return true;
  }

  /** Figures for a benchmark: the worker's event loop, the process CPU, publishers and viewers. */
  async stats(): Promise<EngineStats | null> {
    if (!this.running) return null;
    const reply = await this.request({ type: 'stats', reqId: 0 });
    if (reply.type !== 'stats') return null;
    let connected = 0;
    for (const v of this.viewers.values()) if (v.connected) connected++;
    return { ...reply.stats, connectedViewers: connected };
  }

  // ---- worker messages ----

  private send(message: ToWorker): void {
    this.worker?.postMessage(message);
  }

  private request(message: Extract<ToWorker, { reqId: number }>): Promise<FromWorker> {
    const reqId = this.nextReq++;
    return new Promise((resolve) => {
      this.pending.set(reqId, resolve);
      this.send({ ...message, reqId });
    });
  }

  private onMessage(message: FromWorker): void {
    switch (message.type) {
      case 'ready':
        this.settle(0, message);
        return;
      case 'answer':
      case 'failed':
      case 'stats':
      case 'stopped':
        this.settle(message.reqId, message);
        return;
      case 'started': {
        const entry = this.publishes.get(message.id);
        if (!entry) return;
        entry.ffmpegPid = message.pid;
        this.call(() => this.handlers.onStarted?.(message.id));
        return;
      }
      case 'health':
        if (this.publishes.has(message.id)) this.call(() => this.handlers.onHealth?.(message.id, message.health));
        return;
      case 'ended':
        this.ended(message.id, message.info);
        return;
      case 'viewer': {
        const entry = this.viewers.get(message.viewerId);
        if (!entry) return;
        if (message.state === 'closed') {
          this.dropViewer(message.viewerId);
          return;
        }
        entry.connected = true;
        this.note(entry);
        return;
      }
      case 'log':
        this.options.logger[message.level](message.obj, message.msg);
        return;
    }
  }

  private settle(reqId: number, message: FromWorker): void {
    const resolve = this.pending.get(reqId);
    this.pending.delete(reqId);
    resolve?.(message);
  }

  private ended(id: string, info: EndedInfo): void {
    if (!this.publishes.delete(id)) return;
    for (const [viewerId, viewer] of this.viewers) if (viewer.publishId === id) this.dropViewer(viewerId);
    this.options.logger.info({ connectionId: id, reason: info.reason }, 'WHIP publish ended');
    this.call(() => this.handlers.onEnded?.(id, info));
  }

  /** The worker died: its ffmpegs are stopped (SIGINT: they flush) and every publish ends with an error. */
  private onWorkerExit(code: number): void {
    const wasStopping = this.stopping;
    this.worker = null;
    if (this.noteTimer) clearInterval(this.noteTimer);
    this.noteTimer = null;
    for (const [reqId, resolve] of this.pending) {
      resolve({ type: 'failed', reqId, reason: 'gone', message: 'the media worker stopped' });
    }
    this.pending.clear();
    if (!wasStopping) this.options.logger.error({ code }, 'WebRTC media worker exited');
    for (const [id, entry] of [...this.publishes]) {
      if (entry.ffmpegPid) {
        try {
          process.kill(entry.ffmpegPid, 'SIGINT');
        } catch {
          // already gone
        }
      }
      this.ended(id, { reason: wasStopping ? 'shutdown' : 'error', recordingPath: entry.recordingPath, started: entry.ffmpegPid !== null, error: 'the WebRTC media worker stopped' });
    }
    for (const viewerId of [...this.viewers.keys()]) this.dropViewer(viewerId);
    this.stopping = false;
  }

  private dropViewer(viewerId: string): void {
    const entry = this.viewers.get(viewerId);
    if (!entry) return;
    if (entry.expiry) clearTimeout(entry.expiry);
    this.viewers.delete(viewerId);
  }

  private note(entry: ViewerEntry): void {
    this.call(() => this.options.noteViewer(entry.sessionId, entry.viewerKey, { eventId: entry.eventId, key: entry.audienceKey }));
  }

  private noteConnectedViewers(): void {
    for (const entry of this.viewers.values()) if (entry.connected) this.note(entry);
  }

  private call(fn: () => void): void {
    try {
      fn();
    } catch (error) {
      this.options.logger.error({ err: (error as Error)?.message ?? String(error) }, 'WebRTC handler threw');
    }
  }
}
