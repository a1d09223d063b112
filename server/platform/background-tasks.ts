/** Where a failed task is reported (the app's logger). */
export interface BackgroundTaskLog {
  error(details: object, message: string): void;
}

/**
 * Work started after a request or a job has its answer (a receipt mail, a notice, a sweep), which nobody awaits but
 * which must finish before the database closes: `run` starts a task and keeps it until it settles, a failure is
 * logged with the task's message, and `drain` (the app's close) waits for every task, those started meanwhile too.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: BackgroundTaskLog) {}

  /** Starts `task` now; a throw is logged as `failure` with `details`. */
  run(failure: string, task: () => Promise<unknown>, details: object = {}): void {
    const settled: Promise<void> = Promise.resolve()
      .then(task)
      .then(
        () => undefined,
        (error: unknown) => this.log.error({ err: error, ...details }, failure),
      )
      .finally(() => this.running.delete(settled));
    this.running.add(settled);
  }

  /** Tasks not settled yet. */
  get size(): number {
    return this.running.size;
  }

  async drain(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }
}
