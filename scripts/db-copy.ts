/**
 * Copies an existing SQLite database into an empty PostgreSQL database (README "Growing past one machine"):
 *
 *   npm run db:copy -- --to postgres://user:pass@host:5432/cuepoint [--from DATA_DIR/cuepoint.db]
 *
 * The target is migrated first, must be empty, and is filled in one transaction, tables in foreign-key order, rows in
 * batches. Before committing, every table's row count and checksum (SHA-256 of its rows in primary-key order, values
 * normalised across the dialects) are compared with the source's; any difference rolls everything back and exits 1.
 * The SQLite file is opened read-only and read in one transaction (a consistent snapshot): it is left untouched.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { getTableColumns } from 'drizzle-orm';
import { getTableConfig, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { migrationsFolder } from '@db/client';
import { openPostgres } from '@db/postgres';
import { pgSchema } from '@db/schema-pg/index';

type Kind = 'boolean' | 'integer' | 'real' | 'text' | 'blob';

interface ColumnPlan {
  name: string;
  kind: Kind;
  identity: boolean;
}

interface TablePlan {
  name: string;
  columns: ColumnPlan[];
  /** Primary-key columns: the order rows are read, copied and checksummed in on both sides. */
  orderBy: string[];
}

export interface TableReport {
  table: string;
  rows: number;
  checksum: string;
}

export interface CopyOptions {
  from: string;
  to: string;
  /** Progress lines (one per table). */
  log?: (line: string) => void;
}

/** A refusal or a failed verification: the message is for the person running the copy. */
export class CopyError extends Error {}

function kindOf(column: AnyPgColumn, table: string): Kind {
  const type = column.getSQLType();
  if (type === 'boolean') return 'boolean';
  if (type === 'integer' || type === 'bigint') return 'integer';
  if (type === 'double precision') return 'real';
  if (type.startsWith('text')) return 'text';
  if (type === 'bytea') return 'blob';
  throw new CopyError(`${table}.${column.name}: no copy rule for the PostgreSQL type ${type}`);
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The tables in an order where every table comes after the tables its foreign keys point to. */
function plansInForeignKeyOrder(): TablePlan[] {
  const configs = new Map((Object.values(pgSchema) as PgTable[]).map((table) => [getTableConfig(table).name, { table, ...getTableConfig(table) }]));
  const plans = new Map<string, TablePlan>();
  for (const [name, config] of configs) {
    const columns = Object.values(getTableColumns(config.table)) as AnyPgColumn[];
    const primary = config.primaryKeys[0]?.columns.map((column) => column.name) ?? columns.filter((column) => column.primary).map((column) => column.name);
    plans.set(name, {
      name,
      columns: columns.map((column) => ({ name: column.name, kind: kindOf(column, name), identity: column.generatedIdentity !== undefined })),
      orderBy: primary.length > 0 ? primary : columns.map((column) => column.name),
    });
  }
  const ordered: TablePlan[] = [];
  const done = new Set<string>();
  const visiting = new Set<string>();
  const visit = (name: string, path: string[]) => {
    if (done.has(name)) return;
    if (visiting.has(name)) throw new CopyError(`The foreign keys form a cycle (${[...path, name].join(' → ')}); db:copy cannot order these tables`);
    visiting.add(name);
    const targets = configs.get(name)!.foreignKeys.map((fk) => getTableConfig(fk.reference().foreignTable).name);
    for (const target of [...new Set(targets)].sort()) visit(target, [...path, name]);
    visiting.delete(name);
    done.add(name);
    ordered.push(plans.get(name)!);
  };
  for (const name of [...configs.keys()].sort()) visit(name, []);
  return ordered;
}

/** One value as both dialects' rows are compared: booleans as booleans, numbers as numbers, bytes as base64. */
function normalise(value: unknown, kind: Kind, at: string): unknown {
  if (value === null || value === undefined) return null;
  if (kind === 'boolean') {
    if (typeof value === 'boolean') return value;
    if (value === 0 || value === 1) return value === 1;
    throw new CopyError(`${at} holds ${JSON.stringify(value)}, which is not a boolean (0 or 1)`);
  }
  if (kind === 'blob') return { base64: Buffer.from(value as Uint8Array).toString('base64') };
  if (typeof value === 'bigint') return value.toString();
  return value;
}

function hasher() {
  const hash = createHash('sha256');
  let rows = 0;
  return {
    add(values: unknown[]) {
      hash.update(`${JSON.stringify(values)}\n`);
      rows++;
    },
    done: () => ({ rows, checksum: hash.digest('hex') }),
  };
}

function sourceMigrationsApplied(sqlite: Database.Database): number {
  // eslint-disable-next-line no-restricted-syntax -- raw SQLite statement
  const exists = sqlite.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'`).get();
  // eslint-disable-next-line no-restricted-syntax -- raw SQLite statement
  return exists ? (sqlite.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number }).n : 0;
}

function knownMigrations(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/** The URL with its password hidden, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the given URL';
  }
}

async function targetRowCounts(client: pg.PoolClient, plans: TablePlan[]): Promise<string[]> {
  const nonEmpty: string[] = [];
  for (const plan of plans) {
    const { rows } = await client.query<{ n: number }>(`SELECT count(*) AS n FROM ${quote(plan.name)}`);
    const n = Number(rows[0]!.n);
    if (n > 0) nonEmpty.push(`${plan.name}: ${n} row${n === 1 ? '' : 's'}`);
  }
  return nonEmpty;
}

async function copyTable(sqlite: Database.Database, client: pg.PoolClient, plan: TablePlan): Promise<TableReport> {
  const names = plan.columns.map((column) => column.name);
  const select = sqlite.prepare(`SELECT ${names.map(quote).join(', ')} FROM ${quote(plan.name)} ORDER BY ${plan.orderBy.map(quote).join(', ')}`).raw(true);
  const batchSize = Math.max(1, Math.min(500, Math.floor(60_000 / names.length)));
  const insertHead = `INSERT INTO ${quote(plan.name)} (${names.map(quote).join(', ')}) VALUES `;
  const source = hasher();
  let batch: unknown[][] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const params: unknown[] = [];
    const tuples = batch.map((row) => `(${row.map((value) => `$${params.push(value)}`).join(', ')})`);
    await client.query(insertHead + tuples.join(', '), params);
    batch = [];
  };
  let rowNumber = 0;
  for (const raw of select.iterate() as IterableIterator<unknown[]>) {
    rowNumber++;
    const values = raw.map((value, i) => normalise(value, plan.columns[i]!.kind, `${plan.name} row ${rowNumber}, column ${names[i]}`));
    source.add(values);
    batch.push(values.map((value, i) => (plan.columns[i]!.kind === 'blob' && value !== null ? raw[i] : value)));
    if (batch.length >= batchSize) await flush();
  }
  await flush();

  // Rows inserted with their ids: the identity continues after the largest.
  for (const column of plan.columns.filter((c) => c.identity)) {
    await client.query(
      `SELECT setval(pg_get_serial_sequence($1, $2), max_id) FROM (SELECT max(${quote(column.name)}) AS max_id FROM ${quote(plan.name)}) m WHERE max_id IS NOT NULL`,
      [quote(plan.name), column.name],
    );
  }
  return { ...source.done(), table: plan.name };
}

async function checksumTarget(client: pg.PoolClient, plan: TablePlan): Promise<TableReport> {
  const target = hasher();
  const cursor = `copy_check_${plan.name}`;
  await client.query(`DECLARE ${quote(cursor)} NO SCROLL CURSOR FOR SELECT ${plan.columns.map((c) => quote(c.name)).join(', ')} FROM ${quote(plan.name)} ORDER BY ${plan.orderBy.map(quote).join(', ')}`);
  for (;;) {
    const { rows } = await client.query<unknown[]>({ text: `FETCH 1000 FROM ${quote(cursor)}`, rowMode: 'array' });
    if (rows.length === 0) break;
    for (const row of rows) target.add(row.map((value, i) => normalise(value, plan.columns[i]!.kind, `${plan.name} (target)`)));
  }
  await client.query(`CLOSE ${quote(cursor)}`);
  return { ...target.done(), table: plan.name };
}

/** Copies every table; resolves with what was copied, or rejects with a CopyError (the target then holds nothing new). */
export async function copySqliteToPostgres({ from, to, log = () => {} }: CopyOptions): Promise<TableReport[]> {
  if (!/^postgres(ql)?:\/\//.test(to)) throw new CopyError('--to must be a postgres:// URL');
  if (!existsSync(from)) throw new CopyError(`No SQLite database at ${from}`);
  const plans = plansInForeignKeyOrder();

  const sqlite = new Database(from, { readonly: true, fileMustExist: true });
  try {
    const applied = sourceMigrationsApplied(sqlite);
    const known = knownMigrations();
    if (applied < known) {
      throw new CopyError(`${from} is at migration ${applied} of ${known}: start this version of Cuepoint on it once (it applies the pending migrations), then copy`);
    }
    if (applied > known) throw new CopyError(`${from} was migrated by a newer Cuepoint (${applied} migrations, this one knows ${known}): copy with that version`);
    for (const plan of plans) {
      const columns = (sqlite.pragma(`table_info(${quote(plan.name)})`) as { name: string }[]).map((column) => column.name).sort();
      const expected = plan.columns.map((column) => column.name).sort();
      if (columns.join(',') !== expected.join(',')) throw new CopyError(`${plan.name}: the SQLite columns (${columns.join(', ') || 'no table'}) are not the PostgreSQL ones (${expected.join(', ')})`);
    }

    let handle;
    try {
      handle = await openPostgres(to);
    } catch (error) {
      throw new CopyError(`Could not open PostgreSQL at ${redactUrl(to)}: ${(error as Error).message}`);
    }
    const client = await handle.pool.connect();
    try {
      // One snapshot of the source, one transaction on the target.
      sqlite.exec('BEGIN');
      await client.query('BEGIN');
      await client.query(`LOCK TABLE ${plans.map((plan) => quote(plan.name)).join(', ')} IN ACCESS EXCLUSIVE MODE`);
      const nonEmpty = await targetRowCounts(client, plans);
      if (nonEmpty.length > 0) {
        throw new CopyError(`The target database is not empty (${nonEmpty.join(', ')}). db:copy fills an empty database only; nothing was changed.`);
      }
      const copied: TableReport[] = [];
      for (const plan of plans) {
        const report = await copyTable(sqlite, client, plan);
        copied.push(report);
        log(`copied   ${plan.name.padEnd(26)} ${String(report.rows).padStart(8)} rows`);
      }
      const mismatches: string[] = [];
      for (const [i, plan] of plans.entries()) {
        const source = copied[i]!;
        const target = await checksumTarget(client, plan);
        if (target.rows !== source.rows) mismatches.push(`${plan.name}: ${source.rows} rows in SQLite, ${target.rows} in PostgreSQL`);
        else if (target.checksum !== source.checksum) mismatches.push(`${plan.name}: the rows differ (checksum ${source.checksum.slice(0, 12)} in SQLite, ${target.checksum.slice(0, 12)} in PostgreSQL)`);
        else log(`verified ${plan.name.padEnd(26)} ${String(target.rows).padStart(8)} rows  sha256 ${target.checksum.slice(0, 16)}`);
      }
      if (mismatches.length > 0) throw new CopyError(`Verification failed, nothing was kept:\n  ${mismatches.join('\n  ')}`);
      await client.query('COMMIT');
      return copied;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      if (error instanceof CopyError) throw error;
      throw new CopyError(`The copy failed, nothing was kept: ${(error as Error).message}`);
    } finally {
      if (sqlite.inTransaction) sqlite.exec('COMMIT');
      client.release();
      await handle.close();
    }
  } finally {
    sqlite.close();
  }
}

const usage = 'Usage: npm run db:copy -- --to postgres://user:password@host:5432/database [--from path/to/cuepoint.db]';

async function main(): Promise<number> {
  let values: { to?: string; from?: string; help?: boolean };
  try {
    ({ values } = parseArgs({ options: { to: { type: 'string' }, from: { type: 'string' }, help: { type: 'boolean' } }, strict: true, allowPositionals: false }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${usage}\n`);
    return 1;
  }
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  if (!values.to) {
    process.stderr.write(`--to is required.\n${usage}\n`);
    return 1;
  }
  let from = values.from;
  if (!from) {
    const { loadConfig } = await import('@server/config');
    from = join(loadConfig().dataDir, 'cuepoint.db');
  }
  from = resolve(from);
  try {
    const copied = await copySqliteToPostgres({ from, to: values.to, log: (line) => process.stdout.write(`${line}\n`) });
    const rows = copied.reduce((sum, table) => sum + table.rows, 0);
    process.stdout.write(`Copied ${copied.length} tables (${rows} rows) from ${from} to ${redactUrl(values.to)}; counts and checksums match.\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`${error instanceof CopyError ? error.message : (error as Error).stack}\n`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main();
}
