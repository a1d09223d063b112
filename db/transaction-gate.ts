import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * One SQLite connection serves every request, so while a transaction waits on an `await`, another request's
 * statement would run inside it (and be rolled back with it). The gate lets one transaction at a time own the
 * connection: statements from the owner's async context pass, everyone else's wait until it commits or rolls back.
 */
export class TransactionGate {
  private owner: symbol | undefined;
  private waiters: Array<() => void> = [];
  private readonly context = new AsyncLocalStorage<symbol>();

  /** Whether the caller is inside the open transaction (its async context started it). */
  get ownsConnection(): boolean {
    return this.owner !== undefined && this.context.getStore() === this.owner;
  }

  /** Undefined when a statement may run now; else a promise that settles when it may. */
  admit(): Promise<void> | undefined {
    if (this.owner === undefined || this.ownsConnection) return undefined;
    return this.nextRelease().then(() => this.admit());
  }

  /** Runs `work` as the connection's only user; a call from inside the owner's context runs straight away. */
  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    if (this.ownsConnection) return work();
    while (this.owner !== undefined) await this.nextRelease();
    const token = Symbol('transaction');
    this.owner = token;
    try {
      return await this.context.run(token, work);
    } finally {
      this.owner = undefined;
      // Between transactions nobody asks whose context a statement comes from: the async-context tracking that
      // `run` switched on (a hook on every promise the process makes) goes off until the next transaction.
      this.context.disable();
      for (const wake of this.waiters.splice(0)) wake();
    }
  }

  private nextRelease(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}
