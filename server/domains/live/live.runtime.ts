import { DomainError } from '@server/platform/errors';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { WebhookServices } from '@server/domains/webhooks/webhooks.service';
import type { Actor } from '@server/platform/actor';
import type { EventOutput, EventStreamOutput } from '@server/domains/events/events.schemas';
import { eventMessages } from '@server/domains/events/events.schemas';
import { liveStreamRefusal } from '@server/domains/billing/plan-access';
import { externalStreamSource } from '@server/domains/events/stream-source';
import { parseStreamValue } from '@common/stream-url';
import { streamProviderNames } from '@common/event-badge';
import { createIngestServer, findFfmpeg, type IngestServer } from './ingest';
import { LiveAudience } from './live.audience';
import { LiveHousekeeping } from './live.housekeeping';
import { channelOf, recordRefusal, rotateStreamKey, setShowViewerCount } from './live.keys';
import {
  liveLimits,
  liveMessages,
  liveNotices,
  livePlaylistPath,
  replayPath,
  type LiveBadgeOutput,
  type LiveDashboardOutput,
  type LiveSettingsOutput,
  type LiveStatusOutput,
  type PublishRecordingInput,
  type PublishRecordingOutput,
  type RecordingOutput,
  type UpdateLiveSettingsInput,
} from './live.schemas';
import * as liveService from './live.service';
import { LiveSessions } from './live.sessions';
import { streamKeyRotatedTopic, watchLiveStatus } from './live.status';
import { PlaybackTokens, type PlaybackScope } from './live.tokens';
import { LiveWebRtc } from './webrtc/live-webrtc';

export interface LiveRuntimeOptions {
  /** A publisher that comes back within this long continues its session (default 30 s; tests use less). */
  reconnectGraceMs?: number;
  /** How long a session's HLS folder stays after it ended (default 10 min). */
  hlsRetentionMs?: number;
  /** How often viewer counts are re-published to status subscribers (default 5 s). */
  viewerTickMs?: number;
  /** A publisher lease expires this long after its holder's last heartbeat (default 15 s). */
  leaseTtlMs?: number;
  /** With Redis: how often sessions no instance holds are looked for (default 30 s). */
  orphanSweepMs?: number;
}

const ingestShutdownMs = 20_000;

/**
 * Live streaming for this instance: the RTMP ingest engine (./ingest) started and stopped, and what the procedures
 * ask of it. The sessions on air are `LiveSessions` (live.sessions.ts: authorize, the event that goes live, reconnect
 * grace, viewer counts); what follows a session's end is `LiveHousekeeping` (live.housekeeping.ts).
 */
export class LiveRuntime {
  readonly tokens: PlaybackTokens;
  private services!: WebhookServices;
  /** Viewer samples and minutes for analytics (tests call `sampleNow()` and `flush()`). */
  audience!: LiveAudience;
  private sessions!: LiveSessions;
  private housekeeping!: LiveHousekeeping;
  private ingest: IngestServer | null = null;
  webrtc!: LiveWebRtc;
  private port: number | null = null;
  private availability: { enabled: boolean; reason: string | null };
  private readonly graceMs: number;
  private readonly hlsRetentionMs: number;
  private readonly viewerTickMs: number;
  private readonly leaseTtlMs: number;
  private readonly orphanSweepMs: number;
  private orphanTimer: NodeJS.Timeout | null = null;
  private unfollowBus: (() => void) | null = null;
  private unfollowKeyRotations: (() => void) | undefined;
  /** Tells this instance's own rotation messages from other instances' (it has ended its streams already). */
  private readonly instanceId = randomUUID();
  /** Since when the bus is connected (leases written while Redis was away may still be coming back before that). */
  private busLiveSince = 0;

  constructor(secret: string, options: LiveRuntimeOptions = {}) {
    this.tokens = new PlaybackTokens(secret);
    this.graceMs = options.reconnectGraceMs ?? liveLimits.reconnectGraceSeconds * 1000;
    this.hlsRetentionMs = options.hlsRetentionMs ?? 10 * 60_000;
    this.viewerTickMs = options.viewerTickMs ?? 5_000;
    this.leaseTtlMs = options.leaseTtlMs ?? 15_000;
    this.orphanSweepMs = options.orphanSweepMs ?? 30_000;
    this.availability = { enabled: false, reason: liveNotices.ingestStarting };
  }

  /** Called once by buildApp with the finished services. */
  attach(services: WebhookServices): void {
    this.services = services;
    this.housekeeping = new LiveHousekeeping(services, this.hlsRetentionMs, (sessionId) => this.sessions.holds(sessionId));
    this.sessions = new LiveSessions(services, this.housekeeping, {
      graceMs: this.graceMs,
      viewerTickMs: this.viewerTickMs,
      leaseTtlMs: this.leaseTtlMs,
      kick: (connectionId) => this.kick(connectionId),
    });
    this.audience = new LiveAudience(services, (sessionId) => this.sessions.viewerCount(sessionId));
    this.webrtc = new LiveWebRtc(services, this.sessions, this.tokens, this.audience, { heldElsewhere: () => this.heldElsewhere(), noteViewer: (...note) => this.noteViewer(...note), ingestReason: () => this.availability.reason });
    if (!services.config.live.ingest) this.availability = { enabled: false, reason: liveMessages.ingestOff };
  }

  private readonly kick = (connectionId: string) => [this.ingest?.kick(connectionId), this.webrtc.kick(connectionId)];

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
    if (!this.sessions.size) await this.housekeeping.recover();
    this.startOrphanSweep();
    this.audience.start();
    this.unfollowKeyRotations ??= this.services.bus.subscribe(streamKeyRotatedTopic, ({ userId, origin }) => {
      if (origin !== this.instanceId) {
        this.services.background.run('live: ending streams of a rotated key failed', () => this.endStreamsOfOldKeys(userId), { userId });
      }
    });
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
    await this.webrtc.start();
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
        authorize: (attempt) => this.sessions.authorize(attempt),
        onStarted: (connectionId) => this.sessions.onStarted(connectionId),
        onHealth: (connectionId, health) => this.sessions.onHealth(connectionId, health),
        onRefused: (attempt, reason) => this.sessions.onRefused(attempt, reason),
        onEnded: (connectionId, info) => this.sessions.onEnded(connectionId, info),
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
    if (this.availability.enabled) return `  Go live from the browser on the Go live page, or from OBS: ${this.ingestUrl()} (RTMP; WHIP at /live/whip)`;
    return `  ${this.availability.reason ?? liveNotices.ingestStarting}`;
  }

  /** Stops the listener, ends every session and waits until their recordings are finished (before SQLite closes). */
  async stop(): Promise<void> {
    this.sessions.beginStop();
    this.housekeeping.beginStop();
    const ingest = this.ingest;
    this.ingest = null;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all([ingest?.stop(), this.webrtc.stop()]), new Promise<void>((resolve) => (timer = setTimeout(resolve, ingestShutdownMs)))]);
    clearTimeout(timer);
    if (this.orphanTimer) clearInterval(this.orphanTimer);
    this.orphanTimer = null;
    this.unfollowBus?.();
    this.unfollowKeyRotations?.();
    this.unfollowKeyRotations = undefined;
    await this.sessions.endAll();
    await this.audience.stop();
    await this.sessions.settleLeases();
    await this.housekeeping.drain();
  }

  /**
   * With instances sharing Redis, an instance that died leaves its sessions live in the database: once its leases
   * expired, one instance ends them (and finishes their recordings) within a sweep period. Not in the first lease
   * period after Redis came back, while the holders write their leases again.
   */
  private startOrphanSweep(): void {
    const { bus, sweeps } = this.services;
    if (this.orphanTimer || bus.kind === 'memory') return;
    this.busLiveSince = bus.state === 'live' ? Date.now() : 0;
    this.unfollowBus = bus.onStateChange((state) => (this.busLiveSince = state === 'live' ? Date.now() : 0));
    this.orphanTimer = setInterval(() => {
      if (!this.busLiveSince || Date.now() - this.busLiveSince < this.leaseTtlMs) return;
      void sweeps
        .runExclusive('live:orphaned-sessions', { ttlMs: 5 * 60_000, periodMs: this.orphanSweepMs - 50 }, async () => {
          await this.housekeeping.endOrphans();
          await this.housekeeping.finishAbandonedRecordings();
        })
        .catch((error: unknown) => this.services.log.error({ err: error }, 'live: orphaned sessions sweep failed'));
    }, this.orphanSweepMs);
    this.orphanTimer.unref();
  }

  /** A player fetched a playlist of the session (viewer = token subject, else `viewerKeyOf`; `audience`: its salted key). */
  noteViewer(sessionId: string, viewerKey: string, audience?: { eventId: string; key: string }): void {
    this.sessions.noteViewer(sessionId, viewerKey);
    if (audience) this.audience.note(audience.eventId, audience.key);
  }

  // ---- procedures ----

  private ingestUrl(): string {
    const host = this.config.publicUrl ? new URL(this.config.publicUrl).hostname : 'localhost';
    const port = this.port ?? (this.config.live.rtmpPort || 1935);
    return `rtmp://${host}:${port}/live`;
  }

  async settings(actor: Actor): Promise<LiveSettingsOutput> {
    const channel = await channelOf(this.db, actor.id);
    return {
      ingestUrl: this.ingestUrl(),
      streamKey: channel.streamKey,
      enabled: this.availability.enabled,
      // "Features require a plan" without the LIVE STREAM plan: the refusal a publish would meet.
      reason: this.availability.reason ?? (await liveStreamRefusal(this.services, actor.id)),
      showViewerCount: channel.showViewerCount,
      recordingsMaxGb: this.config.live.recordingsMaxGb,
    };
  }

  async updateSettings(actor: Actor, input: UpdateLiveSettingsInput): Promise<LiveSettingsOutput> {
    await setShowViewerCount(this.db, actor.id, input.showViewerCount);
    // Viewers' pages (on any instance) hear the change: the session here, else the one live through another instance.
    const eventId = this.sessions.sessionOfUser(actor.id)?.eventId ?? (await liveService.lastSessionOfUser(this.db, actor.id))?.session;
    const live = typeof eventId === 'string' ? eventId : eventId?.state === 'live' ? eventId.eventId : null;
    if (live) this.sessions.signal(live);
    return this.settings(actor);
  }

  /** A new key; a publish on the old key is ended at once (and a session waiting for its publisher ends too). */
  async rotateKey(actor: Actor): Promise<{ streamKey: string }> {
    const channel = await rotateStreamKey(this.db, actor.id);
    const ended = await this.endStreamsOfOldKeys(actor.id);
    this.services.bus.publish(streamKeyRotatedTopic, { userId: actor.id, origin: this.instanceId });
    this.services.log.info({ userId: actor.id, endedStream: ended }, 'live: stream key rotated');
    return { streamKey: channel.streamKey };
  }

  /** Ends this instance's publishes of the creator on a key that is no longer theirs (a rotation, here or elsewhere). */
  private async endStreamsOfOldKeys(userId: string): Promise<boolean> {
    const current = (await channelOf(this.db, userId)).streamKey;
    const ended = this.sessions.endStreamsOfKey(userId, (streamKey) => streamKey !== current, (connectionId) => this.kick(connectionId));
    if (ended) await recordRefusal(this.db, userId, liveMessages.keyRotated);
    return ended;
  }

  /**
   * Our own stream's state for an event, as `live.status` answers it: live while a session of it is on air (here,
   * through the reconnect grace, or on another instance), ended once its last session ended, else offline.
   */
  private async onAirState(eventId: string): Promise<{ state: LiveStatusOutput['state']; session: { id: string; startedAt: string } | null }> {
    const session = this.sessions.liveSessionOfEvent(eventId);
    if (session?.startedAt) return { state: 'live', session: { id: session.id, startedAt: session.startedAt } };
    const last = await liveService.lastSessionOfEvent(this.db, eventId);
    if (last && last.state === 'live' && this.heldElsewhere()) return { state: 'live', session: last };
    if (last && last.state === 'ended') return { state: 'ended', session: last };
    return { state: 'offline', session: null };
  }

  /**
   * What the badges of these events follow (common/event-badge.ts): our own stream's state and the name of the
   * external source each event's player plays (the events domain's rule: a free event plays none while the creator
   * has a premium event not over), never its URL. Unknown ids are left out.
   */
  async badges(eventIds: string[], now = new Date()): Promise<LiveBadgeOutput[]> {
    const rows = await liveService.eventsWithStreamValue(this.db, [...new Set(eventIds)]);
    const byId = new Map(rows.map((row) => [row.event.id, row]));
    const answers: LiveBadgeOutput[] = [];
    for (const eventId of eventIds) {
      const row = byId.get(eventId);
      if (!row) continue;
      byId.delete(eventId);
      const { state } = await this.onAirState(eventId);
      const plays = await externalStreamSource(this.db, row.event, row.streamValue, false, now);
      const source = plays.kind === 'none' ? null : parseStreamValue(row.streamValue);
      const streamProvider = !source || source.kind === 'none' ? null : source.kind === 'hls' ? streamProviderNames.hls : streamProviderNames[source.provider];
      answers.push({ eventId, onAir: state, streamProvider });
    }
    return answers;
  }

  async status(actor: Actor | null, eventId: string): Promise<LiveStatusOutput> {
    const event = await liveService.findEvent(this.db, eventId);
    if (!event) throw new DomainError({ code: 'NOT_FOUND', message: eventMessages.notFound });
    const mayCount = async () => (!!actor && (actor.id === event.userId || actor.role === 'admin') ? true : (await channelOf(this.db, event.userId)).showViewerCount);
    const { state, session } = await this.onAirState(eventId);
    if (state === 'live' && session) {
      return { state, viewers: (await mayCount()) ? await this.sessions.viewerCount(session.id) : null, startedAt: session.startedAt };
    }
    return { state, viewers: (await mayCount()) ? 0 : null, startedAt: session?.startedAt ?? null };
  }

  /** The status now and after every change (coalesced: a burst of changes is one update). */
  watchStatus(actor: Actor | null, eventId: string, signal?: AbortSignal): AsyncGenerator<LiveStatusOutput> {
    return watchLiveStatus(this.services.bus, eventId, () => this.status(actor, eventId), signal);
  }

  async dashboard(actor: Actor): Promise<LiveDashboardOutput> {
    const channel = await channelOf(this.db, actor.id);
    const live = this.sessions.sessionOfUser(actor.id);
    const last = await liveService.lastSessionOfUser(this.db, actor.id);
    const next = await liveService.eventForPublish(this.db, actor.id);
    const onAir = live?.startedAt ? live : undefined;
    // On air through another instance: live here too (its stream health is known where the publish arrives).
    const elsewhere = !onAir && last?.session.state === 'live' && this.heldElsewhere() ? last.session : undefined;
    const state = onAir || elsewhere ? 'live' : last ? 'ended' : 'offline';
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
      viewers: onAir || elsewhere ? await this.sessions.viewerCount((onAir ?? elsewhere)!.id) : 0,
      health: onAir?.health ? { ...onAir.health } : null,
      lastRefusal: channel.lastRefusalReason && channel.lastRefusalAt ? { reason: channel.lastRefusalReason, at: channel.lastRefusalAt } : null,
      nextEvent: next ? { id: next.id, name: next.name, startDateTime: next.startDateTime } : null,
    };
  }

  recordings(actor: Actor): Promise<RecordingOutput[]> {
    return liveService.listRecordings(this.db, actor.id);
  }

  async recording(actor: Actor, recordingId: string): Promise<RecordingOutput> {
    const found = (await liveService.listRecordings(this.db, actor.id, recordingId))[0];
    if (!found) throw new DomainError({ code: 'NOT_FOUND', message: liveMessages.recordingNotFound });
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
   * ready replay, with a freshly minted token for premium events; null when we have nothing for it. `replayOnly` (a
   * member whose tier includes replays but not this premium event): the replay alone.
   */
  readonly playbackFor = async (event: EventOutput, viewerId: string | null, options: { replayOnly?: boolean } = {}): Promise<EventStreamOutput | null> => {
    const session = options.replayOnly ? undefined : this.sessions.liveSessionOfEvent(event.id);
    if (session?.startedAt) return this.webrtc.withWhep(this.signed(event, viewerId, { scope: 'live', res: session.id }, livePlaylistPath(session.id), 'hls'), session.connectionId, event.id);
    const elsewhere = options.replayOnly || !this.heldElsewhere() ? undefined : await liveService.lastSessionOfEvent(this.db, event.id);
    if (elsewhere?.state === 'live') return this.signed(event, viewerId, { scope: 'live', res: elsewhere.id }, livePlaylistPath(elsewhere.id), 'hls');
    const recording = await liveService.latestReadyRecording(this.db, event.id);
    if (recording) return this.signed(event, viewerId, { scope: 'replay', res: recording.id }, replayPath(recording.id), 'video');
    return null;
  };

  /**
   * Whether a session live in the database may be another instance's (instances share a bus): alone, a live row
   * this instance does not hold is one a stopped process left (ended when the ingest starts).
   */
  private heldElsewhere(): boolean {
    return this.services.bus.kind !== 'memory';
  }

  private signed(event: EventOutput, viewerId: string | null, opens: { scope: PlaybackScope; res: string }, path: string, kind: 'hls' | 'video'): EventStreamOutput {
    const live = opens.scope === 'live';
    if (!event.isPremium) return { kind, url: path, live, expiresAt: null };
    const { token, expiresAt } = this.tokens.mint(viewerId ?? 'guest', event.id, opens.scope, opens.res);
    return { kind, url: `${path}?token=${token}`, live, expiresAt };
  }
}
