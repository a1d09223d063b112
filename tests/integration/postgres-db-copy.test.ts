import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { eq, is } from 'drizzle-orm';
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgTable } from 'drizzle-orm/pg-core';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@db/client';
import { openPostgres } from '@db/postgres';
import { firstRow } from '@db/store';
import * as sqliteSchema from '@db/schema/index';
import { pgSchema } from '@db/schema-pg/index';
import { loadConfig } from '@server/config';
import { projectPath } from '@common/node/project-paths';
import { seedDatabase } from '../../seed/seed';
import { usePostgres } from '../engines/postgres';

const run = promisify(execFile);

/** `npm run db:copy -- …` as an operator runs it: exit code and output. */
async function dbCopy(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'db:copy', '--', ...args], { cwd: projectPath(), env: { ...process.env, LOG_LEVEL: 'silent' } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

const sqliteTables = Object.entries(sqliteSchema).filter(([, value]) => is(value, SQLiteTable)) as [string, SQLiteTable][];
const pgTables = pgSchema as unknown as Record<string, PgTable>;

describe('npm run db:copy', () => {
  const postgres = usePostgres();
  let dataDir: string;
  let source: string;
  let sourceHash: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-copy-'));
    source = join(dataDir, 'cuepoint.db');
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-test-secret-test-secret-test' });
    const handle = openDatabase(source);
    await seedDatabase(handle.db, config, { demoData: true });
    // What the seed does not make: queued push deliveries (identity ids), a big episode size, an inactive account.
    const creator = (await firstRow(handle.db.select({ id: sqliteSchema.users.id }).from(sqliteSchema.users).where(eq(sqliteSchema.users.role, 'dj')).limit(1)))!;
    await handle.db.insert(sqliteSchema.pushSubscriptions).values({ id: 's1', creatorId: creator.id, endpoint: 'https://push.example.test/1', p256dh: 'k', auth: 'a' });
    await handle.db.insert(sqliteSchema.pushNotifications).values({ id: 'n1', creatorId: creator.id, kind: 'manual', title: 'Hi', body: 'B', url: '/' });
    await handle.db.insert(sqliteSchema.pushDeliveries).values([{ notificationId: 'n1', subscriptionId: 's1' }, { notificationId: 'n1', subscriptionId: null }]);
    await handle.db.insert(sqliteSchema.podcastUploads).values({ id: 'up1', ownerId: creator.id, kind: 'media', url: '/uploads/big.mp4', mimeType: 'video/mp4', sizeBytes: 3 * 1024 ** 3 });
    await handle.close();
    sourceHash = sha256(source);
  }, 120_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('copies every table with equal counts and checksums, the same rows read back, and leaves the SQLite file untouched', async () => {
    const url = await postgres.current.createDatabase();
    const result = await dbCopy('--to', url, '--from', source);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Copied 43 tables \(\d+ rows\) .*counts and checksums match/);
    expect(result.stdout).toMatch(/verified users\s+\d+ rows {2}sha256 [0-9a-f]{16}/);
    expect(sha256(source)).toBe(sourceHash);

    // Every table reads the same through Drizzle on both sides (booleans, JSON, sizes, nulls).
    const sqlite = new Database(source, { readonly: true });
    const fromSqlite = drizzleSqlite(sqlite);
    const target = await openPostgres(url);
    const fromPg = drizzlePg(target.pool);
    try {
      let total = 0;
      for (const [name, table] of sqliteTables) {
        const sort = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).sort();
        const left = sort(await fromSqlite.select().from(table));
        const right = sort(await fromPg.select().from(pgTables[name]!));
        expect(right, name).toEqual(left);
        total += left.length;
      }
      expect(total).toBeGreaterThan(400);
      const [big] = await fromPg.select({ size: pgSchema.podcastUploads.sizeBytes }).from(pgSchema.podcastUploads);
      expect(big).toEqual({ size: 3 * 1024 ** 3 });
      // The identity continues after the copied ids.
      const [next] = await fromPg.insert(pgSchema.pushDeliveries).values({ notificationId: 'n1', subscriptionId: null, status: 'skipped' }).onConflictDoNothing().returning({ id: pgSchema.pushDeliveries.id });
      expect(next).toEqual({ id: 3 });
    } finally {
      sqlite.close();
      await target.close();
    }
    expect(sha256(source)).toBe(sourceHash);

    // A second run onto the now non-empty database refuses and changes nothing.
    const again = await dbCopy('--to', url, '--from', source);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^The target database is not empty \(users: \d+ rows, .*\)\. db:copy fills an empty database only; nothing was changed\.\n$/);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      expect((await client.query('SELECT count(*) AS n FROM push_deliveries')).rows[0].n).toBe(3);
    } finally {
      await client.end();
    }
  }, 120_000);

  it('exits 1 and keeps nothing when a copied row reads back different', async () => {
    const url = await postgres.current.createDatabase();
    const target = await openPostgres(url);
    // Something between the two (here a trigger) changes one value on its way in.
    await target.pool.query(`
      CREATE FUNCTION garble() RETURNS trigger AS $$ BEGIN NEW.display_name := NEW.display_name || '?'; RETURN NEW; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER garble BEFORE INSERT ON users FOR EACH ROW WHEN (NEW.role = 'viewer') EXECUTE FUNCTION garble();`);
    try {
      const result = await dbCopy('--to', url, '--from', source);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^Verification failed, nothing was kept:\n {2}users: the rows differ \(checksum [0-9a-f]{12} in SQLite, [0-9a-f]{12} in PostgreSQL\)\n$/);
      expect((await target.pool.query('SELECT count(*) AS n FROM users')).rows[0].n).toBe(0);
      expect((await target.pool.query('SELECT count(*) AS n FROM demo_documents')).rows[0].n).toBe(0);
    } finally {
      await target.close();
    }
  }, 60_000);

  it('refuses a SQLite file that misses migrations of this version', async () => {
    const behind = join(dataDir, 'behind.db');
    copyFileSync(source, behind);
    const db = new Database(behind);
    // eslint-disable-next-line no-restricted-syntax -- raw SQLite statement
    db.prepare('DELETE FROM __drizzle_migrations WHERE rowid = (SELECT max(rowid) FROM __drizzle_migrations)').run();
    db.close();
    const journal = JSON.parse(readFileSync(projectPath('db', 'migrations', 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const result = await dbCopy('--to', await postgres.current.createDatabase(), '--from', behind);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`is at migration ${journal.entries.length - 1} of ${journal.entries.length}: start this version of Cuepoint on it once`);
  }, 60_000);

  it('answers bad arguments with the usage, a missing file and an unreachable server with their reason', async () => {
    const noTarget = await dbCopy('--from', source);
    expect(noTarget).toMatchObject({ code: 1, stderr: expect.stringContaining('--to is required.\nUsage: npm run db:copy -- --to postgres://') });
    const media = await dbCopy('--to', 'postgres://127.0.0.1/x', '--media', 's3');
    expect(media).toMatchObject({ code: 1, stderr: expect.stringContaining("Unknown option '--media'") });
    const notPostgres = await dbCopy('--to', 'mysql://127.0.0.1/x', '--from', source);
    expect(notPostgres).toMatchObject({ code: 1, stderr: '--to must be a postgres:// URL\n' });
    const missing = await dbCopy('--to', 'postgres://127.0.0.1/x', '--from', join(dataDir, 'nope.db'));
    expect(missing).toMatchObject({ code: 1, stderr: `No SQLite database at ${join(dataDir, 'nope.db')}\n` });
    const unreachable = await dbCopy('--to', 'postgres://someone:secret@127.0.0.1:1/x', '--from', source);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/^Could not open PostgreSQL at postgres:\/\/someone:\*\*\*@127\.0\.0\.1:1\/x: .*ECONNREFUSED/);
    expect(sha256(source)).toBe(sourceHash);
  }, 60_000);
});
