import type { FastifyBaseLogger } from 'fastify';
import type { StreamHealth } from './ingest';

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

/** One publish feeding a session (the ingest engine's connection). */
export interface PublishConnection {
  sessionId: string;
  userId: string;
  streamKey: string;
  part: string;
}

/**
 * The database work the ingest callbacks start (they answer nothing): each session's steps run in the order the
 * callbacks came, failures are logged, and the stop waits for all of it before the database closes.
 */
export class SessionSteps {
  private readonly work = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Resolves once no work is left (work started meanwhile included). */
  async settle(): Promise<void> {
    while (this.work.size) await Promise.all([...this.work]);
  }

  /** Keeps background work until it is done; a failure is logged (the promise answered never rejects). */
  track(promise: Promise<unknown>): Promise<void> {
    const tracked = promise.then(
      () => undefined,
      (error: unknown) => this.log.error({ err: error }, 'live: session work failed'),
    );
    this.work.add(tracked);
    void tracked.finally(() => this.work.delete(tracked));
    return tracked;
  }

  /**
   * Runs a step of the session now (synchronously, when nothing of it is in flight) or after its steps in flight,
   * so the ingest's callbacks act in the order they came although their database work awaits.
   */
  inOrder(session: LiveSession, step: () => void | Promise<void>): void {
    let run: Promise<void> | void;
    if (session.busy) {
      run = session.busy.then(step);
    } else {
      try {
        run = step();
      } catch (error) {
        this.log.error({ err: error, sessionId: session.id }, 'live: session work failed');
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
}
