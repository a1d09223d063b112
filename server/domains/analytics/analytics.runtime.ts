import { uncountedMediaAudience, type MediaAudience } from '@server/platform/media-audience';
import type { Services } from '@server/services';
import { countMediaRequests } from './counting';
import { MediaCounter, type MediaCounterOptions } from './media-counter';
import { MediaItems } from './media-items';
import { rollUpOldAudiences } from './retention';

export interface AnalyticsRuntimeOptions extends MediaCounterOptions {
  /** How often this instance offers to run the counting sweep (default 10 s). */
  countingPeriodMs?: number;
  /** How often the retention sweep runs across instances (default 1 hour). */
  retentionPeriodMs?: number;
}

type AnalyticsServices = Pick<Services, 'db' | 'clock' | 'storage' | 'sweeps' | 'listenerKeys' | 'log'>;

/**
 * Audience analytics per instance (issue 33): the media counter on the request path (`audience`, what the composition
 * root hands the media routes as `services.mediaAudience`; nothing counts with ANALYTICS_COUNTING=off), the counting
 * sweep every 10 s and the retention sweep every hour (each once across instances). `settle()` writes this
 * instance's buffer and runs the counting sweep now (tests, the benchmark).
 */
export class AnalyticsRuntime {
  /** What media routes tell what they served. */
  readonly audience: MediaAudience;
  private services: AnalyticsServices | null = null;
  private items: MediaItems | null = null;
  private counter: MediaCounter | null = null;
  private timers: NodeJS.Timeout[] = [];
  private counting: Promise<void> = Promise.resolve();

  constructor(
    private readonly counts: boolean,
    private readonly options: AnalyticsRuntimeOptions = {},
  ) {
    // Told before `attach` (never in practice: routes are registered after): dropped.
    this.audience = counts ? { served: (request, media) => this.counter?.served(request, media) } : uncountedMediaAudience;
  }

  /** Hands the runtime the services it counts with (the composition root, once they exist). */
  attach(services: AnalyticsServices): void {
    this.services = services;
    this.items = new MediaItems(services);
    this.counter = new MediaCounter(services, this.items, this.options);
  }

  /** The counting sweep (when counting is on) and the retention sweep (always: live viewer minutes are kept either way). */
  start(): void {
    if (!this.services || this.timers.length) return;
    const tick = (work: () => Promise<unknown>, what: string) => () => void work().catch((error: unknown) => this.services?.log.error({ err: error }, what));
    if (this.counts) this.timers.push(setInterval(tick(() => this.settle(), 'analytics: counting sweep failed'), this.options.countingPeriodMs ?? 10_000));
    this.timers.push(setInterval(tick(() => this.retain(), 'analytics: retention sweep failed'), this.options.retentionPeriodMs ?? 60 * 60_000));
    for (const timer of this.timers) timer.unref();
  }

  /** Stops the sweeps and writes what is buffered (before the database closes). */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.counter?.stop();
    await this.counting;
  }

  /** Writes this instance's buffered requests and runs the counting sweep now (after a run under way here). */
  async settle(): Promise<void> {
    const { services, items, counter } = this;
    if (!services || !items || !counter) return;
    await counter.flush();
    const run = this.counting.then(async () => {
      await services.sweeps.runExclusive('analytics-counting', { ttlMs: 5 * 60_000 }, () => countMediaRequests(services, items));
    });
    this.counting = run.catch(() => undefined);
    await run;
  }

  /** Runs the retention sweep (once an hour across instances; tests call it with a moved clock). */
  async retain(): Promise<void> {
    const { services } = this;
    if (!services) return;
    const periodMs = this.options.retentionPeriodMs ?? 60 * 60_000;
    await services.sweeps.runExclusive('analytics-retention', { ttlMs: 30 * 60_000, periodMs }, () => rollUpOldAudiences(services));
  }

  /** Rolls up now whatever the period says (tests): the retention work without the sweep's period lock. */
  async retainNow(): Promise<number> {
    return this.services ? rollUpOldAudiences(this.services) : 0;
  }
}
