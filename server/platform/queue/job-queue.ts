import { AsyncResource } from 'node:async_hooks';
import { JobStore, type ClaimedJob, type JobTable, type QueueDb, type QueueTx } from './job-store';
import { nextAttemptAt, type RetryPolicy } from './retry-policy';

export type { ClaimedJob, JobTable, QueueDb, QueueTx } from './job-store';

/** What one attempt came to, with the kind's own detail for recording it. */
export type Attempt<D> =
  | { outcome: 'done'; detail: D }
  /** Failed for now: tried again after the backoff, or exactly after the server's Retry-After when it gave one. */
  | { outcome: 'retry'; detail: D; retryAfterMs?: number | null }
  /** Failed for good: retrying would not help. */
  | { outcome: 'failed'; detail: D };

/** The attempt as the queue settled it. `startedAt` is the claim time, `at` the time it is recorded (epoch ms). */
export type Settled<D> = { detail: D; startedAt: number; at: number } & (
  | { state: 'done' }
  | { state: 'retrying'; retryAt: number }
  /** Given up: refused for good, past the attempts or the deadline of the retry policy. */
  | { state: 'dead' }
);

export interface JobKind<J extends ClaimedJob, D> {
  table: JobTable;
  retry: RetryPolicy;
  /** Attempts in flight at most, in this process. */
  concurrency: number;
  /** A claim older than this was abandoned (its process died mid-attempt): the job is claimed again. */
  leaseMs: number;
  /** How often an idle kind looks for work another instance queued (default 5 s). */
  idlePollMs?: number;
  /** false: nothing runs in the background; `runDue` drives the kind (tests with their own clock). */
  background?: boolean;
  /** Reads what the claimed jobs need (their rows and what they join); a job missing from the answer is left alone. */
  load(claimed: ClaimedJob[]): Promise<J[]>;
  /** One attempt. Never throws: a throw is logged and the job is claimed again once its lease runs out. */
  run(job: J): Promise<Attempt<D>>;
  /** No attempt after this moment (epoch ms). */
  deadline?(job: J): number | null;
  /** The row's own columns for the settled attempt; its status too when done or dead (the queue sets a retry's). */
  columns(job: J, settled: Settled<D>): Record<string, unknown>;
  /** More writes in the same transaction; may answer work to do once it committed (a notice by mail). */
  settle?(tx: QueueTx, job: J, settled: Settled<D>): Promise<void | (() => void)>;
}

/** Per kind: jobs not settled yet, attempts in flight here, and since this process started, the outcomes. */
export interface JobMetrics {
  queued: number;
  inFlight: number;
  succeeded: number;
  /** Failed attempts, retried or not. */
  failed: number;
  /** Jobs given up on. */
  dead: number;
}

/** Where failures are logged (the app's logger). */
export interface QueueLog {
  error(details: object, message: string): void;
}

/** What the rest of the app holds of a kind's lane. */
export type JobLaneHandle = Pick<JobLane, 'kind' | 'background' | 'start' | 'kick' | 'stop' | 'runDue' | 'metrics'>;

/** One kind's jobs on the shared queue: its claim loop, attempts in flight and counters. */
export class JobLane<J extends ClaimedJob = ClaimedJob, D = unknown> {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly store: JobStore;
  private readonly counts = { succeeded: 0, failed: 0, dead: 0 };
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  /** The pump under way (it awaits its claim): one at a time, so attempts never exceed the concurrency. */
  private pumping: Promise<void> | undefined;
  private pumpAgain = false;
  /**
   * Where the lane's timers start: the async context it was registered in, never a caller's (a `kick` from inside a
   * transaction must not make the claim a statement of that transaction).
   */
  private readonly scope = new AsyncResource('JobLane');

  constructor(
    readonly kind: string,
    db: QueueDb,
    private readonly handler: JobKind<J, D>,
    private readonly log: QueueLog,
    private readonly now: () => number,
    private readonly random: () => number,
  ) {
    this.store = new JobStore(db, handler.table, handler.leaseMs);
  }

  get background(): boolean {
    return this.handler.background !== false;
  }

  start(): void {
    this.running = true;
    this.wakeIn(0);
  }

  /** New work was queued: look now rather than at the next poll. */
  kick(): void {
    if (this.running) this.wakeIn(0);
  }

  /** Claims nothing more and resolves once every attempt in flight has its outcome recorded. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    // A claim under way still starts its attempts: wait for it, then for every attempt.
    await this.pumping;
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  /** Attempts every job due at `now` (up to the concurrency), recording at that same time; answers how many. */
  async runDue(now = this.now()): Promise<number> {
    const claimed = await this.claimAndLoad(this.handler.concurrency, now);
    await Promise.all(claimed.map((job) => this.track(job, now, () => now)));
    return claimed.length;
  }

  async metrics(): Promise<JobMetrics> {
    const queued = await this.store.openCount();
    return { queued, inFlight: this.inFlight.size, ...this.counts };
  }

  private wakeIn(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = this.scope.runInAsyncScope(() => setTimeout(() => this.pump(), Math.max(0, delayMs)));
    this.timer.unref();
  }

  /** Timers and finished attempts call this (detached): one pump runs at a time; a call meanwhile runs one more after it. */
  private pump(): void {
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = this.pumpOnce()
      .catch((error: unknown) => {
        this.log.error({ err: error, kind: this.kind }, 'job queue: looking for work failed');
        if (this.running) this.wakeIn(this.handler.idlePollMs ?? 5_000);
      })
      .finally(() => {
        this.pumping = undefined;
        if (this.pumpAgain) {
          this.pumpAgain = false;
          this.pump();
        }
      });
  }

  private async pumpOnce(): Promise<void> {
    if (!this.running) return;
    const free = this.handler.concurrency - this.inFlight.size;
    if (free <= 0) return;
    const idlePollMs = this.handler.idlePollMs ?? 5_000;
    let claimed: J[];
    const now = this.now();
    try {
      claimed = await this.claimAndLoad(free, now);
    } catch (error) {
      this.log.error({ err: error, kind: this.kind }, 'job queue: claiming jobs failed');
      this.wakeIn(idlePollMs);
      return;
    }
    for (const job of claimed) void this.track(job, now, this.now).finally(() => this.pump());
    if (claimed.length < free) {
      const next = await this.store.nextDueAt();
      if (this.running) this.wakeIn(next === null ? idlePollMs : Math.min(idlePollMs, next - this.now()));
    }
  }

  /** The claimed jobs as the kind loads them, in the order they came due. */
  private async claimAndLoad(limit: number, now: number): Promise<J[]> {
    const claimed = await this.store.claim(limit, now);
    if (!claimed.length) return [];
    const order = new Map(claimed.map((job, index) => [job.id, index]));
    return (await this.handler.load(claimed)).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }

  private track(job: J, startedAt: number, clock: () => number): Promise<void> {
    const attempt: Promise<void> = this.attempt(job, startedAt, clock).finally(() => this.inFlight.delete(attempt));
    this.inFlight.add(attempt);
    return attempt;
  }

  private async attempt(job: J, startedAt: number, clock: () => number): Promise<void> {
    let result: Attempt<D>;
    try {
      result = await this.handler.run(job);
    } catch (error) {
      this.log.error({ err: error, kind: this.kind, jobId: job.id }, 'job queue: an attempt threw');
      return;
    }
    try {
      await this.record(job, result, startedAt, clock());
    } catch (error) {
      this.log.error({ err: error, kind: this.kind, jobId: job.id }, 'job queue: recording an outcome failed');
    }
  }

  private async record(job: J, result: Attempt<D>, startedAt: number, at: number): Promise<void> {
    const retryAt =
      result.outcome === 'retry'
        ? nextAttemptAt(this.handler.retry, { attempts: job.attempts, now: at, retryAfterMs: result.retryAfterMs, deadline: this.handler.deadline?.(job), random: this.random })
        : null;
    const base = { detail: result.detail, startedAt, at };
    const settled: Settled<D> =
      result.outcome === 'done' ? { ...base, state: 'done' } : retryAt === null ? { ...base, state: 'dead' } : { ...base, state: 'retrying', retryAt };
    const written = await this.store.settle(job, this.handler.columns(job, settled), retryAt, async (tx) => this.handler.settle?.(tx, job, settled));
    if (!written) return;
    if (settled.state === 'done') this.counts.succeeded += 1;
    else this.counts.failed += 1;
    if (settled.state === 'dead') this.counts.dead += 1;
    written.result?.();
  }
}

/**
 * The persisted job queue: each kind registers its table and handler and gets a lane (claim, retry with backoff
 * and jitter or Retry-After, dead after its limits, counters). `stop()` claims nothing more and waits for every
 * attempt in flight to be recorded, so it belongs before the database closes.
 */
export class JobQueue {
  private readonly lanes = new Map<string, JobLaneHandle>();

  constructor(
    private readonly db: QueueDb,
    private readonly log: QueueLog,
    private readonly options: { now?: () => number; random?: () => number } = {},
  ) {}

  register<J extends ClaimedJob, D>(kind: string, handler: JobKind<J, D>): JobLaneHandle {
    if (this.lanes.has(kind)) throw new Error(`job queue: the kind ${kind} is registered already`);
    const lane = new JobLane(kind, this.db, handler, this.log, this.options.now ?? Date.now, this.options.random ?? Math.random);
    this.lanes.set(kind, lane);
    return lane;
  }

  /** Starts every kind that runs in the background. */
  start(): void {
    for (const lane of this.lanes.values()) if (lane.background) lane.start();
  }

  async stop(): Promise<void> {
    await Promise.all([...this.lanes.values()].map((lane) => lane.stop()));
  }

  async metrics(): Promise<Record<string, JobMetrics>> {
    return Object.fromEntries(await Promise.all([...this.lanes].map(async ([kind, lane]) => [kind, await lane.metrics()] as const)));
  }
}
