import { DomainError } from '@server/platform/errors';
import { createReadStream, readFileSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { EmbeddedDatabase, Store } from '@db/store';
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
export function databaseInfo(store: Pick<Store, 'embedded'>): DatabaseInfo {
  const described = embedded(store, systemMessages.postgresDatabase).describe();
  const applied = new Set(described.appliedMigrations);
  const entries = journal();
  const migrations = entries.map((entry) => ({ tag: entry.tag, createdAt: new Date(entry.when).toISOString(), applied: applied.has(entry.when) }));
  const lastApplied = [...migrations].reverse().find((migration) => migration.applied);
  return {
    engine: described.engine,
    journalMode: described.journalMode,
    sizeBytes: described.sizeBytes,
    schemaVersion: lastApplied?.tag ?? null,
    migrations,
    pending: migrations.filter((migration) => !migration.applied).map((migration) => migration.tag),
  };
}

/** The embedded SQLite file these tools read (the store's `embedded`); on PostgreSQL (none) a clear refusal (412) instead. */
function embedded(store: Pick<Store, 'embedded'>, message: string): EmbeddedDatabase {
  if (!store.embedded) throw new DomainError({ code: 'PRECONDITION_FAILED', message });
  return store.embedded;
}

/** The backup's file name: the site and the UTC time, e.g. `cuepoint-2026-11-26T21-30-05Z.sqlite3`. */
export function backupFileName(now = new Date()): string {
  return `cuepoint-${now.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-')}.sqlite3`;
}

/**
 * A consistent copy of the live database (`VACUUM INTO` a temporary file: one transaction, WAL included, nothing
 * blocked for long), handed over as a stream that removes the file once read or abandoned.
 */
export async function databaseBackup(store: Pick<Store, 'embedded'>, dataDir: string): Promise<{ stream: NodeJS.ReadableStream; sizeBytes: number }> {
  const database = embedded(store, systemMessages.postgresDatabase);
  const path = join(dataDir, `.backup-${newId()}.sqlite3`);
  try {
    await database.backup(path);
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
