import { DomainError } from '@server/platform/errors';
import { createReadStream, readFileSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import type { Store } from '@db/client';
import { migrationsFolder } from '@db/client';
import { newId } from '@server/lib/ids';
import { systemMessages, type DatabaseInfo } from './system.schemas';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

function journal(): JournalEntry[] {
  const raw = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return raw.entries;
}

/**
 * What `/migrate-db` shows: the engine, the schema version and the migrations applied (they run at start, so none
 * should be pending). A migration counts as applied when the migrator recorded its timestamp.
 */
export function databaseInfo(store: Pick<Store, 'sqlite'>): DatabaseInfo {
  const sqlite = embedded(store, systemMessages.postgresDatabase);
  const applied = new Map(
    // eslint-disable-next-line no-restricted-syntax -- raw SQLite statement
    (sqlite.prepare('SELECT created_at AS createdAt FROM __drizzle_migrations').all() as { createdAt: number }[]).map((row) => [Number(row.createdAt), true]),
  );
  const entries = journal();
  const migrations = entries.map((entry) => ({ tag: entry.tag, createdAt: new Date(entry.when).toISOString(), applied: applied.has(entry.when) }));
  // eslint-disable-next-line no-restricted-syntax -- raw SQLite statement
  const version = sqlite.prepare('SELECT sqlite_version() AS version').get() as { version: string };
  const pages = sqlite.pragma('page_count', { simple: true }) as number;
  const pageSize = sqlite.pragma('page_size', { simple: true }) as number;
  const lastApplied = [...migrations].reverse().find((migration) => migration.applied);
  return {
    engine: `SQLite ${version.version}`,
    journalMode: String(sqlite.pragma('journal_mode', { simple: true })),
    sizeBytes: pages * pageSize,
    schemaVersion: lastApplied?.tag ?? null,
    migrations,
    pending: migrations.filter((migration) => !migration.applied).map((migration) => migration.tag),
  };
}

/** The embedded SQLite connection these tools read; on PostgreSQL (none) a clear refusal (412) instead. */
function embedded(store: Pick<Store, 'sqlite'>, message: string): Database.Database {
  if (!store.sqlite) throw new DomainError({ code: 'PRECONDITION_FAILED', message });
  return store.sqlite;
}

/** The backup's file name: the site and the UTC time, e.g. `cuepoint-2026-11-26T21-30-05Z.sqlite3`. */
export function backupFileName(now = new Date()): string {
  return `cuepoint-${now.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-')}.sqlite3`;
}

/**
 * A consistent copy of the live database (`VACUUM INTO` a temporary file: one transaction, WAL included, nothing
 * blocked for long), handed over as a stream that removes the file once read or abandoned.
 */
export async function databaseBackup(store: Pick<Store, 'sqlite'>, dataDir: string): Promise<{ stream: NodeJS.ReadableStream; sizeBytes: number }> {
  const sqlite = embedded(store, systemMessages.postgresDatabase);
  const path = join(dataDir, `.backup-${newId()}.sqlite3`);
  try {
    sqlite.prepare('VACUUM INTO ?').run(path);
    const { size } = await stat(path);
    const stream = createReadStream(path);
    const remove = () => void rm(path, { force: true });
    stream.once('close', remove);
    return { stream, sizeBytes: size };
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}
