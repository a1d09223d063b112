import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index';
import { openPostgres, type PostgresOptions } from './postgres';
import type { Db, Store } from './store';
import { tagDialect } from './portable-sql';

export interface PostgresStore extends Store {
  dialect: 'postgres';
  pool: pg.Pool;
}

/** SQLSTATEs after which a transaction is simply run again: serialization failure, deadlock. */
const retryableCodes = new Set(['40001', '40P01']);
const maxAttempts = 15;

function isRetryable(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause && depth < 4; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && retryableCodes.has(code)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Sends each statement to the connection of the transaction open in the caller's async context, else to the pool.
 * Drizzle only calls `query`, so the services keep one `db` whether or not they are inside a transaction.
 */
class ContextualClient {
  /** Moves as a write outside a transaction starts and as it ends (see `Store.changes`). */
  writes = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly context: AsyncLocalStorage<pg.PoolClient>,
  ) {}

  query(...args: Parameters<pg.Pool['query']>): ReturnType<pg.Pool['query']> {
    const transaction = this.context.getStore();
    const send = () => ((transaction ?? this.pool).query as (...rest: unknown[]) => ReturnType<pg.Pool['query']>)(...args);
    if (transaction || isRead(args[0])) return send();
    this.writes += 1;
    const sent = send() as unknown as Promise<unknown>;
    void sent.then(
      () => (this.writes += 1),
      () => (this.writes += 1),
    );
    return sent as unknown as ReturnType<pg.Pool['query']>;
  }
}

function isRead(query: unknown): boolean {
  const text = typeof query === 'string' ? query : ((query as { text?: unknown } | null)?.text ?? '');
  return typeof text === 'string' && /^\s*(select|with)\b/i.test(text) && !/\b(insert|update|delete)\b/i.test(text);
}

/**
 * The services' store on PostgreSQL: Drizzle's node-postgres driver over the same table objects as SQLite (the
 * PostgreSQL tables are derived from them, db/schema-pg/derive.ts), migrations applied once across instances.
 *
 * Transactions are SERIALIZABLE and run again on a serialization failure or deadlock, so every transaction behaves
 * as if it ran alone — what SQLite's single writer gives the same code — while the rest of the traffic runs beside it.
 * `work` may therefore run more than once: it holds database statements only (the services keep mail, provider and
 * bus calls outside).
 */
export async function openPostgresStore(url: string, options: PostgresOptions = {}): Promise<PostgresStore> {
  const handle = await openPostgres(url, options);
  const { pool } = handle;
  const context = new AsyncLocalStorage<pg.PoolClient>();
  const client = new ContextualClient(pool, context);
  // The one place the PostgreSQL query builder is typed as the SQLite one (`Db`): the services write one dialect of
  // Drizzle against the SQLite table objects, and the PostgreSQL tables are derived from those same objects
  // (db/schema-pg/derive.ts), so the builders agree on every method the services use; what differs between the
  // engines (`.get()`/`.all()`/`.run()`, conflict targets, SQL text) is refused by the linter or bridged in
  // db/portable-sql.ts. `npm run test:engines` runs the suite on both.
  const db = drizzle({ client: client as unknown as pg.Pool, schema }) as unknown as Db;

  // Transactions under way: with none, the async-context tracking `run` switched on (a hook on every promise the
  // process makes) goes off until the next one.
  let open = 0;
  const transaction = async <T>(work: (tx: Db) => Promise<T>): Promise<T> => {
    if (context.getStore()) return work(db);
    open += 1;
    try {
      return await attempts(work);
    } finally {
      open -= 1;
      if (open === 0) context.disable();
    }
  };
  const attempts = async <T>(work: (tx: Db) => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      const connection = await pool.connect();
      let broken = false;
      try {
        await connection.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
        const result = await context.run(connection, () => work(db));
        client.writes += 1;
        try {
          await connection.query('COMMIT');
        } finally {
          client.writes += 1;
        }
        return result;
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => {
          broken = true;
        });
        if (attempt >= maxAttempts || !isRetryable(error)) throw error;
      } finally {
        connection.release(broken);
      }
      await sleep(Math.random() * Math.min(250, 2 ** attempt));
    }
  };
  Object.assign(db, { transaction });
  tagDialect(db, 'postgres');

  return {
    dialect: 'postgres',
    db,
    pool,
    transaction,
    inTransaction: () => context.getStore() !== undefined,
    changes: {
      // Only this instance's own writes are seen: other instances' changes are announced, or bounded by an age.
      seesOtherWriters: false,
      position: () => (context.getStore() ? null : { ownChanges: client.writes, otherCommits: 0 }),
    },
    syncReads: null,
    embedded: null,
    alone: async (name, work) => {
      const connection = await pool.connect();
      let broken = false;
      try {
        await connection.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [name]);
        try {
          return await work();
        } finally {
          await connection.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name]).catch(() => {
            broken = true;
          });
        }
      } finally {
        // A connection whose unlock failed is destroyed, which releases its session locks.
        connection.release(broken);
      }
    },
    ping: async () => {
      // Readiness answers quickly: a server that does not answer within 2 s counts as unavailable.
      const timeout = sleep(2_000, undefined, { ref: false }).then(() => {
        throw new Error('PostgreSQL did not answer within 2 s');
      });
      await Promise.race([pool.query('SELECT 1'), timeout]);
    },
    close: () => handle.close(),
  };
}
