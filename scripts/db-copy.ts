/**
 * Moves an install (README "Growing past one machine"): its SQLite database into an empty PostgreSQL database, its
 * media files into the S3-compatible bucket the server would use, or both.
 *
 *   npm run db:copy -- --to postgres://user:pass@host:5432/cuepoint [--from DATA_DIR/cuepoint.db] [--media s3]
 *   npm run db:copy -- --media s3 [--from DATA_DIR/cuepoint.db]      (media only: finishes an interrupted media copy)
 *
 * Database (`--to`): the target is migrated first, must be empty, and is filled in one transaction, tables in
 * foreign-key order, rows in batches. Before committing, every table's row count and checksum (SHA-256 of its rows in
 * primary-key order, values normalised across the dialects) are compared with the source's; any difference rolls
 * everything back and exits 1. The SQLite file is opened read-only and read in one transaction (a consistent
 * snapshot): it is left untouched.
 *
 * Media (`--media s3`): the files the disk storage keeps beside the SQLite file (DATA_DIR: `uploads/`, the finished
 * `recordings/<id>/<id>.mp4`, `mobile-apps/`) go into the bucket of the S3_* settings, the server's own `createStorage`,
 * under the same keys. `live/` (HLS of live sessions, removed once they end), a recording's unfinished parts (the
 * server finishes them from DATA_DIR) and interrupted writes (`.incoming-*`) stay behind. Every key is looked up
 * first: an object with the same bytes is skipped (so running again after an interruption finishes the job); a
 * different object under a key refuses the whole run before anything, database included, is copied. Each file is
 * streamed (an episode never sits in memory), then read back from the bucket: size and SHA-256 must match the file's,
 * or the object is removed and the run exits 1. DATA_DIR is only read. Without S3 settings `--media s3` refuses.
 * With `--to` the database is copied first; a re-run for the media alone leaves out `--to` (the target is not empty).
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { getTableColumns } from 'drizzle-orm';
import { getTableConfig, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { migrationsFolder } from '@db/client';
import { openPostgres } from '@db/postgres';
import { pgSchema } from '@db/schema-pg/index';
import type { AppConfig } from '@server/config';
import { createStorage, DiskStorage, type Storage } from '@server/platform/storage';

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

/** The target database already holds rows. */
export class TargetNotEmptyError extends CopyError {}

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

/** The checks that need no connection: refused before anything else (the media's look-ups included) starts. */
export function assertDatabaseArguments(from: string, to: string): void {
  if (!/^postgres(ql)?:\/\//.test(to)) throw new CopyError('--to must be a postgres:// URL');
  if (!existsSync(from)) throw new CopyError(`No SQLite database at ${from}`);
}

/** Copies every table; resolves with what was copied, or rejects with a CopyError (the target then holds nothing new). */
export async function copySqliteToPostgres({ from, to, log = () => {} }: CopyOptions): Promise<TableReport[]> {
  assertDatabaseArguments(from, to);
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
        throw new TargetNotEmptyError(`The target database is not empty (${nonEmpty.join(', ')}). db:copy fills an empty database only; nothing was changed.`);
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

/** The folders of the disk storage that hold an install's media (keys are paths below DATA_DIR). */
const mediaFolders = ['uploads/', 'recordings/', 'mobile-apps/'] as const;

export interface MediaFile {
  key: string;
  path: string;
  size: number;
}

export interface MediaPlan {
  dataDir: string;
  /** Not in the bucket yet. */
  toCopy: MediaFile[];
  /** Already in the bucket with the same bytes. */
  present: MediaFile[];
  /** Files under the media folders that are not media the server reads (unfinished recording parts, interrupted writes). */
  leftBehind: number;
}

export interface MediaReport {
  copied: { files: number; bytes: number };
  skipped: { files: number; bytes: number };
  leftBehind: number;
}

export interface MediaOptions {
  /** Where the install's files are (DATA_DIR). Only read. */
  dataDir: string;
  /** The bucket's storage (`createStorage` with the S3 settings). */
  storage: Storage;
  log?: (line: string) => void;
  /** Files handled at once. */
  concurrency?: number;
}

/** Whether the server reads this key from its storage: a finished recording, not its parts; nothing half-written. */
function isMediaKey(key: string): boolean {
  if (key.slice(key.lastIndexOf('/') + 1).startsWith('.incoming-')) return false;
  const recording = /^recordings\/([^/]+)\/([^/]+)$/.exec(key);
  if (key.startsWith('recordings/')) return recording !== null && recording[2] === `${recording[1]}.mp4`;
  return true;
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Runs `work` over the items, at most `limit` at a time; the first failure stops new work and is thrown once the rest settled. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
}

const sizeText = (bytes: number) => `${bytes} byte${bytes === 1 ? '' : 's'}`;

/**
 * Lists the install's media and looks each key up in the bucket: missing (to copy), the same bytes (skipped), or a
 * different object, which refuses the run (a CopyError naming it) before anything was copied.
 */
export async function planMediaCopy({ dataDir, storage, concurrency = 4 }: MediaOptions): Promise<MediaPlan> {
  if (!existsSync(dataDir)) throw new CopyError(`No DATA_DIR at ${dataDir}`);
  const disk = new DiskStorage(dataDir);
  const files: MediaFile[] = [];
  let leftBehind = 0;
  try {
    for (const folder of mediaFolders) {
      for (const key of (await disk.list(folder)).sort()) {
        if (!isMediaKey(key)) {
          leftBehind++;
          continue;
        }
        const path = disk.localPath(key);
        files.push({ key, path, size: statSync(path).size });
      }
    }
  } catch (error) {
    throw new CopyError(`Could not list the media in ${dataDir}: ${(error as Error).message}`);
  }
  const toCopy = new Set<MediaFile>();
  const present = new Set<MediaFile>();
  const conflicts: string[] = [];
  await eachLimited(files, concurrency, async (file) => {
    const there = await storage.stat(file.key).catch((error: Error) => {
      throw new CopyError(`Looking up ${file.key} in the bucket failed (${error.message}); nothing was copied`);
    });
    if (!there) {
      toCopy.add(file);
      return;
    }
    if (there.size !== file.size) {
      conflicts.push(`${file.key} (${sizeText(there.size)} in the bucket, ${sizeText(file.size)} in ${file.path})`);
      return;
    }
    const [inBucket, onDisk] = await Promise.all([
      storage.read(file.key).then((body) => (body ? sha256Of(body) : null)).catch((error: Error) => {
        throw new CopyError(`Reading ${file.key} back from the bucket failed (${error.message}); nothing was copied`);
      }),
      sha256Of(createReadStream(file.path)),
    ]);
    if (inBucket === onDisk) present.add(file);
    else conflicts.push(`${file.key} (same size as ${file.path}, other bytes)`);
  });
  if (conflicts.length > 0) {
    conflicts.sort();
    const more = conflicts.length > 1 ? ` and ${conflicts.length - 1} more key${conflicts.length === 2 ? '' : 's'}` : '';
    throw new CopyError(`The bucket already holds a different object under ${conflicts[0]}${more}; db:copy never replaces objects: remove them or use another bucket. Nothing was copied.`);
  }
  return { dataDir, toCopy: files.filter((file) => toCopy.has(file)), present: files.filter((file) => present.has(file)), leftBehind };
}

/** Streams the planned files into the bucket and reads each back: its size and SHA-256 must be the file's. */
export async function copyPlannedMedia(plan: MediaPlan, { storage, log = () => {}, concurrency = 4 }: Omit<MediaOptions, 'dataDir'>): Promise<MediaReport> {
  for (const file of plan.present) log(`skipped  ${file.key}  ${sizeText(file.size)}, already in the bucket with the same SHA-256`);
  const copied = { files: 0, bytes: 0 };
  try {
    await eachLimited(plan.toCopy, concurrency, async (file) => {
      const hash = createHash('sha256');
      const source = createReadStream(file.path);
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      source.once('error', (error) => hashing.destroy(error));
      let sent: number;
      try {
        ({ size: sent } = await storage.write(file.key, source.pipe(hashing)));
      } finally {
        source.destroy();
      }
      const onDisk = hash.digest('hex');
      const there = await storage.stat(file.key);
      const body = there && (await storage.read(file.key));
      const inBucket = body ? await sha256Of(body) : null;
      if (!there || there.size !== file.size || sent !== file.size || inBucket !== onDisk) {
        await storage.delete(file.key);
        const answer = there ? `${sizeText(there.size)}, sha256 ${inBucket?.slice(0, 16) ?? 'unreadable'}` : 'no object';
        throw new CopyError(
          `${file.key}: the bucket answers ${answer}, the file ${file.path} has ${sizeText(sent)}, sha256 ${onDisk.slice(0, 16)}${sent === file.size ? '' : ` (it had ${sizeText(file.size)}: stop Cuepoint before copying)`}; the object was removed. ${copied.files} files were copied and verified before it; run again to finish.`,
        );
      }
      copied.files++;
      copied.bytes += file.size;
      log(`copied   ${file.key}  ${sizeText(file.size)}  sha256 ${onDisk.slice(0, 16)}`);
    });
  } catch (error) {
    if (error instanceof CopyError) throw error;
    throw new CopyError(`Copying media into the bucket failed (${(error as Error).message}); ${copied.files} files were copied and verified. Run "npm run db:copy -- --media s3" again to finish: what is already there is checked and skipped.`);
  }
  const skipped = { files: plan.present.length, bytes: plan.present.reduce((sum, file) => sum + file.size, 0) };
  return { copied, skipped, leftBehind: plan.leftBehind };
}

/** Both steps: refuses a bucket holding other objects under the install's keys, else copies what is missing. */
export async function copyMediaToStorage(options: MediaOptions): Promise<MediaReport> {
  return copyPlannedMedia(await planMediaCopy(options), options);
}

const usage = 'Usage: npm run db:copy -- [--to postgres://user:password@host:5432/database] [--from path/to/cuepoint.db] [--media s3]';

/** A configuration problem on one line: loadConfig lists its problems one a line. */
const oneLine = (message: string) => message.replace(/:\n\s+/, ': ').replace(/\n\s+/g, '; ');

async function main(): Promise<number> {
  let values: { to?: string; from?: string; media?: string; help?: boolean };
  try {
    ({ values } = parseArgs({ options: { to: { type: 'string' }, from: { type: 'string' }, media: { type: 'string' }, help: { type: 'boolean' } }, strict: true, allowPositionals: false }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${usage}\n`);
    return 1;
  }
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  if (!values.to && values.media === undefined) {
    process.stderr.write(`Nothing to copy: give --to postgres://… (the database), --media s3 (the media files), or both.\n${usage}\n`);
    return 1;
  }
  if (values.media !== undefined && values.media !== 's3') {
    process.stderr.write(`--media takes s3 (the bucket of the S3_* settings), not ${JSON.stringify(values.media)}\n`);
    return 1;
  }
  let config: AppConfig | undefined;
  if (!values.from || values.media) {
    const { loadConfig } = await import('@server/config');
    try {
      config = loadConfig();
    } catch (error) {
      process.stderr.write(`${oneLine((error as Error).message)}\n`);
      return 1;
    }
  }
  const from = resolve(values.from ?? join(config!.dataDir, 'cuepoint.db'));
  let storage: Storage | undefined;
  let bucketName = '';
  try {
    if (values.to) assertDatabaseArguments(from, values.to);
    let plan: MediaPlan | undefined;
    if (values.media) {
      const settings = config!.storage;
      if (settings.kind !== 's3') {
        throw new CopyError('--media s3 needs the bucket: set S3_BUCKET (with S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY as the server uses them)');
      }
      // The SDK's notice about the Node versions of its future releases would otherwise be most of a refusal's output.
      process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
      const bucket = createStorage(settings, dirname(from));
      storage = bucket;
      bucketName = settings.bucket;
      await bucket.ping().catch((error: Error & { $metadata?: { httpStatusCode?: number } }) => {
        const status = error.$metadata?.httpStatusCode;
        const reason = status === 404 ? 'there is no such bucket' : status === 403 ? 'access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)' : error.message;
        throw new CopyError(`Could not reach the bucket ${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}: ${reason}`);
      });
      plan = await planMediaCopy({ dataDir: dirname(from), storage: bucket });
    }
    if (values.to) {
      const copied = await copySqliteToPostgres({ from, to: values.to, log: (line) => process.stdout.write(`${line}\n`) });
      const rows = copied.reduce((sum, table) => sum + table.rows, 0);
      process.stdout.write(`Copied ${copied.length} tables (${rows} rows) from ${from} to ${redactUrl(values.to)}; counts and checksums match.\n`);
    }
    if (plan && storage) {
      const report = await copyPlannedMedia(plan, { storage, log: (line) => process.stdout.write(`${line}\n`) });
      const left = report.leftBehind > 0 ? ` ${report.leftBehind} other files (unfinished recording parts, interrupted writes) stay in DATA_DIR only.` : '';
      process.stdout.write(
        `Copied ${report.copied.files} media files (${sizeText(report.copied.bytes)}) from ${plan.dataDir} to the bucket ${bucketName}, skipped ${report.skipped.files} already there (${sizeText(report.skipped.bytes)}); sizes and SHA-256 match.${left}\n`,
      );
    }
    return 0;
  } catch (error) {
    const hint = error instanceof TargetNotEmptyError && values.media ? ' To copy the media alone, run again without --to.' : '';
    process.stderr.write(`${error instanceof CopyError ? error.message + hint : (error as Error).stack}\n`);
    return 1;
  } finally {
    storage?.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main();
}
