import type { Services } from '@server/services';
import { publisherLeaseGroup } from './live.housekeeping';
import type { LiveSession } from './live.session-steps';

/**
 * The publisher leases of this instance's sessions (one per creator, counted for LIVE_MAX_STREAMS; shared with
 * Redis, so the rules hold across instances): each session's lease operations run one after another, a heartbeat
 * renews them every third of their life (yielding while the publisher is away), and a lease found held elsewhere
 * is reported through `onLost`.
 */
export class PublisherLeases {
  private readonly releasing = new Set<Promise<unknown>>();
  private heartbeatTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly services: Pick<Services, 'leases' | 'log'>,
    private readonly sessions: ReadonlyMap<string, LiveSession>,
    private readonly ttlMs: number,
    private readonly onLost: (session: LiveSession) => void,
  ) {}

  /** Takes the creator's lease for a new session: `held` (live elsewhere) and `full` (LIVE_MAX_STREAMS) refuse it. */
  claim(session: LiveSession, limit: number) {
    return this.op(session, () => this.services.leases.claim(publisherLeaseGroup, session.userId, session.id, { ttlMs: this.ttlMs, limit }));
  }

  /** Renews the lease of a session whose publisher came back; false: another instance took the key over. */
  renew(session: LiveSession) {
    return this.op(session, () => this.services.leases.renew(publisherLeaseGroup, session.userId, session.id, { ttlMs: this.ttlMs, yielding: false }));
  }

  release(session: LiveSession): void {
    const release = this.op(session, () => this.services.leases.release(publisherLeaseGroup, session.userId, session.id)).catch((error: unknown) =>
      this.services.log.warn({ err: error, sessionId: session.id }, 'live: publisher lease not released'),
    );
    this.releasing.add(release);
    void release.finally(() => this.releasing.delete(release));
  }

  /** Waits until every lease release is done (before the shared engines close). */
  async settle(): Promise<void> {
    await Promise.all([...this.releasing]);
  }

  /** Every third of the lease's life each session here renews it (yielding while its publisher is away). */
  ensureHeartbeat(): void {
    if (this.heartbeatTimer) return;
    this.heartbeatTimer = setInterval(() => {
      if (!this.sessions.size) {
        clearInterval(this.heartbeatTimer!);
        this.heartbeatTimer = null;
        return;
      }
      for (const session of this.sessions.values()) {
        void this.op(session, () =>
          this.sessions.has(session.id)
            ? this.services.leases.renew(publisherLeaseGroup, session.userId, session.id, { ttlMs: this.ttlMs, yielding: !session.connectionId })
            : Promise.resolve(true as const),
        ).then(
          (kept) => {
            if (kept === false) this.onLost(session);
          },
          (error: unknown) => this.services.log.warn({ err: error, sessionId: session.id }, 'live: publisher lease not renewed'),
        );
      }
    }, Math.max(50, Math.floor(this.ttlMs / 3)));
    this.heartbeatTimer.unref();
  }

  stopHeartbeat(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
  }

  private op<T>(session: LiveSession, op: () => Promise<T>): Promise<T> {
    const next = session.leaseOps.then(op);
    session.leaseOps = next.catch(() => undefined);
    return next;
  }
}
