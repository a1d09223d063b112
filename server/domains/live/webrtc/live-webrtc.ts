import type { Services } from '@server/services';
import type { EventStreamOutput } from '@server/domains/events/events.schemas';
import type { LiveAudience } from '../live.audience';
import { liveLimits, liveNotices } from '../live.schemas';
import * as liveService from '../live.service';
import type { LiveSessions } from '../live.sessions';
import { grantOpens, type PlaybackTokens } from '../live.tokens';
import { viewerKeyOf } from '../live.viewers';
import { type EngineStats, WebRtcEngine, type WebRtcAnswer } from './engine';
import { webrtcMessages } from './webrtc.messages';

export interface LiveWebRtcHooks {
  /** Whether a live session this instance does not hold may be another instance's (instances share a bus). */
  heldElsewhere: () => boolean;
  /** A connected WHEP viewer, noted like a player fetching a playlist (viewer count, audience minutes). */
  noteViewer: (sessionId: string, viewerKey: string, audience: { eventId: string; key: string }) => void;
  /** Why the RTMP ingest is off (LIVE_INGEST=off, no ffmpeg), or null: WHIP is off for the same reason. */
  ingestReason: () => string | null;
}

/**
 * WHIP ingest and WHEP playback of this instance (issue 35), beside the RTMP listener: the engine (engine.ts, media in
 * a worker thread) fed by the same session handlers as RTMP, and what the routes (live.webrtc-routes.ts) ask of it.
 */
export class LiveWebRtc {
  private engine: WebRtcEngine | null = null;

  constructor(
    private readonly services: Services,
    private readonly sessions: LiveSessions,
    private readonly tokens: PlaybackTokens,
    private readonly audience: LiveAudience,
    private readonly hooks: LiveWebRtcHooks,
  ) {}

  /** Starts the engine (LIVE_WEBRTC=off: not). Called by the runtime once ffmpeg was found. */
  async start(): Promise<void> {
    const { live } = this.services.config;
    if (!live.webrtc.enabled || this.engine) return;
    const log = this.services.log;
    const sessions = this.sessions;
    const engine = new WebRtcEngine(
      {
        settings: {
          portRange: live.webrtc.udpPorts,
          publicIp: live.webrtc.publicIp,
          ffmpegPath: live.ffmpegPath,
          segmentSeconds: liveLimits.segmentSeconds,
          playlistSize: 6,
          transcode480p: false,
          connectTimeoutMs: 15_000,
        },
        maxViewers: live.webrtc.maxViewers,
        logger: { info: (o, m) => log.info(o, m), warn: (o, m) => log.warn(o, m), error: (o, m) => log.error(o, m) },
        noteViewer: this.hooks.noteViewer,
      },
      {
        authorize: (attempt) => sessions.authorize(attempt),
        onStarted: (connectionId) => sessions.onStarted(connectionId),
        onHealth: (connectionId, health) => sessions.onHealth(connectionId, health),
        onRefused: (attempt, reason) => sessions.onRefused(attempt, reason),
        onEnded: (connectionId, info) => sessions.onEnded(connectionId, info),
      },
    );
    try {
      await engine.start();
      this.engine = engine;
    } catch (error) {
      log.error({ err: error }, 'WebRTC ingest could not start');
    }
  }

  /** Ends every WHIP publish (their sessions end, recordings are finished) and WHEP viewer. */
  async stop(): Promise<void> {
    const engine = this.engine;
    this.engine = null;
    await engine?.stop();
  }

  kick(connectionId: string): void {
    this.engine?.kick(connectionId);
  }

  /** Whether the publish feeding a session is a WHIP publish held here (WHEP can relay it). */
  holds(connectionId: string | null): boolean {
    return !!this.engine?.running && this.engine.holds(connectionId);
  }

  /** events.stream's answer for a live session, with `whepUrl` when a WHIP publish held here feeds it (RTMP: HLS only). */
  withWhep(answer: EventStreamOutput, connectionId: string | null, eventId: string): EventStreamOutput {
    return this.holds(connectionId) ? { ...answer, whepUrl: `/live/whep/${eventId}` } : answer;
  }

  /** Why WHIP/WHEP answer 503 now, or null when the engine runs. */
  unavailable(): string | null {
    if (this.engine?.running) return null;
    if (!this.services.config.live.webrtc.enabled) return webrtcMessages.off;
    return this.hooks.ingestReason() ?? liveNotices.unavailable;
  }

  /** WHIP POST: a publish with the creator's stream key (the same rules as RTMP). */
  whipPublish(input: { streamKey: string; offer: string; remoteAddress: string }): Promise<WebRtcAnswer> {
    if (!this.engine?.running) return Promise.resolve({ ok: false, status: 503, message: this.unavailable() ?? liveNotices.unavailable });
    return this.engine.publish(input);
  }

  /** WHIP DELETE: false when no publish of that id and key is held here. */
  whipEnd(id: string, streamKey: string): boolean {
    return this.engine?.endPublish(id, streamKey) ?? false;
  }

  /**
   * WHEP POST: the event must be live from a WHIP publish held here; a premium event needs the viewer's live playback
   * token (events.stream's, for this session); the viewer's connection closes when that token expires.
   */
  async whepView(input: { eventId: string; token: string | undefined; ip: string; userAgent: string | undefined; offer: string }): Promise<WebRtcAnswer> {
    const engine = this.engine;
    if (!engine?.running) return { ok: false, status: 503, message: this.unavailable() ?? liveNotices.unavailable };
    const session = this.sessions.liveSessionOfEvent(input.eventId);
    const event = await liveService.findEvent(this.services.db, input.eventId);
    if (!event) return { ok: false, status: 404, message: webrtcMessages.notLive };
    if (!session?.startedAt) {
      // Live through another instance: its viewers play HLS here.
      const elsewhere = this.hooks.heldElsewhere() ? await liveService.lastSessionOfEvent(this.services.db, input.eventId) : undefined;
      return elsewhere?.state === 'live' ? { ok: false, status: 503, message: webrtcMessages.notHere } : { ok: false, status: 404, message: webrtcMessages.notLive };
    }
    let viewer: string | null = null;
    let expiresAtMs: number | null = null;
    if (event.isPremium) {
      const grant = await this.tokens.verify(input.token);
      if (!grant || !grantOpens(grant, event.id, 'live', session.id)) {
        return { ok: false, status: input.token ? 403 : 401, message: webrtcMessages.tokenRequired };
      }
      if (grant.sub !== 'guest') viewer = grant.sub;
      expiresAtMs = grant.exp * 1000;
    }
    if (!engine.holds(session.connectionId)) return { ok: false, status: 503, message: webrtcMessages.notHere };
    return engine.view({
      publishId: session.connectionId!,
      sessionId: session.id,
      eventId: event.id,
      // the same keys as an HLS player's (live.playback.ts), so a viewer falling back to HLS counts once
      viewerKey: viewer ? `u:${viewer}` : viewerKeyOf(input.ip, input.userAgent),
      audienceKey: this.audience.keyOf(viewer, input.ip, input.userAgent),
      expiresAtMs,
      offer: input.offer,
    });
  }

  /** WHEP DELETE of a viewer's session. */
  whepEnd(viewerId: string): boolean {
    return this.engine?.endView(viewerId) ?? false;
  }

  /** The engine's figures (benchmarks): worker event loop, CPU, publishers, viewers; null when it is not running. */
  stats(): Promise<EngineStats | null> {
    return this.engine?.stats() ?? Promise.resolve(null);
  }
}
