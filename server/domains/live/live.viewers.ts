import { createHash } from 'node:crypto';
import type { Services } from '@server/services';
import type { Presence } from '@server/platform/bus-presence';
import { liveLimits } from './live.schemas';
import { liveStatusTopic } from './live.status';
import type { LiveSession } from './live.session-steps';

/**
 * A viewer without a playback token: a hash of the client address and user agent. Who watches a session is counted
 * by `services.presence` (the viewers that fetched one of its playlists within the viewer window, across instances).
 */
export function viewerKeyOf(ip: string, userAgent: string | undefined): string {
  return createHash('sha256').update(`${ip}\n${userAgent ?? ''}`).digest('base64url').slice(0, 22);
}

/**
 * Who watches this instance's sessions and what status subscribers hear: the viewers who fetched a playlist within
 * the viewer window (counted across instances with Redis), a ticker that re-publishes changed counts, and the status
 * signal on the bus.
 */
export class LiveViewers {
  /** Who fetched a playlist within the viewer window, per session (counted across instances with Redis). */
  private readonly viewers: Presence;
  private viewerTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly services: Pick<Services, 'bus' | 'presence'>,
    private readonly sessions: ReadonlyMap<string, LiveSession>,
    private readonly tickMs: number,
  ) {
    this.viewers = services.presence('live-viewers', liveLimits.viewerWindowSeconds * 1000);
  }

  signal(eventId: string): void {
    this.services.bus.publish(liveStatusTopic(eventId), null);
  }

  /**
   * A player fetched a playlist of the session (viewer = token subject, else a hash of address and user agent). With
   * several instances the session may be held by another one; the count is shared.
   */
  note(sessionId: string, viewerKey: string): void {
    if (!this.sessions.has(sessionId) && this.services.bus.kind === 'memory') return;
    this.viewers.note(sessionId, viewerKey);
  }

  async count(sessionId: string): Promise<number> {
    return this.viewers.count(sessionId);
  }

  forget(sessionId: string): void {
    this.viewers.forget(sessionId);
  }

  ensureTicker(): void {
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
        void this.count(session.id).then((count) => {
          if (count === session.publishedViewers) return;
          session.publishedViewers = count;
          // Status subscribers may listen on other instances: then every change goes out.
          if (this.services.bus.kind !== 'memory' || this.services.bus.listenerCount(liveStatusTopic(eventId))) this.signal(eventId);
        });
      }
    }, this.tickMs);
    this.viewerTimer.unref();
  }

  stopTicker(): void {
    if (this.viewerTimer) clearInterval(this.viewerTimer);
    this.viewerTimer = null;
  }
}
