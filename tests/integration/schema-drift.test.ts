import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { getTableColumns, is, SQL, StringChunk } from 'drizzle-orm';
import { getTableConfig, PgTable, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@db/client';
import { sqliteConnectionOf } from '@db/sqlite-store';
import { openPostgres, type PostgresHandle } from '@db/postgres';
import * as sqliteSchema from '@db/schema/index';
import * as pgSchemaModule from '@db/schema-pg/index';
import { utcNowText } from '@db/schema-pg/derive';
import { usePostgres } from '../engines/postgres';

/**
 * The two dialects' schemas from one source: the SQLite migrations applied to a fresh file and the PostgreSQL
 * migrations applied to a fresh database must describe the same tables, columns, defaults, keys and indexes; and the
 * tables derived from db/schema must be what the PostgreSQL migrations built (so a schema change without
 * `npm run db:generate:pg` fails here).
 */

interface ColumnShape {
  type: string;
  notNull: boolean;
  /** What the default means, the same words for both dialects (see `meaningOf*`). */
  default: string | null;
}
interface IndexShape {
  unique: boolean;
  /** Column names, or a normalised expression. */
  columns: string[];
  where: string | null;
}
interface TableShape {
  columns: Record<string, ColumnShape>;
  primaryKey: string[];
  indexes: Record<string, IndexShape>;
  /** `from → table(to) on delete X on update Y`, sorted. */
  foreignKeys: string[];
}
type SchemaShape = Record<string, TableShape>;

/** Lower case, no quotes, casts, parentheses or spaces: `lower("creator_tag")` and `lower(creator_tag)` are equal. */
function normaliseExpression(text: string): string {
  return text
    .replace(/::[a-z ]+/gi, '')
    .replace(/[`"\s()]/g, '')
    .toLowerCase();
}

const nowMeaning = 'now as UTC ISO text with milliseconds';
const sqliteNow = normaliseExpression(`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);
const pgNow = normaliseExpression(utcNowText);

function meaningOfSqliteDefault(value: string | null, at: string): string | null {
  if (value === null) return null;
  if (normaliseExpression(value) === sqliteNow) return nowMeaning;
  if (/^'(?:[^']|'')*'$/.test(value)) return `text ${value}`;
  if (/^-?\d+(\.\d+)?$/.test(value)) return `number ${Number(value)}`;
  if (value === 'false' || value === 'true') return `number ${value === 'true' ? 1 : 0}`;
  throw new Error(`${at}: unknown SQLite default ${value}`);
}

function meaningOfPgDefault(value: string | null, at: string): string | null {
  if (value === null) return null;
  if (normaliseExpression(value) === pgNow) return nowMeaning;
  const text = /^'((?:[^']|'')*)'(::text)?$/.exec(value);
  if (text) return `text '${text[1]}'`;
  if (/^\(?-?\d+(\.\d+)?\)?(::[a-z ]+)?$/.test(value)) return `number ${Number(value.replace(/::.*$/, '').replace(/[()]/g, ''))}`;
  if (value === 'false' || value === 'true') return `number ${value === 'true' ? 1 : 0}`;
  throw new Error(`${at}: unknown PostgreSQL default ${value}`);
}

const pgActions: Record<string, string> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' };

function sqliteShape(sqlite: Database.Database): SchemaShape {
  const shape: SchemaShape = {};
  // eslint-disable-next-line no-restricted-syntax -- raw SQLite statement
  const tables = sqlite
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name <> '__drizzle_migrations'`)
    .all() as { name: string }[];
  for (const { name } of tables) {
    const columns = sqlite.pragma(`table_info(${JSON.stringify(name)})`) as { name: string; type: string; notnull: number; dflt_value: string | null; pk: number }[];
    const singleIntegerKey = columns.filter((column) => column.pk > 0).length === 1 && columns.some((column) => column.pk > 0 && column.type.toLowerCase() === 'integer');
    const table: TableShape = { columns: {}, primaryKey: [], indexes: {}, foreignKeys: [] };
    for (const column of columns) {
      const at = `${name}.${column.name}`;
      const rowid = singleIntegerKey && column.pk > 0;
      table.columns[column.name] = {
        type: column.type.toLowerCase(),
        // An INTEGER PRIMARY KEY is SQLite's rowid: never null, assigned when omitted (an identity on PostgreSQL).
        notNull: column.notnull === 1 || rowid,
        default: rowid ? 'assigned when omitted' : meaningOfSqliteDefault(column.dflt_value, at),
      };
    }
    table.primaryKey = columns
      .filter((column) => column.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((column) => column.name);
    const indexes = sqlite.pragma(`index_list(${JSON.stringify(name)})`) as { name: string; unique: number; origin: string; partial: number }[];
    for (const index of indexes) {
      if (index.origin === 'pk') continue;
      const info = sqlite.pragma(`index_info(${JSON.stringify(index.name)})`) as { seqno: number; name: string | null }[];
      const { sql: createSql } = sqlite.prepare(`SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?`).get(index.name) as { sql: string | null };
      let columnsOrExpressions = info.sort((a, b) => a.seqno - b.seqno).map((part) => part.name ?? '');
      if (columnsOrExpressions.includes('') && createSql) {
        // An expression index: take its parts from the CREATE INDEX statement.
        const inner = /\bON\s+\S+\s*\(([\s\S]*)\)(?:\s+WHERE[\s\S]*)?$/i.exec(createSql)?.[1] ?? '';
        columnsOrExpressions = splitTopLevel(inner).map(normaliseExpression);
      }
      const where = index.partial && createSql ? normaliseExpression(/\bWHERE\b([\s\S]*)$/i.exec(createSql)?.[1] ?? '') : null;
      table.indexes[index.name] = { unique: index.unique === 1, columns: columnsOrExpressions.map(normaliseExpression), where };
    }
    const foreignKeys = sqlite.pragma(`foreign_key_list(${JSON.stringify(name)})`) as { id: number; seq: number; table: string; from: string; to: string; on_update: string; on_delete: string }[];
    const byId = new Map<number, typeof foreignKeys>();
    for (const fk of foreignKeys) byId.set(fk.id, [...(byId.get(fk.id) ?? []), fk]);
    table.foreignKeys = [...byId.values()]
      .map((parts) => {
        parts.sort((a, b) => a.seq - b.seq);
        const first = parts[0]!;
        return `${parts.map((p) => p.from).join(',')} → ${first.table}(${parts.map((p) => p.to).join(',')}) on delete ${first.on_delete.toLowerCase()} on update ${first.on_update.toLowerCase()}`;
      })
      .sort();
    shape[name] = table;
  }
  return shape;
}

function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

async function pgShape(client: pg.Pool): Promise<SchemaShape> {
  const shape: SchemaShape = {};
  const tables = await client.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  for (const { table_name: name } of tables.rows) shape[name] = { columns: {}, primaryKey: [], indexes: {}, foreignKeys: [] };

  const columns = await client.query<{ table_name: string; column_name: string; data_type: string; collation_name: string | null; is_nullable: string; column_default: string | null; is_identity: string }>(
    `SELECT table_name, column_name, data_type, collation_name, is_nullable, column_default, is_identity FROM information_schema.columns WHERE table_schema = 'public'`,
  );
  for (const column of columns.rows) {
    const at = `${column.table_name}.${column.column_name}`;
    shape[column.table_name]!.columns[column.column_name] = {
      type: column.collation_name ? `${column.data_type} COLLATE "${column.collation_name}"` : column.data_type,
      notNull: column.is_nullable === 'NO',
      default: column.is_identity === 'YES' ? 'assigned when omitted' : meaningOfPgDefault(column.column_default, at),
    };
  }

  const constraints = await client.query<{ table_name: string; contype: string; columns: string[]; foreign_table: string | null; foreign_columns: string[] | null; confdeltype: string; confupdtype: string }>(`
    SELECT c.conrelid::regclass::text AS table_name, c.contype,
           array(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i)::text[] AS columns,
           c.confrelid::regclass::text AS foreign_table,
           array(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.i)::text[] AS foreign_columns,
           c.confdeltype, c.confupdtype
    FROM pg_constraint c JOIN pg_namespace ns ON ns.oid = c.connamespace
    WHERE ns.nspname = 'public' AND c.contype IN ('p', 'f')`);
  for (const constraint of constraints.rows) {
    const table = shape[constraint.table_name]!;
    if (constraint.contype === 'p') table.primaryKey = constraint.columns;
    else {
      table.foreignKeys.push(
        `${constraint.columns.join(',')} → ${constraint.foreign_table}(${constraint.foreign_columns!.join(',')}) on delete ${pgActions[constraint.confdeltype]} on update ${pgActions[constraint.confupdtype]}`,
      );
    }
  }
  for (const table of Object.values(shape)) table.foreignKeys.sort();

  const indexes = await client.query<{ table_name: string; index_name: string; unique: boolean; parts: string[]; predicate: string | null }>(`
    SELECT t.relname AS table_name, i.relname AS index_name, x.indisunique AS unique,
           array(SELECT pg_get_indexdef(x.indexrelid, k, true) FROM generate_series(1, x.indnkeyatts) k ORDER BY k)::text[] AS parts,
           pg_get_expr(x.indpred, x.indrelid) AS predicate
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid JOIN pg_namespace ns ON ns.oid = t.relnamespace
    WHERE ns.nspname = 'public' AND NOT x.indisprimary`);
  for (const index of indexes.rows) {
    shape[index.table_name]!.indexes[index.index_name] = {
      unique: index.unique,
      columns: index.parts.map(normaliseExpression),
      where: index.predicate === null ? null : normaliseExpression(index.predicate),
    };
  }
  return shape;
}

/** The shape the derived tables describe, in PostgreSQL's words (information_schema's type names). */
function derivedShape(): SchemaShape {
  const shape: SchemaShape = {};
  const pgTypeNames: Record<string, string> = {
    'text COLLATE "C"': 'text COLLATE "C"',
    integer: 'integer',
    bigint: 'bigint',
    boolean: 'boolean',
    'double precision': 'double precision',
    bytea: 'bytea',
  };
  for (const table of Object.values(pgSchemaModule.pgSchema) as PgTable[]) {
    const config = getTableConfig(table);
    const shapeOf: TableShape = { columns: {}, primaryKey: [], indexes: {}, foreignKeys: [] };
    for (const column of config.columns) {
      const at = `${config.name}.${column.name}`;
      const type = pgTypeNames[column.getSQLType()];
      if (!type) throw new Error(`${at}: unexpected derived type ${column.getSQLType()}`);
      let meaning: string | null = null;
      if (column.generatedIdentity) meaning = 'assigned when omitted';
      else if (is(column.default, SQL)) meaning = meaningOfPgDefault(sqlText(column.default), at);
      else if (typeof column.default === 'boolean') meaning = `number ${column.default ? 1 : 0}`;
      else if (typeof column.default === 'number') meaning = `number ${column.default}`;
      else if (typeof column.default === 'string') meaning = `text '${column.default.replaceAll("'", "''")}'`;
      else if (column.default !== undefined) throw new Error(`${at}: unexpected derived default ${String(column.default)}`);
      shapeOf.columns[column.name] = { type, notNull: column.notNull || column.primary, default: meaning };
      if (column.primary) shapeOf.primaryKey = [column.name];
    }
    for (const pk of config.primaryKeys) shapeOf.primaryKey = pk.columns.map((column) => column.name);
    for (const index of config.indexes) {
      shapeOf.indexes[index.config.name!] = {
        unique: index.config.unique,
        columns: index.config.columns.map((part) => normaliseExpression(is(part, SQL) ? sqlText(part) : (part as { name: string }).name)),
        where: index.config.where ? normaliseExpression(sqlText(index.config.where)) : null,
      };
    }
    for (const constraint of config.uniqueConstraints) {
      shapeOf.indexes[constraint.getName() ?? `${config.name}_${constraint.columns.map((column) => column.name).join('_')}_unique`] = { unique: true, columns: constraint.columns.map((column) => column.name), where: null };
    }
    shapeOf.foreignKeys = config.foreignKeys
      .map((fk) => {
        const { columns, foreignColumns, foreignTable } = fk.reference();
        return `${columns.map((c) => c.name).join(',')} → ${getTableConfig(foreignTable).name}(${foreignColumns.map((c) => c.name).join(',')}) on delete ${fk.onDelete ?? 'no action'} on update ${fk.onUpdate ?? 'no action'}`;
      })
      .sort();
    shape[config.name] = shapeOf;
  }
  return shape;
}

/** A derived SQL fragment as PostgreSQL text (columns by their bare names, as in an index definition). */
function sqlText(value: SQL): string {
  return value.queryChunks
    .map((chunk) => {
      if (is(chunk, StringChunk)) return chunk.value.join('');
      if (is(chunk, SQL)) return sqlText(chunk);
      return (chunk as AnyPgColumn).name;
    })
    .join('');
}

/** SQLite's declared types as PostgreSQL's derived types would spell them, per column: the allowed pairs. */
const sameType: Record<string, string[]> = {
  // SQLite compares text byte by byte (BINARY); "C" is PostgreSQL's byte-by-byte collation.
  text: ['text COLLATE "C"'],
  integer: ['integer', 'bigint', 'boolean'],
  real: ['double precision'],
  blob: ['bytea'],
};

/** Every difference between two shapes, in words; `typesMatch` says whether a pair of column types is the same. */
function differences(left: SchemaShape, right: SchemaShape, names: [string, string], typesMatch: (a: string, b: string) => boolean): string[] {
  const [l, r] = names;
  const found: string[] = [];
  const keys = (a: object, b: object) => [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  for (const tableName of keys(left, right)) {
    const a = left[tableName];
    const b = right[tableName];
    if (!a || !b) {
      found.push(`table ${tableName}: only in ${a ? l : r}`);
      continue;
    }
    for (const column of keys(a.columns, b.columns)) {
      const x = a.columns[column];
      const y = b.columns[column];
      if (!x || !y) {
        found.push(`${tableName}.${column}: only in ${x ? l : r}`);
        continue;
      }
      if (!typesMatch(x.type, y.type)) found.push(`${tableName}.${column}: type ${x.type} in ${l}, ${y.type} in ${r}`);
      if (x.notNull !== y.notNull) found.push(`${tableName}.${column}: ${x.notNull ? 'not null' : 'nullable'} in ${l}, ${y.notNull ? 'not null' : 'nullable'} in ${r}`);
      if (x.default !== y.default) found.push(`${tableName}.${column}: default ${x.default} in ${l}, ${y.default} in ${r}`);
    }
    if (a.primaryKey.join(',') !== b.primaryKey.join(',')) found.push(`${tableName}: primary key (${a.primaryKey}) in ${l}, (${b.primaryKey}) in ${r}`);
    for (const index of keys(a.indexes, b.indexes)) {
      const x = a.indexes[index];
      const y = b.indexes[index];
      if (!x || !y) found.push(`${tableName}: index ${index} only in ${x ? l : r}`);
      else if (JSON.stringify(x) !== JSON.stringify(y)) found.push(`${tableName}: index ${index} is ${JSON.stringify(x)} in ${l}, ${JSON.stringify(y)} in ${r}`);
    }
    for (const fk of a.foreignKeys) if (!b.foreignKeys.includes(fk)) found.push(`${tableName}: foreign key ${fk} only in ${l}`);
    for (const fk of b.foreignKeys) if (!a.foreignKeys.includes(fk)) found.push(`${tableName}: foreign key ${fk} only in ${r}`);
  }
  return found;
}

describe('schema drift between SQLite and PostgreSQL', () => {
  const postgres = usePostgres();
  let dir: string;
  let sqlite: DatabaseHandle;
  let pgHandle: PostgresHandle;
  let fromSqlite: SchemaShape;
  let fromPg: SchemaShape;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cuepoint-drift-'));
    sqlite = openDatabase(join(dir, 'drift.db'));
    pgHandle = await openPostgres(await postgres.current.createDatabase());
    fromSqlite = sqliteShape(sqliteConnectionOf(sqlite.store)!);
    fromPg = await pgShape(pgHandle.pool);
  });
  afterAll(async () => {
    await sqlite?.close();
    await pgHandle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('both migration histories build the same tables, columns, defaults, keys and indexes', () => {
    expect(Object.keys(fromSqlite).length).toBeGreaterThan(40);
    const found = differences(fromSqlite, fromPg, ['the SQLite migrations', 'the PostgreSQL migrations'], (a, b) => sameType[a]?.includes(b) ?? false);
    expect(found).toEqual([]);
  });

  it('the PostgreSQL migrations build exactly the tables derived from db/schema (run npm run db:generate:pg)', () => {
    const found = differences(derivedShape(), fromPg, ['db/schema (derived)', 'db/migrations-pg'], (a, b) => a === b);
    expect(found).toEqual([]);
  });

  it('every SQLite table has a derived table exported for drizzle-kit', () => {
    const sqliteTables = Object.entries(sqliteSchema).filter(([, value]) => is(value, SQLiteTable));
    const exported = Object.entries(pgSchemaModule).filter(([name, value]) => name !== 'pgSchema' && is(value, PgTable));
    expect(exported.map(([name]) => name).sort()).toEqual(sqliteTables.map(([name]) => name).sort());
    for (const [name, table] of sqliteTables) {
      const derived = (pgSchemaModule as Record<string, unknown>)[name] as PgTable;
      expect(Object.keys(getTableColumns(derived))).toEqual(Object.keys(getTableColumns(table as SQLiteTable)));
    }
  });

  it('booleans are booleans and sizes are bigints on PostgreSQL', () => {
    expect(fromPg.users!.columns.is_active!.type).toBe('boolean');
    expect(fromPg.podcast_episodes!.columns.media_bytes!.type).toBe('bigint');
    expect(fromPg.webhook_attempts!.columns.duration_ms!.type).toBe('bigint');
    expect(fromPg.events!.columns.premium_price_cents!.type).toBe('integer');
    expect(fromPg.push_deliveries!.columns.id).toEqual({ type: 'bigint', notNull: true, default: 'assigned when omitted' });
    expect(fromPg.users!.indexes.users_creator_tag_lower_unique).toEqual({ unique: true, columns: ['lowercreator_tag'], where: null });
  });

  it('a row inserted with defaults reads the same on both: the time as UTC ISO text with milliseconds', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    // eslint-disable-next-line no-restricted-syntax -- raw SQLite statement
    sqliteConnectionOf(sqlite.store)!.prepare(`INSERT INTO users (id, email, first_name, last_name, display_name, role, is_active) VALUES ('u1', 'a@example.test', 'A', 'B', 'A B', 'viewer', 1)`).run();
    await pgHandle.pool.query(`INSERT INTO users (id, email, first_name, last_name, display_name, role, is_active) VALUES ('u1', 'a@example.test', 'A', 'B', 'A B', 'viewer', true)`);
    const after = new Date(Date.now() + 1000).toISOString();
    type Row = Record<string, unknown> & { created_at: string };
    // eslint-disable-next-line no-restricted-syntax -- raw SQLite statement
    const fromSqliteRow = sqliteConnectionOf(sqlite.store)!.prepare(`SELECT description, pending_payment, token_version, notify_new_payments, shortcuts, created_at FROM users`).get() as Row;
    const fromPgRow = (await pgHandle.pool.query<Row>(`SELECT description, pending_payment, token_version, notify_new_payments, shortcuts, created_at FROM users`)).rows[0]!;
    const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
    for (const row of [fromSqliteRow, fromPgRow]) {
      expect(row.created_at).toMatch(iso);
      expect(row.created_at > before && row.created_at < after).toBe(true);
    }
    expect({ ...fromPgRow, created_at: 0 }).toEqual({ ...fromSqliteRow, pending_payment: false, notify_new_payments: true, created_at: 0 });
    expect(fromSqliteRow).toMatchObject({ description: '', pending_payment: 0, token_version: 0, notify_new_payments: 1, shortcuts: '[]' });
  });
});
