import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sqliteConnectionOf } from '@db/sqlite-store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemMessages } from '@server/domains/system/system.schemas';
import { bearer, callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/app';
import { testEngines } from '../helpers/test-engines';

/** A run on the shared PostgreSQL (TEST_ENGINES): no SQLite file to describe or copy. */
const onPostgres = !!testEngines().postgres;

/** `/migrate-db` (platform.md route list): admins see the schema and download a consistent backup. */
describe('database backup and migrations', () => {
  let test: TestApp;
  let admin: TestUser;
  let creator: TestUser;
  let viewer: TestUser;

  beforeEach(async () => {
    test = await createTestApp();
    admin = await createUser(test.app, { role: 'admin' });
    creator = await createUser(test.app, { role: 'dj' });
    viewer = await createUser(test.app, { role: 'viewer' });
    await (await callerAs(test.app, creator.token)).events.create({ name: 'Backed up' });
  });
  afterEach(async () => test.close());

  const backup = (token?: string) => test.app.inject({ method: 'GET', url: '/api/admin/database-backup', headers: token ? bearer(token) : {} });

  it('refuses creators, viewers and guests', async () => {
    expect((await backup()).statusCode).toBe(401);
    for (const user of [creator, viewer]) {
      expect((await backup(user.token)).statusCode).toBe(403);
      await expect((await callerAs(test.app, user.token)).system.database()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it.skipIf(onPostgres)('shows the engine, the schema version and every migration applied, none pending', async () => {
    const info = await (await callerAs(test.app, admin.token)).system.database();
    expect(info.engine).toMatch(/^SQLite 3\./);
    expect(info.journalMode).toBe('wal');
    expect(info.pending).toEqual([]);
    expect(info.migrations.length).toBeGreaterThan(5);
    expect(info.migrations.every((migration) => migration.applied)).toBe(true);
    expect(info.schemaVersion).toBe(info.migrations.at(-1)!.tag);
  });

  it.skipIf(onPostgres)('downloads a dated SQLite file that opens with the same rows, and leaves no copy behind', async () => {
    const response = await backup(admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.sqlite3');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="cuepoint-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.sqlite3"$/);
    const file = join(test.dataDir, 'downloaded.sqlite3');
    writeFileSync(file, response.rawPayload);
    const copy = new Database(file, { readonly: true });
    const live = sqliteConnectionOf(test.app.services.store)!;
    for (const table of ['users', 'events', '__drizzle_migrations']) {
      // eslint-disable-next-line no-restricted-syntax -- raw SQLite statement
      const count = (db: Database.Database) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
      expect(count(copy), table).toBe(count(live));
    }
    // eslint-disable-next-line no-restricted-syntax -- raw SQLite statement
    expect((copy.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check).toBe('ok');
    copy.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readdirSync(test.dataDir).filter((name) => name.startsWith('.backup-'))).toEqual([]);
  });

  it.runIf(onPostgres)('on PostgreSQL, answers that the details and the download are for SQLite (412), pg_dump makes the backup', async () => {
    await expect((await callerAs(test.app, admin.token)).system.database()).rejects.toMatchObject({ code: 'PRECONDITION_FAILED', message: systemMessages.postgresDatabase });
    const response = await backup(admin.token);
    expect(response.statusCode).toBe(412);
    expect(response.json()).toEqual({ message: systemMessages.postgresDatabase });
  });
});
