import { join } from 'node:path';
import { newId, nowIso } from '@server/lib/ids';
import type { Services } from '@server/services';
import { liveStreamRefusal } from '@server/domains/billing/plan-access';
import type { EndedInfo, PublishAttempt, PublishDecision, StreamHealth } from './ingest';
import { publisherLeaseGroup, type LiveHousekeeping } from './live.housekeeping';
import { channelByKey, recordRefusal } from './live.keys';
import { liveLimits, liveMessages, liveNotices } from './live.schemas';
import * as liveService from './live.service';
import { liveStatusTopic } from './live.status';
import type { Presence } from '@server/platform/bus-presence';

/** A live (or starting) session held by this instance. */
export interface LiveSession {
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
  /** The session's lease operations, one after another (a heartbeat in flight never lands after the release). */
  leaseOps: Promise<unknown>;
  /**
   * The session's steps still in flight (a start choosing and storing its event, an end being stored); null when
   * none. Later steps wait for them (`inOrder`), so each sees the session as the one before left it.
   */
  busy: Promise<void> | null;
}

interface Connection {
  sessionId: string;
  userId: string;
  streamKey: string;
  part: string;
}

export interface LiveSessionsOptions {
  /** A publisher that comes back within this long continues its session. */
  graceMs: number;
  /** How often viewer counts are re-published to status subscribers. */
  viewerTickMs: number;
  /** A session's publisher lease expires this long after its last heartbeat (a heartbeat every third of it). */
  leaseTtlMs: number;
  /** Ends a publish at once (the ingest engine's kick). */
  kick: (connectionId: string) => void;
}

/**
 * The sessions on air on this instance, driven by the ingest engine's callbacks: who may publish (authorize), which
 * event goes live, a publisher's reconnect within the grace period, the end (webhooks, status, the recording handed
 * to housekeeping) and the viewer counts status subscribers hear.
 */
export class LiveSessions {
  private readonly sessions = new Map<string, LiveSession>();
  private readonly sessionByEvent = new Map<string, string>();
  private readonly connections = new Map<string, Connection>();
  /** Who fetched a playlist within the viewer window, per session (counted across instances with Redis). */
  private readonly viewers: Presence;
  private viewerTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private stopping = false;
  /** Database work the ingest callbacks started (they answer nothing): waited for before the database closes. */
  private readonly work = new Set<Promise<void>>();

  constructor(
    private readonly services: Services,
    private readonly housekeeping: LiveHousekeeping,
    private readonly options: LiveSessionsOptions,
  ) {
    this.viewers = services.presence('live-viewers', liveLimits.viewerWindowSeconds * 1000);
  }

  private get db() {
    return this.services.db;
  }
  private get config() {
    return this.services.config;
  }

  get size(): number {
    return this.sessions.size;
  }

  holds(sessionId: string): boolean {
    return this.sessions.has(sessionId);
  }

  /** From now on publishes are refused and a publish that ends ends its session (no grace). */
  beginStop(): void {
    this.stopping = true;
    for (const session of this.sessions.values()) session.endNow = true;
  }

  /** After the engine stopped: every session ends (or is forgotten when it never went live), stored when this resolves. */
  async endAll(): Promise<void> {
    // The publishes' last callbacks (their steps may still be storing) first.
    await this.settleWork();
    for (const session of [...this.sessions.values()]) {
      if (session.startedAt) this.endSession(session);
      else this.dropSession(session);
    }
    if (this.viewerTimer) clearInterval(this.viewerTimer);
    this.viewerTimer = null;
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    await this.settleWork();
  }

  private async settleWork(): Promise<void> {
    while (this.work.size) await Promise.all([...this.work]);
  }

  /** Keeps background work until it is done; a failure is logged (the promise answered never rejects). */
  private track(promise: Promise<unknown>): Promise<void> {
    const tracked = promise.then(
      () => undefined,
      (error: unknown) => this.services.log.error({ err: error }, 'live: session work failed'),
    );
    this.work.add(tracked);
    void tracked.finally(() => this.work.delete(tracked));
    return tracked;
  }

  /**
   * Runs a step of the session now (synchronously, when nothing of it is in flight) or after its steps in flight,
   * so the ingest's callbacks act in the order they came although their database work awaits.
   */
  private inOrder(session: LiveSession, step: () => void | Promise<void>): void {
    let run: Promise<void> | void;
    if (session.busy) {
      run = session.busy.then(step);
    } else {
      try {
        run = step();
      } catch (error) {
        this.services.log.error({ err: error, sessionId: session.id }, 'live: session work failed');
        return;
      }
    }
    if (!run) return;
    const tracked = this.track(run);
    session.busy = tracked;
    void tracked.finally(() => {
      if (session.busy === tracked) session.busy = null;
    });
  }

  /** Waits until every lease release is done (before the shared engines close). */
  async settleLeases(): Promise<void> {
    await Promise.all([...this.releasing]);
  }

  // ---- ingest callbacks ----

  private async refuse(userId: string | null, reason: string): Promise<PublishDecision> {
    if (userId) await recordRefusal(this.db, userId, reason);
    return { accept: false, reason };
  }

  /**
   * Who may publish: the key's creator in good standing, one publisher per key and LIVE_MAX_STREAMS, checked here
   * and, through the publisher lease, across instances (while Redis is unreachable, this instance's own view).
   */
  async authorize(attempt: PublishAttempt): Promise<PublishDecision> {
    if (this.stopping) return { accept: false, reason: liveNotices.unavailable };
    const channel = await channelByKey(this.db, attempt.streamKey);
    if (!channel) return this.refuse(null, liveMessages.unknownKey);
    const user = await liveService.creatorRow(this.db, channel.userId);
    if (!user || (user.role !== 'dj' && user.role !== 'admin')) return this.refuse(null, liveMessages.unknownKey);
    if (!user.isActive) return this.refuse(user.id, liveMessages.deactivated);
    if (user.pendingPayment) return this.refuse(user.id, liveMessages.pendingPayment);
    const needsPlan = await liveStreamRefusal(this.services, user.id);
    if (needsPlan) return this.refuse(user.id, needsPlan);
    // The stop may have begun while the reads above waited.
    if (this.stopping) return { accept: false, reason: liveNotices.unavailable };
    const current = this.sessionOfUser(user.id);
    if (current?.connectionId) return this.refuse(user.id, liveMessages.alreadyLive);
    if (current) {
      // Back within the grace period: same session, same HLS folder (the playlist continues), a new recording part.
      current.connectionId = attempt.connectionId;
      const kept = await this.leaseOp(current, () => this.services.leases.renew(publisherLeaseGroup, current.userId, current.id, { ttlMs: this.options.leaseTtlMs, yielding: false }));
      if (kept === false) {
        // Another instance took the key over while we waited for the publisher: it is live there.
        current.connectionId = null;
        this.endLost(current);
        return this.refuse(user.id, liveMessages.alreadyLive);
      }
      if (current.connectionId !== attempt.connectionId || !this.sessions.has(current.id)) return { accept: false, reason: liveNotices.unavailable };
      const part = `part-${current.parts.length + 1}.ts`;
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
      leaseOps: Promise.resolve(),
      busy: null,
    };
    this.sessions.set(id, session);
    this.connections.set(attempt.connectionId, { sessionId: id, userId: user.id, streamKey: attempt.streamKey, part: 'part-1.ts' });
    const claim = await this.leaseOp(session, () =>
      this.services.leases.claim(publisherLeaseGroup, user.id, id, { ttlMs: this.options.leaseTtlMs, limit: this.config.live.maxStreams }),
    );
    if (claim === 'held' || claim === 'full') {
      this.connections.delete(attempt.connectionId);
      this.sessions.delete(id);
      return this.refuse(user.id, claim === 'held' ? liveMessages.alreadyLive : liveMessages.tooManyStreams);
    }
    if (!this.sessions.has(id)) return { accept: false, reason: liveNotices.unavailable };
    this.ensureHeartbeat();
    return { accept: true, hlsDir: session.hlsDir, recordingPath: join(liveService.recordingDir(this.config.dataDir, recordingId), 'part-1.ts') };
  }

  onStarted(connectionId: string): void {
    const connection = this.connections.get(connectionId);
    const session = connection && this.sessions.get(connection.sessionId);
    if (!connection || !session) return;
    this.inOrder(session, () => this.started(session, connection));
  }

  private started(session: LiveSession, connection: Connection): Promise<void> | void {
    if (this.sessions.get(session.id) !== session) return;
    if (session.graceTimer) clearTimeout(session.graceTimer);
    session.graceTimer = null;
    if (!session.parts.includes(connection.part)) session.parts.push(connection.part);
    if (session.startedAt) return this.continued(session, [...session.parts]);
    return this.goLive(session);
  }

  private async continued(session: LiveSession, parts: string[]): Promise<void> {
    await liveService.updateRecordingParts(this.db, session.recordingId, parts);
    this.services.log.info({ sessionId: session.id, userId: session.userId }, 'live: publisher back, session continues');
  }

  /** The first publish runs: the event goes live (the one on now, else a spot event) and the session is stored. */
  private async goLive(session: LiveSession): Promise<void> {
    const now = new Date();
    const user = (await liveService.creatorRow(this.db, session.userId))!;
    const event = (await liveService.eventForPublish(this.db, user.id, now)) ?? (await liveService.createSpotEvent(this.services, user, now));
    // Dropped while the event was chosen (its lease went to another instance): nothing goes live.
    if (this.sessions.get(session.id) !== session) return;
    session.eventId = event.id;
    session.isPremium = event.isPremium;
    session.startedAt = now.toISOString();
    const previous = this.sessionByEvent.get(event.id);
    if (previous && previous !== session.id) {
      const old = this.sessions.get(previous);
      if (old) this.endSession(old);
    }
    this.sessionByEvent.set(event.id, session.id);
    this.housekeeping.startSession(session.id, session.hlsDir);
    await liveService.insertSession(this.db, { id: session.id, userId: user.id, eventId: event.id, recordingId: session.recordingId, startedAt: session.startedAt, parts: session.parts });
    this.services.log.info({ sessionId: session.id, userId: user.id, eventId: event.id }, 'live: session started');
    await this.services.domainEvents.publish('live:stream-started', { sessionId: session.id, userId: user.id, eventId: event.id, eventName: event.name, startedAt: session.startedAt });
    this.ensureViewerTicker();
    this.signal(event.id);
  }

  onHealth(connectionId: string, health: StreamHealth): void {
    const connection = this.connections.get(connectionId);
    const session = connection && this.sessions.get(connection.sessionId);
    if (session) session.health = health;
  }

  onRefused(attempt: PublishAttempt, reason: string): void {
    const connection = this.connections.get(attempt.connectionId);
    if (connection) {
      // refused after authorize accepted (codecs): nothing was written
      this.connections.delete(attempt.connectionId);
      const session = this.sessions.get(connection.sessionId);
      if (session?.connectionId === attempt.connectionId) session.connectionId = null;
      if (session && !session.startedAt) this.dropSession(session);
      void this.track(recordRefusal(this.db, connection.userId, reason));
      return;
    }
    // refused by the engine before authorize (a second publisher on a live key)
    void this.track(this.recordEngineRefusal(attempt.streamKey, reason));
  }

  private async recordEngineRefusal(streamKey: string, reason: string): Promise<void> {
    const channel = await channelByKey(this.db, streamKey);
    if (channel && reason !== liveMessages.unknownKey) await recordRefusal(this.db, channel.userId, reason);
  }

  onEnded(connectionId: string, info: EndedInfo): void {
    const connection = this.connections.get(connectionId);
    this.connections.delete(connectionId);
    const session = connection && this.sessions.get(connection.sessionId);
    if (!session) return;
    if (session.connectionId === connectionId) session.connectionId = null;
    session.health = null;
    this.inOrder(session, () => this.ended(session, connection, info));
  }

  private ended(session: LiveSession, connection: Connection, info: EndedInfo): void {
    if (this.sessions.get(session.id) !== session) return;
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
    session.graceTimer = setTimeout(() => this.endSession(session), this.options.graceMs);
    session.graceTimer.unref();
  }

  /** A session that never went live (refused before ffmpeg ran): forget it, nothing was written. */
  private dropSession(session: LiveSession): void {
    if (session.graceTimer) clearTimeout(session.graceTimer);
    if (!this.sessions.delete(session.id)) return;
    this.releaseLease(session);
  }

  /**
   * Live → ended: the state changes here at once; then (after the session's steps in flight) the end is stored, the
   * status subscribers told, and the playlist gets its ENDLIST and the recording is finished in the background.
   */
  private endSession(session: LiveSession): void {
    if (!this.sessions.has(session.id) || !session.startedAt || !session.eventId) return;
    if (session.graceTimer) clearTimeout(session.graceTimer);
    session.graceTimer = null;
    this.sessions.delete(session.id);
    this.releaseLease(session);
    if (this.sessionByEvent.get(session.eventId) === session.id) this.sessionByEvent.delete(session.eventId);
    this.viewers.forget(session.id);
    const endedAt = nowIso();
    const { eventId, startedAt } = session;
    this.inOrder(session, async () => {
      await liveService.markSessionEnded(this.db, session.id, session.recordingId, endedAt);
      this.services.log.info({ sessionId: session.id, eventId }, 'live: session ended');
      await this.services.domainEvents.publish('live:stream-ended', { sessionId: session.id, userId: session.userId, eventId, startedAt, endedAt, recordingId: session.recordingId });
      this.signal(eventId);
      this.housekeeping.finishSession({ id: session.id, recordingId: session.recordingId, hlsDir: session.hlsDir, parts: session.parts }, () => this.signal(eventId));
    });
  }

  // ---- the publisher lease ----

  private readonly releasing = new Set<Promise<unknown>>();

  private leaseOp<T>(session: LiveSession, op: () => Promise<T>): Promise<T> {
    const next = session.leaseOps.then(op);
    session.leaseOps = next.catch(() => undefined);
    return next;
  }

  private releaseLease(session: LiveSession): void {
    const release = this.leaseOp(session, () => this.services.leases.release(publisherLeaseGroup, session.userId, session.id)).catch((error: unknown) =>
      this.services.log.warn({ err: error, sessionId: session.id }, 'live: publisher lease not released'),
    );
    this.releasing.add(release);
    void release.finally(() => this.releasing.delete(release));
  }

  /** Our lease went to another holder: the session ends here (its publish is closed). */
  private endLost(session: LiveSession): void {
    if (!this.sessions.has(session.id)) return;
    this.services.log.warn({ sessionId: session.id, userId: session.userId }, 'live: the stream key is live on another instance, session ends here');
    if (session.connectionId) {
      session.endNow = true;
      this.options.kick(session.connectionId);
    } else if (session.startedAt) this.endSession(session);
    else this.dropSession(session);
  }

  /** Every third of the lease's life each session here renews it (yielding while its publisher is away). */
  private ensureHeartbeat(): void {
    if (this.heartbeatTimer) return;
    this.heartbeatTimer = setInterval(() => {
      if (!this.sessions.size) {
        clearInterval(this.heartbeatTimer!);
        this.heartbeatTimer = null;
        return;
      }
      for (const session of this.sessions.values()) {
        void this.leaseOp(session, () =>
          this.sessions.has(session.id)
            ? this.services.leases.renew(publisherLeaseGroup, session.userId, session.id, { ttlMs: this.options.leaseTtlMs, yielding: !session.connectionId })
            : Promise.resolve(true as const),
        ).then(
          (kept) => {
            if (kept === false) this.endLost(session);
          },
          (error: unknown) => this.services.log.warn({ err: error, sessionId: session.id }, 'live: publisher lease not renewed'),
        );
      }
    }, Math.max(50, Math.floor(this.options.leaseTtlMs / 3)));
    this.heartbeatTimer.unref();
  }

  // ---- viewers and status ----

  signal(eventId: string): void {
    this.services.bus.publish(liveStatusTopic(eventId), null);
  }

  /**
   * A player fetched a playlist of the session (viewer = token subject, else a hash of address and user agent). With
   * several instances the session may be held by another one; the count is shared.
   */
  noteViewer(sessionId: string, viewerKey: string): void {
    if (!this.sessions.has(sessionId) && this.services.bus.kind === 'memory') return;
    this.viewers.note(sessionId, viewerKey);
  }

  async viewerCount(sessionId: string): Promise<number> {
    return this.viewers.count(sessionId);
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
        const eventId = session.eventId;
        if (!eventId) continue;
        void this.viewerCount(session.id).then((count) => {
          if (count === session.publishedViewers) return;
          session.publishedViewers = count;
          // Status subscribers may listen on other instances: then every change goes out.
          if (this.services.bus.kind !== 'memory' || this.services.bus.listenerCount(liveStatusTopic(eventId))) this.signal(eventId);
        });
      }
    }, this.options.viewerTickMs);
    this.viewerTimer.unref();
  }

  sessionOfUser(userId: string): LiveSession | undefined {
    for (const session of this.sessions.values()) if (session.userId === userId) return session;
    return undefined;
  }

  /** The event's session on air now (started, possibly in its reconnect grace). */
  liveSessionOfEvent(eventId: string): LiveSession | undefined {
    const id = this.sessionByEvent.get(eventId);
    return id ? this.sessions.get(id) : undefined;
  }

  /**
   * A rotated key (`isRevoked` tells an old key): its publishes end at once (`kick` closes each connection; no grace), and so does a session of the
   * user waiting for its publisher. True when a stream ended.
   */
  endStreamsOfKey(userId: string, isRevoked: (streamKey: string) => boolean, kick: (connectionId: string) => void): boolean {
    let ended = false;
    for (const [connectionId, connection] of this.connections) {
      if (connection.userId !== userId || !isRevoked(connection.streamKey)) continue;
      const session = this.sessions.get(connection.sessionId);
      if (session) session.endNow = true;
      kick(connectionId);
      ended = true;
    }
    const session = this.sessionOfUser(userId);
    if (session && !session.connectionId && session.startedAt) {
      this.endSession(session);
      ended = true;
    }
    return ended;
  }
}
