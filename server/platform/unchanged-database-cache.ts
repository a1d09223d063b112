import type { ChangeWatch, DatabasePosition, Store } from '@db/store';

/** What `getNow`'s reader answers when it cannot read without a promise (PostgreSQL, a transaction open). */
export const notNow: unique symbol = Symbol('notNow');

interface Entry<V> extends DatabasePosition {
  readAt: number;
  value: V;
}

export interface UnchangedDatabaseCacheOptions {
  /** At most this many entries; the least recently used goes. */
  capacity?: number;
  /**
   * `poll` (default): other connections' commits void every entry too. `announced`: the writers elsewhere (other
   * instances sharing a bus) announce what they change and the owner calls `delete`/`clear`; entries then also
   * expire after `maxAgeMs`, the bound on anything changed elsewhere that was not announced.
   */
  otherWriters?: 'poll' | 'announced';
  maxAgeMs?: number;
  /** While true, nothing is kept or reused (e.g. the announcements cannot arrive). */
  bypass?: () => boolean;
}

/**
 * Values computed from database reads, reused only while the database has not changed at all since they were read
 * (any write anywhere voids every entry), so a revoked token, a deactivated account or a new terms document counts
 * from the very next request. Values are frozen: callers share them. Bounded: the least recently used entry goes.
 *
 * The position is the store's change watch (`Store.changes`), taken before the read: a write that lands while the
 * read is waiting moves it, so the entry is read again next time. On SQLite it sees every connection's writes; on
 * PostgreSQL only this instance's, and every other writer is `announced` (`maxAgeMs` bounds what is not); with no
 * store (`null`) nothing is kept and every `get` reads through.
 */
export class UnchangedDatabaseCache<K, V extends object> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly position: ChangeWatch | null;
  private readonly capacity: number;
  private readonly pollOthers: boolean;
  private readonly maxAgeMs: number;
  private readonly bypass: () => boolean;
  /** Moves on each `delete`/`clear`: a read in flight meanwhile may predate the change, so it is not kept. */
  private forgets = 0;

  constructor(store: Pick<Store, 'changes'> | null, options: UnchangedDatabaseCacheOptions = {}) {
    this.position = store?.changes ?? null;
    const seesOthers = this.position?.seesOtherWriters ?? false;
    this.capacity = options.capacity ?? 5_000;
    // A watch blind to other writers (PostgreSQL) sees only this instance's writes: the others can only be announced.
    this.pollOthers = seesOthers && (options.otherWriters ?? 'poll') === 'poll';
    this.maxAgeMs = this.pollOthers ? Infinity : (options.maxAgeMs ?? (seesOthers ? Infinity : 1_000));
    this.bypass = options.bypass ?? (() => false);
  }

  async get(key: K, read: () => Promise<V | undefined>): Promise<V | undefined> {
    const now = this.currentPosition();
    if (!now) return read();
    const readAt = performance.now();
    const entry = this.freshEntry(key, now, readAt);
    if (entry) return entry.value;
    const forgets = this.forgets;
    return this.keep(key, now, readAt, forgets, await read());
  }

  /**
   * The same without a promise: the kept value, else `readNow`'s answer (kept as `get` keeps it). `notNow` when
   * nothing is kept and `readNow` cannot read synchronously (it answered `notNow`): the caller then uses `get`.
   */
  getNow(key: K, readNow: () => V | undefined | typeof notNow): V | undefined | typeof notNow {
    const now = this.currentPosition();
    if (!now) return notNow;
    const readAt = performance.now();
    const entry = this.freshEntry(key, now, readAt);
    if (entry) return entry.value;
    const value = readNow();
    if (value === notNow) return notNow;
    return this.keep(key, now, readAt, this.forgets, value);
  }

  private currentPosition(): DatabasePosition | null {
    return !this.position || this.bypass() ? null : this.position.position(this.pollOthers);
  }

  /** The entry read at `now`'s position (moved to the most recently used end), if it is still fresh. */
  private freshEntry(key: K, now: DatabasePosition, readAt: number): Entry<V> | undefined {
    const entry = this.entries.get(key);
    if (
      !entry ||
      entry.ownChanges !== now.ownChanges ||
      (this.pollOthers && entry.otherCommits !== now.otherCommits) ||
      readAt - entry.readAt >= this.maxAgeMs
    ) {
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  private keep(key: K, now: DatabasePosition, readAt: number, forgets: number, value: V | undefined): V | undefined {
    if (value === undefined) {
      this.entries.delete(key);
      return undefined;
    }
    deepFreeze(value);
    if (forgets !== this.forgets) return value;
    this.entries.delete(key);
    this.entries.set(key, { ownChanges: now.ownChanges, otherCommits: now.otherCommits, readAt, value });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
    return value;
  }

  /** Forgets one entry (its rows changed elsewhere). */
  delete(key: K): void {
    this.forgets += 1;
    this.entries.delete(key);
  }

  clear(): void {
    this.forgets += 1;
    this.entries.clear();
  }
}

function deepFreeze<V>(value: V): V {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
