import { eq } from 'drizzle-orm';
import { liveViewerMinutes, liveViewerSamples } from '@db/schema/analytics';
import { liveSessions } from '@db/schema/live';
import type { Services } from '@server/services';

/** How often the sampler looks whether a new minute began (a sample a minute; the rest of the ticks do nothing). */
const sampleCheckMs = 15_000;
/** Viewer minutes noted are written this long after the first of a batch (insert or ignore, never per request). */
const flushDelayMs = 5_000;
/** Rows per insert statement (3 columns each: well under either engine's parameter limit). */
const batchRows = 500;

/** The minute of an instant, `YYYY-MM-DDTHH:MM:00.000Z`. */
export function minuteOf(ms: number): string {
  return new Date(ms - (ms % 60_000)).toISOString();
}

type AudienceServices = Pick<Services, 'db' | 'clock' | 'listenerKeys' | 'log' | 'background'>;

/**
 * The live audience as analytics reads it (issue 33), written by the live domain: once a minute each live session's
 * viewer count (`live_viewer_samples`, the shared presence count; every instance may sample, one row per session and
 * minute wins), and the minutes each viewer's player fetched a playlist (`live_viewer_minutes`, keyed by a salted
 * listener key, never the address), deduplicated here per minute and written in batches.
 */
export class LiveAudience {
  private pending = new Map<string, { eventId: string; minute: string; viewerKey: string }>();
  /** Keys already written (or queued) for the minute `seenMinute`: a viewer's repeated fetches cost nothing. */
  private seen = new Set<string>();
  private seenMinute = '';
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private sampleTimer: NodeJS.Timeout | null = null;
  private sampledMinute = '';

  constructor(
    private readonly services: AudienceServices,
    private readonly viewerCount: (sessionId: string) => Promise<number>,
  ) {}

  /**
   * The salted key of a viewer: a signed-in viewer (`userId`) by their account (the same on every address), else
   * the client address and User-Agent (IPv6 cut to its /64), under today's salt.
   */
  keyOf(userId: string | null, address: string, userAgent: string | undefined): string {
    return userId ? this.services.listenerKeys.keyOf(`user:${userId}`, '').current : this.services.listenerKeys.keyOf(address, userAgent).current;
  }

  /** A viewer's player fetched a playlist of the event's live session: their minute, written with the next batch. */
  note(eventId: string, viewerKey: string): void {
    const minute = minuteOf(this.services.clock.now());
    if (minute !== this.seenMinute) {
      this.seen = new Set();
      this.seenMinute = minute;
    }
    const id = `${eventId}\n${viewerKey}`;
    if (this.seen.has(id)) return;
    this.seen.add(id);
    this.pending.set(`${minute}\n${id}`, { eventId, minute, viewerKey });
    if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => {
        this.flushTimer = null;
        this.services.background.run('live: writing viewer minutes failed', () => this.flush());
      }, flushDelayMs);
      this.flushTimer.unref();
    }
  }

  /** Writes the viewer minutes noted so far (tests; the stop). */
  flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const rows = [...this.pending.values()];
    this.pending = new Map();
    this.flushing = this.flushing.catch(() => undefined).then(async () => {
      for (let at = 0; at < rows.length; at += batchRows) {
        await this.services.db.insert(liveViewerMinutes).values(rows.slice(at, at + batchRows)).onConflictDoNothing();
      }
    });
    return this.flushing;
  }

  /** Samples every live session's viewer count for the minute now (one row per session and minute, first wins). */
  async sampleNow(): Promise<void> {
    const at = minuteOf(this.services.clock.now());
    this.sampledMinute = at;
    const live = await this.services.db
      .select({ id: liveSessions.id, eventId: liveSessions.eventId, userId: liveSessions.userId })
      .from(liveSessions)
      .where(eq(liveSessions.state, 'live'));
    for (const session of live) {
      const viewers = await this.viewerCount(session.id);
      await this.services.db
        .insert(liveViewerSamples)
        .values({ sessionId: session.id, eventId: session.eventId, creatorId: session.userId, at, viewers })
        .onConflictDoNothing();
    }
  }

  /** The sampler's timer: looks every 15 s, samples once a minute. */
  start(): void {
    if (this.sampleTimer) return;
    this.sampleTimer = setInterval(() => {
      if (minuteOf(this.services.clock.now()) === this.sampledMinute) return;
      this.services.background.run('live: sampling viewers failed', () => this.sampleNow());
    }, sampleCheckMs);
    this.sampleTimer.unref();
  }

  /** Stops the sampler and writes what is noted (before the database closes). */
  async stop(): Promise<void> {
    if (this.sampleTimer) clearInterval(this.sampleTimer);
    this.sampleTimer = null;
    await this.flush();
  }
}
