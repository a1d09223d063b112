import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from './store';

/**
 * The few spots where SQLite and PostgreSQL spell a thing differently, in one place. The services build everything
 * else with Drizzle's builder, which both dialects render.
 */

const dialectKey = Symbol.for('cuepoint.dialect');

/** Marks a store's `db` with its dialect (the stores call this once). */
export function tagDialect(db: Db, dialect: 'sqlite' | 'postgres'): void {
  Object.defineProperty(db, dialectKey, { value: dialect, enumerable: false });
}

export function dialectOf(db: Db): 'sqlite' | 'postgres' {
  const dialect = (db as unknown as Record<symbol, unknown>)[dialectKey];
  if (dialect !== 'sqlite' && dialect !== 'postgres') throw new Error('This database object did not come from a Cuepoint store');
  return dialect;
}

/**
 * `column IN (values)` with the values sent as one JSON parameter, however many there are (an IN list of bound
 * parameters has a ceiling: 32,766 on SQLite, 65,535 on PostgreSQL).
 */
export function inJsonList(db: Db, column: SQLWrapper, values: readonly string[]): SQL {
  const list = JSON.stringify(values);
  return dialectOf(db) === 'postgres'
    ? sql`${column} IN (SELECT json_array_elements_text(${list}::json))`
    : sql`${column} IN (SELECT value FROM json_each(${list}))`;
}

/**
 * Whether a statement failed on a unique index (`index`: its name; SQLite names the columns of a plain column index
 * instead, given as `columns`, e.g. 'users.email'). Without a target: any unique index.
 */
export function isUniqueViolation(error: unknown, target?: { index: string; columns?: string }): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const { code, constraint } = current as Error & { code?: unknown; constraint?: unknown };
    if (code === '23505') return !target || constraint === target.index;
    const sqlite = /UNIQUE constraint failed: (.+)$/.exec(current.message);
    if (sqlite) return !target || sqlite[1] === `index '${target.index}'` || (target.columns !== undefined && sqlite[1] === target.columns);
  }
  return false;
}

/**
 * A select on a PostgreSQL store with `FOR UPDATE SKIP LOCKED`: the rows it answers are locked for the statement (or
 * transaction) it is part of, and rows another one holds are passed over instead of waited for. The services' query
 * type is SQLite's; on a PostgreSQL store the builder behind it is PostgreSQL's, which has `for`.
 */
export function skipLocked<Q extends SQLWrapper>(select: Q): Q {
  const builder = select as unknown as { for?: (strength: 'update', config: { skipLocked: boolean }) => Q };
  if (typeof builder.for !== 'function') throw new Error('skipLocked needs a select built on a PostgreSQL store');
  return builder.for('update', { skipLocked: true });
}

/** Runs a statement written in SQL both dialects read (INSERT … SELECT, say) and answers how many rows it changed. */
export async function executeStatement(db: Db, statement: SQL): Promise<number> {
  if (dialectOf(db) === 'postgres') return ((await (db as unknown as { execute(query: SQL): Promise<{ rowCount: number | null }> }).execute(statement)).rowCount ?? 0);
  return ((await db.run(statement)) as unknown as { rowCount: number }).rowCount;
}
