import { join } from 'node:path';
import { newId, nowIso } from '@server/lib/ids';
import type { Services } from '@server/services';
import { liveStreamRefusal } from '@server/domains/billing/plan-access';
import type { EndedInfo, PublishAttempt, PublishDecision, StreamHealth } from './ingest';
import type { LiveHousekeeping } from './live.housekeeping';
import { channelByKey, recordRefusal } from './live.keys';
import { PublisherLeases } from './live.publisher-lease';
import { liveMessages, liveNotices } from './live.schemas';
import * as liveService from './live.service';
import { SessionSteps, type LiveSession, type PublishConnection } from './live.session-steps';
import { LiveViewers } from './live.viewers';

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
  private readonly connections = new Map<string, PublishConnection>();
  private readonly viewers: LiveViewers;
  private readonly leases: PublisherLeases;
  private stopping = false;
  /** Database work the ingest callbacks started (they answer nothing): waited for before the database closes. */
  private readonly steps: SessionSteps;

  constructor(
    private readonly services: Services,
    private readonly housekeeping: LiveHousekeeping,
    private readonly options: LiveSessionsOptions,
  ) {
    this.viewers = new LiveViewers(services, this.sessions, options.viewerTickMs);
    this.leases = new PublisherLeases(services, this.sessions, options.leaseTtlMs, (session) => this.endLost(session));
    this.steps = new SessionSteps(services.log);
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
    await this.steps.settle();
    for (const session of [...this.sessions.values()]) {
      if (session.startedAt) this.endSession(session);
      else this.dropSession(session);
    }
    this.viewers.stopTicker();
    this.leases.stopHeartbeat();
    await this.steps.settle();
  }

  /** Waits until every lease release is done (before the shared engines close). */
  async settleLeases(): Promise<void> {
    await this.leases.settle();
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
      const kept = await this.leases.renew(current);
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
    const claim = await this.leases.claim(session, this.config.live.maxStreams);
    if (claim === 'held' || claim === 'full') {
      this.connections.delete(attempt.connectionId);
      this.sessions.delete(id);
      return this.refuse(user.id, claim === 'held' ? liveMessages.alreadyLive : liveMessages.tooManyStreams);
    }
    if (!this.sessions.has(id)) return { accept: false, reason: liveNotices.unavailable };
    this.leases.ensureHeartbeat();
    return { accept: true, hlsDir: session.hlsDir, recordingPath: join(liveService.recordingDir(this.config.dataDir, recordingId), 'part-1.ts') };
  }

  onStarted(connectionId: string): void {
    const connection = this.connections.get(connectionId);
    const session = connection && this.sessions.get(connection.sessionId);
    if (!connection || !session) return;
    this.steps.inOrder(session, () => this.started(session, connection));
  }

  private started(session: LiveSession, connection: PublishConnection): Promise<void> | void {
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
    this.viewers.ensureTicker();
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
      void this.steps.track(recordRefusal(this.db, connection.userId, reason));
      return;
    }
    // refused by the engine before authorize (a second publisher on a live key)
    void this.steps.track(this.recordEngineRefusal(attempt.streamKey, reason));
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
    this.steps.inOrder(session, () => this.ended(session, connection, info));
  }

  private ended(session: LiveSession, connection: PublishConnection, info: EndedInfo): void {
    if (this.sessions.get(session.id) !== session) return;
    if (!session.startedAt) {
      this.dropSession(session);
      return;
    }
    if (info.started === false) session.parts = session.parts.filter((part) => part !== connection.part);
    if (session.endNow || info.reason === 'kicked' || info.reason === 'stopped' || info.reason === 'shutdown' || this.stopping) {
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
    this.leases.release(session);
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
    this.leases.release(session);
    if (this.sessionByEvent.get(session.eventId) === session.id) this.sessionByEvent.delete(session.eventId);
    this.viewers.forget(session.id);
    const endedAt = nowIso();
    const { eventId, startedAt } = session;
    this.steps.inOrder(session, async () => {
      await liveService.markSessionEnded(this.db, session.id, session.recordingId, endedAt);
      this.services.log.info({ sessionId: session.id, eventId }, 'live: session ended');
      await this.services.domainEvents.publish('live:stream-ended', { sessionId: session.id, userId: session.userId, eventId, startedAt, endedAt, recordingId: session.recordingId });
      this.signal(eventId);
      this.housekeeping.finishSession({ id: session.id, recordingId: session.recordingId, hlsDir: session.hlsDir, parts: session.parts }, () => this.signal(eventId));
    });
  }

  // ---- the publisher lease ----

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

  // ---- viewers and status ----

  signal(eventId: string): void {
    this.viewers.signal(eventId);
  }

  /** A player fetched a playlist of the session (see LiveViewers.note). */
  noteViewer(sessionId: string, viewerKey: string): void {
    this.viewers.note(sessionId, viewerKey);
  }

  async viewerCount(sessionId: string): Promise<number> {
    return this.viewers.count(sessionId);
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
