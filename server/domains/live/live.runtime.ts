import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { TRPCError } from '@trpc/server';
import { busTopic, type BusTopic } from '@server/lib/bus';
import { newId, nowIso } from '@server/lib/ids';
import type { Actor, AppServices } from '@server/trpc/context';
import type { EventOutput, EventStreamOutput } from '@server/domains/events/events.schemas';
import { eventMessages } from '@server/domains/events/events.schemas';
import { announceStreamStarted } from '@server/domains/push/push.service';
import { emitWebhookEvent } from '@server/domains/webhooks/webhooks.service';
import { liveStreamRefusal } from '@server/domains/billing/plan-access';
import {
  createIngestServer,
  finalizePlaylist,
  findFfmpeg,
  finishRecording,
  type EndedInfo,
  type IngestServer,
  type PublishAttempt,
  type PublishDecision,
  type StreamHealth,
} from './ingest';
import { channelByKey, channelOf, recordRefusal, rotateStreamKey, setShowViewerCount } from './live.keys';
import {
  liveLimits,
  liveMessages,
  liveNotices,
  livePlaylistPath,
  replayPath,
  type LiveDashboardOutput,
  type LiveSettingsOutput,
  type LiveStatusOutput,
  type PublishRecordingInput,
  type PublishRecordingOutput,
  type RecordingOutput,
  type UpdateLiveSettingsInput,
} from './live.schemas';
import * as liveService from './live.service';
import { PlaybackTokens } from './live.tokens';

export interface LiveRuntimeOptions {
  /** A publisher that comes back within this long continues its session (default 30 s; tests use less). */
  reconnectGraceMs?: number;
  /** How long a session's HLS folder stays after it ended (default 10 min). */
  hlsRetentionMs?: number;
  /** How often viewer counts are re-published to status subscribers (default 5 s). */
  viewerTickMs?: number;
}

/** A live (or starting) session held by this instance. */
interface LiveSession {
  id: string;
  userId: string;
  recordingId: string;
  hlsDir: string;
  /** Null until the first publish's ffmpeg runs (the event is chosen then: a codec refusal creates nothing). */
  eventId: string | null;
  isPremium: boolean;
  startedAt: string | null;
  /** Recording part file names written so far (one per publish). */
  parts: string[];
  /** The publish feeding it now; null while the publisher is away (grace period). */
  connectionId: string | null;
  graceTimer: NodeJS.Timeout | null;
  health: StreamHealth | null;
  /** The stream key was rotated or the server stops: end when the publish ends, no grace. */
  endNow: boolean;
  publishedViewers: number;
}

interface Connection {
  sessionId: string;
  userId: string;
  streamKey: string;
  part: string;
}

export type LiveStatusSignal = null;
export function liveStatusTopic(eventId: string): BusTopic<LiveStatusSignal> {
  return busTopic<LiveStatusSignal>(`live:${eventId}`);
}

const ingestShutdownMs = 20_000;

/**
 * Live streaming for this instance: the RTMP ingest engine (./ingest) and what it needs from the platform —
 * who may publish (authorize), which event goes live, sessions and their reconnect grace, recordings finished into
 * MP4s, playback tokens, viewer counts and the status subscribers hear.
 */
export class LiveRuntime {
  readonly tokens: PlaybackTokens;
  private services!: AppServices;
  private ingest: IngestServer | null = null;
  private port: number | null = null;
  private availability: { enabled: boolean; reason: string | null };
  private readonly sessions = new Map<string, LiveSession>();
  private readonly sessionByEvent = new Map<string, string>();
  private readonly connections = new Map<string, Connection>();
  private readonly viewers = new Map<string, Map<string, number>>();
  private readonly work = new Set<Promise<unknown>>();
  private readonly cleanupTimers = new Set<NodeJS.Timeout>();
  private viewerTimer: NodeJS.Timeout | null = null;
  private stopping = false;
  private readonly graceMs: number;
  private readonly hlsRetentionMs: number;
  private readonly viewerTickMs: number;

  constructor(secret: string, options: LiveRuntimeOptions = {}) {
    this.tokens = new PlaybackTokens(secret);
    this.graceMs = options.reconnectGraceMs ?? liveLimits.reconnectGraceSeconds * 1000;
    this.hlsRetentionMs = options.hlsRetentionMs ?? 10 * 60_000;
    this.viewerTickMs = options.viewerTickMs ?? 5_000;
    this.availability = { enabled: false, reason: liveNotices.ingestStarting };
  }

  /** Called once by buildApp with the finished services. */
  attach(services: AppServices): void {
    this.services = services;
    if (!services.config.live.ingest) this.availability = { enabled: false, reason: liveMessages.ingestOff };
  }

  private get db() {
    return this.services.db;
  }
  private get config() {
    return this.services.config;
  }

  /**
   * Starts the RTMP listener (main.ts; tests with RTMP_PORT=0). Without ffmpeg or with LIVE_INGEST=off it answers
   * why and the app runs on. Also finishes what a previous process left live.
   */
  async start(): Promise<{ enabled: boolean; port: number | null; reason: string | null }> {
    const { live } = this.config;
    this.recoverAfterRestart();
    if (!live.ingest) {
      this.availability = { enabled: false, reason: liveMessages.ingestOff };
      return { enabled: false, port: null, reason: liveMessages.ingestOff };
    }
    if (this.ingest) return { enabled: true, port: this.port, reason: null };
    const ffmpeg = await findFfmpeg(live.ffmpegPath);
    if (!ffmpeg.available) {
      this.availability = { enabled: false, reason: liveMessages.ffmpegMissing };
      this.services.log.warn({ reason: ffmpeg.reason }, 'live ingest off');
      return { enabled: false, port: null, reason: liveMessages.ffmpegMissing };
    }
    mkdirSync(liveService.liveDir(this.config.dataDir), { recursive: true });
    const log = this.services.log;
    const ingest = createIngestServer(
      {
        host: live.rtmpHost,
        port: live.rtmpPort,
        ffmpegPath: live.ffmpegPath,
        segmentSeconds: liveLimits.segmentSeconds,
        transcode480p: live.transcode480p,
        logger: { info: (o, m) => log.info(o, m), warn: (o, m) => log.warn(o, m), error: (o, m) => log.error(o, m) },
      },
      {
        authorize: (attempt) => this.authorize(attempt),
        onStarted: (connectionId) => this.onStarted(connectionId),
        onHealth: (connectionId, health) => this.onHealth(connectionId, health),
        onRefused: (attempt, reason) => this.onRefused(attempt, reason),
        onEnded: (connectionId, info) => this.onEnded(connectionId, info),
      },
    );
    try {
      const { port } = await ingest.start();
      this.ingest = ingest;
      this.port = port;
      this.availability = { enabled: true, reason: null };
      return { enabled: true, port, reason: null };
    } catch (error) {
      const reason = liveNotices.ingestFailed((error as NodeJS.ErrnoException).code ?? (error as Error).message);
      this.availability = { enabled: false, reason };
      log.error({ err: error }, 'live ingest could not start');
      return { enabled: false, port: null, reason };
    }
  }

  /** The one line of the start-up banner. */
  bannerLine(): string {
    if (this.availability.enabled) return `  Go live from OBS: ${this.ingestUrl()} (the stream key is on the Go live page)`;
    return `  ${this.availability.reason ?? liveNotices.ingestStarting}`;
  }

  /** Stops the listener, ends every session and waits until their recordings are finished (before SQLite closes). */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const session of this.sessions.values()) session.endNow = true;
    const ingest = this.ingest;
    this.ingest = null;
    if (ingest) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([ingest.stop(), new Promise<void>((resolve) => (timer = setTimeout(resolve, ingestShutdownMs)))]);
      clearTimeout(timer);
    }
    for (const session of [...this.sessions.values()]) {
      if (session.startedAt) this.endSession(session);
      else this.dropSession(session);
    }
    if (this.viewerTimer) clearInterval(this.viewerTimer);
    this.viewerTimer = null;
    for (const timer of this.cleanupTimers) clearTimeout(timer);
    this.cleanupTimers.clear();
    while (this.work.size) await Promise.allSettled([...this.work]);
  }

  private track<T>(promise: Promise<T>): void {
    const tracked = promise.then(
      () => undefined,
      (error: unknown) => this.services.log.error({ err: error }, 'live: background work failed'),
    );
    this.work.add(tracked);
    void tracked.finally(() => this.work.delete(tracked));
  }

  // ---- ingest callbacks ----

  private refuse(userId: string | null, reason: string): PublishDecision {
    if (userId) recordRefusal(this.db, userId, reason);
    return { accept: false, reason };
  }

  private authorize(attempt: PublishAttempt): PublishDecision {
    if (this.stopping) return { accept: false, reason: liveNotices.unavailable };
    const channel = channelByKey(this.db, attempt.streamKey);
    if (!channel) return this.refuse(null, liveMessages.unknownKey);
    const user = liveService.creatorRow(this.db, channel.userId);
    if (!user || (user.role !== 'dj' && user.role !== 'admin')) return this.refuse(null, liveMessages.unknownKey);
    if (!user.isActive) return this.refuse(user.id, liveMessages.deactivated);
    if (user.pendingPayment) return this.refuse(user.id, liveMessages.pendingPayment);
    const needsPlan = liveStreamRefusal(this.services, user.id);
    if (needsPlan) return this.refuse(user.id, needsPlan);
    const current = this.sessionOfUser(user.id);
    if (current?.connectionId) return this.refuse(user.id, liveMessages.alreadyLive);
    if (current) {
      // Back within the grace period: same session, same HLS folder (the playlist continues), a new recording part.
      const part = `part-${current.parts.length + 1}.ts`;
      current.connectionId = attempt.connectionId;
      current.endNow = false;
      this.connections.set(attempt.connectionId, { sessionId: current.id, userId: user.id, streamKey: attempt.streamKey, part });
      return { accept: true, hlsDir: current.hlsDir, recordingPath: join(liveService.recordingDir(this.config.dataDir, current.recordingId), part) };
    }
    if (this.sessions.size >= this.config.live.maxStreams) return this.refuse(user.id, liveMessages.tooManyStreams);
    const id = newId(16);
    const recordingId = newId(16);
    const session: LiveSession = {
      id,
      userId: user.id,
      recordingId,
      hlsDir: liveService.sessionDir(this.config.dataDir, id),
      eventId: null,
      isPremium: false,
      startedAt: null,
      parts: [],
      connectionId: attempt.connectionId,
      graceTimer: null,
      health: null,
      endNow: false,
      publishedViewers: 0,
    };
    this.sessions.set(id, session);
    this.connections.set(attempt.connectionId, { sessionId: id, userId: user.id, streamKey: attempt.streamKey, part: 'part-1.ts' });
    return { accept: true, hlsDir: session.hlsDir, recordingPath: join(liveService.recordingDir(this.config.dataDir, recordingId), 'part-1.ts') };
  }

  private onStarted(connectionId: string): void {
    const connection = this.connections.get(connectionId);
    const session = connection && this.sessions.get(connection.sessionId);
    if (!connection || !session) return;
    if (session.graceTimer) clearTimeout(session.graceTimer);
    session.graceTimer = null;
    if (!session.parts.includes(connection.part)) session.parts.push(connection.part);
    if (session.startedAt) {
      liveService.updateRecordingParts(this.db, session.recordingId, session.parts);
      this.services.log.info({ sessionId: session.id, userId: session.userId }, 'live: publisher back, session continues');
      return;
    }
    const now = new Date();
    const user = liveService.creatorRow(this.db, session.userId)!;
    const event = liveService.eventForPublish(this.db, user.id, now) ?? liveService.createSpotEvent(this.services, user, now);
    session.eventId = event.id;
    session.isPremium = event.isPremium;
    session.startedAt = now.toISOString();
    const previous = this.sessionByEvent.get(event.id);
    if (previous && previous !== session.id) {
      const old = this.sessions.get(previous);
      if (old) this.endSession(old);
    }
    this.sessionByEvent.set(event.id, session.id);
    liveService.insertSession(this.db, { id: session.id, userId: user.id, eventId: event.id, recordingId: session.recordingId, startedAt: session.startedAt, parts: session.parts });
    this.services.log.info({ sessionId: session.id, userId: user.id, eventId: event.id }, 'live: session started');
    announceStreamStarted(this.services, event.id);
    emitWebhookEvent(this.services, user.id, 'stream.started', { sessionId: session.id, eventId: event.id, eventName: event.name, startedAt: session.startedAt });
    this.ensureViewerTicker();
    this.signal(event.id);
  }

  private onHealth(connectionId: string, health: StreamHealth): void {
    const connection = this.connections.get(connectionId);
    const session = connection && this.sessions.get(connection.sessionId);
    if (session) session.health = health;
  }

  private onRefused(attempt: PublishAttempt, reason: string): void {
    const connection = this.connections.get(attempt.connectionId);
    if (connection) {
      // refused after authorize accepted (codecs): nothing was written
      this.connections.delete(attempt.connectionId);
      const session = this.sessions.get(connection.sessionId);
      if (session?.connectionId === attempt.connectionId) session.connectionId = null;
      if (session && !session.startedAt) this.dropSession(session);
      recordRefusal(this.db, connection.userId, reason);
      return;
    }
    // refused by the engine before authorize (a second publisher on a live key)
    const channel = channelByKey(this.db, attempt.streamKey);
    if (channel && reason !== liveMessages.unknownKey) recordRefusal(this.db, channel.userId, reason);
  }

  private onEnded(connectionId: string, info: EndedInfo): void {
    const connection = this.connections.get(connectionId);
    this.connections.delete(connectionId);
    const session = connection && this.sessions.get(connection.sessionId);
    if (!session) return;
    if (session.connectionId === connectionId) session.connectionId = null;
    session.health = null;
    if (!session.startedAt) {
      this.dropSession(session);
      return;
    }
    if (info.started === false) session.parts = session.parts.filter((part) => part !== connection.part);
    if (session.endNow || info.reason === 'kicked' || info.reason === 'shutdown' || this.stopping) {
      this.endSession(session);
      return;
    }
    this.services.log.info({ sessionId: session.id, reason: info.reason }, 'live: publisher gone, waiting for a reconnect');
    session.graceTimer = setTimeout(() => this.endSession(session), this.graceMs);
    session.graceTimer.unref();
  }

  /** A session that never went live (refused before ffmpeg ran): forget it, nothing was written. */
  private dropSession(session: LiveSession): void {
    if (session.graceTimer) clearTimeout(session.graceTimer);
    this.sessions.delete(session.id);
  }

  /** Live → ended: the state changes at once; the playlist gets its ENDLIST and the recording is finished in the background. */
  private endSession(session: LiveSession): void {
    if (!this.sessions.has(session.id) || !session.startedAt || !session.eventId) return;
    if (session.graceTimer) clearTimeout(session.graceTimer);
    session.graceTimer = null;
    this.sessions.delete(session.id);
    if (this.sessionByEvent.get(session.eventId) === session.id) this.sessionByEvent.delete(session.eventId);
    this.viewers.delete(session.id);
    const endedAt = nowIso();
    liveService.markSessionEnded(this.db, session.id, session.recordingId, endedAt);
    this.services.log.info({ sessionId: session.id, eventId: session.eventId }, 'live: session ended');
    emitWebhookEvent(this.services, session.userId, 'stream.ended', {
      sessionId: session.id,
      eventId: session.eventId,
      startedAt: session.startedAt,
      endedAt,
      recordingId: session.recordingId,
    });
    this.signal(session.eventId);
    this.track(this.finish(session.id, session.recordingId, session.hlsDir, session.parts, session.eventId));
  }

  private async finish(sessionId: string, recordingId: string, hlsDir: string, parts: string[], eventId: string | null): Promise<void> {
    await finalizePlaylist(hlsDir).catch(() => undefined);
    await this.finishRecordingFiles(recordingId, parts);
    if (eventId) this.signal(eventId);
    this.scheduleHlsRemoval(sessionId, hlsDir);
  }

  private async finishRecordingFiles(recordingId: string, parts: string[]): Promise<void> {
    const dir = liveService.recordingDir(this.config.dataDir, recordingId);
    const mp4 = liveService.recordingFile(this.config.dataDir, recordingId);
    try {
      const { durationSeconds, sizeBytes } = await finishRecording(
        parts.map((part) => join(dir, part)),
        mp4,
        this.config.live.ffmpegPath,
      );
      liveService.markRecording(this.db, recordingId, { status: 'ready', durationSeconds: Math.round(durationSeconds), sizeBytes });
      for (const part of parts) await rm(join(dir, part), { force: true });
      await liveService.enforceRecordingsBudget(this.services, recordingId);
    } catch (error) {
      liveService.markRecording(this.db, recordingId, { status: 'failed' });
      this.services.log.warn({ recordingId, err: (error as Error).message }, 'live: recording could not be finished');
    }
  }

  private scheduleHlsRemoval(sessionId: string, hlsDir: string): void {
    if (this.stopping) return;
    const timer = setTimeout(() => {
      this.cleanupTimers.delete(timer);
      if (!this.sessions.has(sessionId)) void rm(hlsDir, { recursive: true, force: true });
    }, this.hlsRetentionMs);
    timer.unref();
    this.cleanupTimers.add(timer);
  }

  /** What a previous process left: live sessions end, unfinished recordings are finished, old HLS folders go. */
  private recoverAfterRestart(): void {
    if (this.sessions.size) return;
    for (const { session, recording } of liveService.orphanedSessions(this.db)) {
      liveService.markSessionEnded(this.db, session.id, recording?.id ?? '', nowIso());
    }
    for (const recording of liveService.unfinishedRecordings(this.db)) {
      liveService.markRecording(this.db, recording.id, { status: 'processing' });
      this.track(this.finishRecordingFiles(recording.id, recording.parts));
    }
    let folders: string[] = [];
    try {
      folders = readdirSync(liveService.liveDir(this.config.dataDir));
    } catch {
      return;
    }
    for (const id of liveService.endedSessionIds(this.db, folders)) this.scheduleHlsRemoval(id, liveService.sessionDir(this.config.dataDir, id));
  }

  // ---- viewers and status ----

  private signal(eventId: string): void {
    this.services.bus.publish(liveStatusTopic(eventId), null);
  }

  /** A player fetched a playlist of the session (viewer = token subject, else a hash of address and user agent). */
  noteViewer(sessionId: string, viewerKey: string): void {
    if (!this.sessions.has(sessionId)) return;
    let seen = this.viewers.get(sessionId);
    if (!seen) {
      seen = new Map();
      this.viewers.set(sessionId, seen);
    }
    if (seen.size >= 100_000 && !seen.has(viewerKey)) this.pruneViewers(sessionId);
    seen.set(viewerKey, Date.now());
  }

  static viewerKeyOf(ip: string, userAgent: string | undefined): string {
    return createHash('sha256').update(`${ip}\n${userAgent ?? ''}`).digest('base64url').slice(0, 22);
  }

  private pruneViewers(sessionId: string): number {
    const seen = this.viewers.get(sessionId);
    if (!seen) return 0;
    const cutoff = Date.now() - liveLimits.viewerWindowSeconds * 1000;
    for (const [key, at] of seen) if (at < cutoff) seen.delete(key);
    return seen.size;
  }

  viewerCount(sessionId: string): number {
    return this.pruneViewers(sessionId);
  }

  private ensureViewerTicker(): void {
    if (this.viewerTimer) return;
    this.viewerTimer = setInterval(() => {
      if (!this.sessions.size) {
        clearInterval(this.viewerTimer!);
        this.viewerTimer = null;
        return;
      }
      for (const session of this.sessions.values()) {
        if (!session.eventId) continue;
        const count = this.viewerCount(session.id);
        if (count !== session.publishedViewers) {
          session.publishedViewers = count;
          if (this.services.bus.listenerCount(liveStatusTopic(session.eventId))) this.signal(session.eventId);
        }
      }
    }, this.viewerTickMs);
    this.viewerTimer.unref();
  }

  private sessionOfUser(userId: string): LiveSession | undefined {
    for (const session of this.sessions.values()) if (session.userId === userId) return session;
    return undefined;
  }

  /** The event's session on air now (started, possibly in its reconnect grace). */
  liveSessionOfEvent(eventId: string): LiveSession | undefined {
    const id = this.sessionByEvent.get(eventId);
    return id ? this.sessions.get(id) : undefined;
  }

  isLiveSession(sessionId: string): boolean {
    return !!this.sessions.get(sessionId)?.startedAt;
  }

  // ---- procedures ----

  private ingestUrl(): string {
    const host = this.config.publicUrl ? new URL(this.config.publicUrl).hostname : 'localhost';
    const port = this.port ?? (this.config.live.rtmpPort || 1935);
    return `rtmp://${host}:${port}/live`;
  }

  settings(actor: Actor): LiveSettingsOutput {
    const channel = channelOf(this.db, actor.id);
    return {
      ingestUrl: this.ingestUrl(),
      streamKey: channel.streamKey,
      enabled: this.availability.enabled,
      // "Features require a plan" without the LIVE STREAM plan: the refusal a publish would meet.
      reason: this.availability.reason ?? liveStreamRefusal(this.services, actor.id),
      showViewerCount: channel.showViewerCount,
      recordingsMaxGb: this.config.live.recordingsMaxGb,
    };
  }

  updateSettings(actor: Actor, input: UpdateLiveSettingsInput): LiveSettingsOutput {
    setShowViewerCount(this.db, actor.id, input.showViewerCount);
    const session = this.sessionOfUser(actor.id);
    if (session?.eventId) this.signal(session.eventId);
    return this.settings(actor);
  }

  /** A new key; a publish on the old key is ended at once (and a session waiting for its publisher ends too). */
  rotateKey(actor: Actor): { streamKey: string } {
    const old = channelOf(this.db, actor.id);
    const channel = rotateStreamKey(this.db, actor.id);
    let ended = false;
    for (const [connectionId, connection] of this.connections) {
      if (connection.userId !== actor.id || connection.streamKey !== old.streamKey) continue;
      const session = this.sessions.get(connection.sessionId);
      if (session) session.endNow = true;
      this.ingest?.kick(connectionId);
      ended = true;
    }
    const session = this.sessionOfUser(actor.id);
    if (session && !session.connectionId && session.startedAt) {
      this.endSession(session);
      ended = true;
    }
    if (ended) recordRefusal(this.db, actor.id, liveMessages.keyRotated);
    this.services.log.info({ userId: actor.id, endedStream: ended }, 'live: stream key rotated');
    return { streamKey: channel.streamKey };
  }

  status(actor: Actor | null, eventId: string): LiveStatusOutput {
    const event = liveService.findEvent(this.db, eventId);
    if (!event) throw new TRPCError({ code: 'NOT_FOUND', message: eventMessages.notFound });
    const mayCount = () =>
      !!actor && (actor.id === event.userId || actor.role === 'admin')
        ? true
        : channelOf(this.db, event.userId).showViewerCount;
    const session = this.liveSessionOfEvent(eventId);
    if (session?.startedAt) {
      return { state: 'live', viewers: mayCount() ? this.viewerCount(session.id) : null, startedAt: session.startedAt };
    }
    const last = liveService.lastSessionOfEvent(this.db, eventId);
    if (last && last.state === 'ended') return { state: 'ended', viewers: mayCount() ? 0 : null, startedAt: last.startedAt };
    return { state: 'offline', viewers: mayCount() ? 0 : null, startedAt: null };
  }

  /** The status now and after every change (coalesced: a burst of changes is one update). */
  async *watchStatus(actor: Actor | null, eventId: string, signal?: AbortSignal): AsyncGenerator<LiveStatusOutput> {
    let dirty = true;
    let wake: (() => void) | null = null;
    const unsubscribe = this.services.bus.subscribe(liveStatusTopic(eventId), () => {
      dirty = true;
      wake?.();
    });
    const onAbort = () => wake?.();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      let last = '';
      while (!signal?.aborted) {
        if (dirty) {
          dirty = false;
          const status = this.status(actor, eventId);
          const key = `${status.state}|${status.viewers}|${status.startedAt}`;
          if (key !== last) {
            last = key;
            yield status;
          }
          continue;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = null;
      }
    } finally {
      unsubscribe();
      signal?.removeEventListener('abort', onAbort);
    }
  }

  dashboard(actor: Actor): LiveDashboardOutput {
    const channel = channelOf(this.db, actor.id);
    const live = this.sessionOfUser(actor.id);
    const last = liveService.lastSessionOfUser(this.db, actor.id);
    const next = liveService.eventForPublish(this.db, actor.id);
    const onAir = live?.startedAt ? live : undefined;
    const state = onAir ? 'live' : last ? 'ended' : 'offline';
    return {
      state,
      session: last
        ? {
            id: last.session.id,
            eventId: last.session.eventId,
            eventName: last.eventName,
            startedAt: last.session.startedAt,
            endedAt: last.session.endedAt,
          }
        : null,
      viewers: onAir ? this.viewerCount(onAir.id) : 0,
      health: onAir?.health ? { ...onAir.health } : null,
      lastRefusal: channel.lastRefusalReason && channel.lastRefusalAt ? { reason: channel.lastRefusalReason, at: channel.lastRefusalAt } : null,
      nextEvent: next ? { id: next.id, name: next.name, startDateTime: next.startDateTime } : null,
    };
  }

  recordings(actor: Actor): RecordingOutput[] {
    return liveService.listRecordings(this.db, actor.id);
  }

  recording(actor: Actor, recordingId: string): RecordingOutput {
    const found = liveService.listRecordings(this.db, actor.id, recordingId)[0];
    if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: liveMessages.recordingNotFound });
    return found;
  }

  publishRecording(actor: Actor, input: PublishRecordingInput): Promise<PublishRecordingOutput> {
    return liveService.publishRecording(this.services, actor.id, input);
  }

  deleteRecording(actor: Actor, recordingId: string): Promise<{ id: string }> {
    return liveService.deleteRecording(this.services, actor.id, recordingId);
  }

  /**
   * For events.stream (which checked that the caller may watch): our live session of the event, else its latest
   * ready replay, with a freshly minted token for premium events; null when we have nothing for it.
   */
  readonly playbackFor = (event: EventOutput, viewerId: string | null): EventStreamOutput | null => {
    const session = this.liveSessionOfEvent(event.id);
    if (session?.startedAt) return this.signed(event, viewerId, livePlaylistPath(session.id), 'hls', true);
    const recording = liveService.latestReadyRecording(this.db, event.id);
    if (recording) return this.signed(event, viewerId, replayPath(recording.id), 'video', false);
    return null;
  };

  private signed(event: EventOutput, viewerId: string | null, path: string, kind: 'hls' | 'video', live: boolean): EventStreamOutput {
    if (!event.isPremium) return { kind, url: path, live, expiresAt: null };
    const { token, expiresAt } = this.tokens.mint(viewerId ?? 'guest', event.id);
    return { kind, url: `${path}?token=${token}`, live, expiresAt };
  }
}
