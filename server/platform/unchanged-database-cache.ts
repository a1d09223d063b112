import type Database from 'better-sqlite3';

/**
 * Where the database stands: rows changed by this connection (`total_changes()`, which counts every INSERT, UPDATE
 * and DELETE it ran, committed or not) and commits by any other connection (`PRAGMA data_version`). Any write moves
 * one of the two, so a value read at one position is still what the database holds while the position is unchanged.
 *
 * The server makes every write through its own connection, which is checked on each read. Other connections (a
 * maintenance script, the sqlite3 shell) are checked at most once a millisecond: the pragma costs a read lock.
 */
class DatabasePosition {
  private readonly ownChanges: Database.Statement<[], number>;
  private readonly otherCommits: Database.Statement<[], number>;

  private otherCommitsValue = 0;
  private otherCommitsReadAt = -Infinity;

  constructor(private readonly sqlite: Database.Database) {
    this.ownChanges = sqlite.prepare<[], number>('select total_changes()').pluck();
    this.otherCommits = sqlite.prepare<[], number>('pragma data_version').pluck();
  }

  /** Null inside a transaction: what it reads may still be rolled back. */
  read(includeOthers = true): { ownChanges: number; otherCommits: number } | null {
    if (this.sqlite.inTransaction) return null;
    const now = performance.now();
    if (includeOthers && now - this.otherCommitsReadAt >= otherConnectionsCheckMs) {
      // eslint-disable-next-line no-restricted-syntax -- raw SQLite statement
      this.otherCommitsValue = this.otherCommits.get()!;
      this.otherCommitsReadAt = now;
    }
    // eslint-disable-next-line no-restricted-syntax -- raw SQLite statement
    return { ownChanges: this.ownChanges.get()!, otherCommits: this.otherCommitsValue };
  }
}

const otherConnectionsCheckMs = 1;
const positions = new WeakMap<Database.Database, DatabasePosition>();

/** A PostgreSQL store's position: its own writes only (others' are announced, or bounded by `maxAgeMs`). */
export interface WritePositionSource {
  writePosition(): number | null;
}

interface Position {
  read(includeOthers: boolean): { ownChanges: number; otherCommits: number } | null;
}

function storePosition(source: WritePositionSource): Position {
  return {
    read: () => {
      const ownChanges = source.writePosition();
      return ownChanges === null ? null : { ownChanges, otherCommits: 0 };
    },
  };
}

function positionOf(sqlite: Database.Database): DatabasePosition {
  let position = positions.get(sqlite);
  if (!position) {
    position = new DatabasePosition(sqlite);
    positions.set(sqlite, position);
  }
  return position;
}

interface Entry<V> {
  ownChanges: number;
  otherCommits: number;
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
 * The position is taken before the read: a write that lands while the read is waiting moves it, so the entry is
 * read again next time. On SQLite the position is the embedded connection's; on PostgreSQL the store's count of
 * this instance's writes, and every other writer is `announced` (`maxAgeMs` bounds what is not); with no source
 * (`null`) nothing is kept and every `get` reads through.
 */
export class UnchangedDatabaseCache<K, V extends object> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly position: Position | null;
  private readonly capacity: number;
  private readonly pollOthers: boolean;
  private readonly maxAgeMs: number;
  private readonly bypass: () => boolean;
  /** Moves on each `delete`/`clear`: a read in flight meanwhile may predate the change, so it is not kept. */
  private forgets = 0;

  constructor(source: Database.Database | WritePositionSource | null, options: UnchangedDatabaseCacheOptions = {}) {
    const isStore = source !== null && 'writePosition' in source && !('prepare' in source);
    this.position = source === null ? null : isStore ? storePosition(source) : positionOf(source as Database.Database);
    this.capacity = options.capacity ?? 5_000;
    // A store's position sees only this instance's writes: the others can only be announced.
    this.pollOthers = !isStore && (options.otherWriters ?? 'poll') === 'poll';
    this.maxAgeMs = this.pollOthers ? Infinity : (options.maxAgeMs ?? (isStore ? 1_000 : Infinity));
    this.bypass = options.bypass ?? (() => false);
  }

  async get(key: K, read: () => Promise<V | undefined>): Promise<V | undefined> {
    const now = !this.position || this.bypass() ? null : this.position.read(this.pollOthers);
    if (!now) return read();
    const readAt = performance.now();
    const entry = this.entries.get(key);
    if (
      entry &&
      entry.ownChanges === now.ownChanges &&
      (!this.pollOthers || entry.otherCommits === now.otherCommits) &&
      readAt - entry.readAt < this.maxAgeMs
    ) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value;
    }
    const forgets = this.forgets;
    const value = await read();
    if (value === undefined) {
      this.entries.delete(key);
      return undefined;
    }
    deepFreeze(value);
    if (forgets !== this.forgets) return value;
    this.entries.delete(key);
    this.entries.set(key, { ...now, readAt, value });
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
