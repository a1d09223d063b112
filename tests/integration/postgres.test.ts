import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@db/client';
import { openPostgres, pgMigrationsFolder } from '@db/postgres';
import { users as sqliteUsers } from '@db/schema/users';
import { podcastEpisodes, podcastTitles, users } from '@db/schema-pg/index';
import { usePostgres } from '../engines/postgres';

const journal = JSON.parse(readFileSync(join(pgMigrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };

describe('openPostgres', () => {
  const postgres = usePostgres();

  async function appliedMigrations(url: string): Promise<{ hash: string; created_at: number }[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<{ hash: string; created_at: number }>('SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id')).rows;
    } finally {
      await client.end();
    }
  }

  it('two instances starting together on an empty database both open, and each migration is applied once', async () => {
    const url = await postgres.current.createDatabase();
    const [a, b] = await Promise.all([openPostgres(url), openPostgres(url)]);
    try {
      const applied = await appliedMigrations(url);
      expect(applied).toHaveLength(journal.entries.length);
      expect(new Set(applied.map((row) => row.hash)).size).toBe(journal.entries.length);
      // Both see the same, complete schema.
      for (const handle of [a, b]) {
        expect((await handle.db.select({ n: sql<number>`count(*)` }).from(users))[0]!.n).toBe(0);
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('opening a migrated database again applies nothing and keeps its rows', async () => {
    const url = await postgres.current.createDatabase();
    const first = await openPostgres(url);
    await first.db.insert(users).values({ id: 'u1', email: 'kept@example.test', firstName: 'K', lastName: 'E', displayName: 'Kept', role: 'viewer', isActive: true });
    await first.close();
    const second = await openPostgres(url);
    try {
      expect(await appliedMigrations(url)).toHaveLength(journal.entries.length);
      expect(await second.db.select({ email: users.email }).from(users)).toEqual([{ email: 'kept@example.test' }]);
    } finally {
      await second.close();
    }
  });

  it('reads booleans, JSON, bigint sizes past 2^31 and counts back as the SQLite driver gives them', async () => {
    const handle = await openPostgres(await postgres.current.createDatabase());
    try {
      const { db } = handle;
      const [user] = await db
        .insert(users)
        .values({ id: 'c1', email: 'c@example.test', creatorTag: 'Caster', firstName: 'C', lastName: 'D', displayName: 'Caster', role: 'dj', isActive: true, shortcuts: ['/events', '/podcasts'] })
        .returning();
      expect(user).toMatchObject({ isActive: true, pendingPayment: false, notifyNewPayments: true, tokenVersion: 0, shortcuts: ['/events', '/podcasts'] });
      expect(user!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

      await db.insert(podcastTitles).values({ id: 't1', userId: 'c1', name: 'Long show' });
      const threeGigabytes = 3 * 1024 ** 3;
      await db.insert(podcastEpisodes).values({
        id: 'e1', podcastTitleId: 't1', userId: 'c1', name: 'Long', mediaUrl: '/uploads/e1.mp3', mediaType: 'audio/mpeg',
        mediaBytes: threeGigabytes, durationSeconds: 36_000, publishDate: '2026-11-27T00:00:00.000Z',
      });
      const [episode] = await db.select({ bytes: podcastEpisodes.mediaBytes }).from(podcastEpisodes).where(eq(podcastEpisodes.id, 'e1'));
      expect(episode!.bytes).toBe(threeGigabytes);

      const [totals] = await db
        .select({ episodes: sql<number>`count(*)`, bytes: sql<number>`sum(${podcastEpisodes.mediaBytes})`, seconds: sql<number>`sum(${podcastEpisodes.durationSeconds})` })
        .from(podcastEpisodes);
      expect(totals).toEqual({ episodes: 1, bytes: threeGigabytes, seconds: 36_000 });

      // The creator tag is unique case-insensitively, as on SQLite.
      await expect(
        db.insert(users).values({ id: 'c2', email: 'c2@example.test', creatorTag: 'CASTER', firstName: 'C', lastName: 'D', displayName: 'Other', role: 'dj', isActive: true }),
      ).rejects.toMatchObject({ cause: { code: '23505', constraint: 'users_creator_tag_lower_unique' } });
    } finally {
      await handle.close();
    }
  });

  it('orders and folds text byte by byte as SQLite does, even in a database created with an ICU locale', async () => {
    const handle = await openPostgres(await postgres.current.createDatabase({ icuLocale: 'en-US' }));
    const dir = mkdtempSync(join(tmpdir(), 'cuepoint-collation-'));
    const sqlite = openDatabase(join(dir, 'collation.db'));
    try {
      const ids = ['a_c', 'AB', 'a-b', 'ab', 'aB', 'Zz', '0x'];
      const tags = ['Émile', 'émile', 'Zed', 'zed2'];
      const rows = ids.map((id, i) => ({
        id, email: `${i}@example.test`, creatorTag: tags[i] ?? null, firstName: 'F', lastName: 'L', displayName: id, role: 'dj' as const, isActive: true,
      }));
      await handle.db.insert(users).values(rows);
      await sqlite.db.insert(sqliteUsers).values(rows);

      const fromPg = (await handle.db.select({ id: users.id }).from(users).orderBy(asc(users.id))).map((row) => row.id);
      const fromSqlite = (await sqlite.db.select({ id: sqliteUsers.id }).from(sqliteUsers).orderBy(asc(sqliteUsers.id))).map((row) => row.id);
      expect(fromSqlite).toEqual(['0x', 'AB', 'Zz', 'a-b', 'aB', 'a_c', 'ab']);
      expect(fromPg).toEqual(fromSqlite);
      // lower() folds ASCII only on both, so 'Émile' and 'émile' are two tags; 'ZED' is taken by 'Zed' on both.
      const tagged = { email: 'new@example.test', firstName: 'F', lastName: 'L', displayName: 'New', role: 'dj' as const, isActive: true };
      await expect(handle.db.insert(users).values({ ...tagged, id: 'n1', creatorTag: 'ZED' })).rejects.toMatchObject({ cause: { code: '23505' } });
      await expect(sqlite.db.insert(sqliteUsers).values({ ...tagged, id: 'n1', creatorTag: 'ZED' })).rejects.toMatchObject({ cause: { message: expect.stringMatching(/UNIQUE/) } });
    } finally {
      await sqlite.close();
      rmSync(dir, { recursive: true, force: true });
      await handle.close();
    }
  });

  it('reads counts and sums as numbers through the pool too', async () => {
    const handle = await openPostgres(await postgres.current.createDatabase());
    try {
      const { rows } = await handle.pool.query('SELECT count(*) AS n, sum(x) AS total, avg(x) AS mean FROM (VALUES (2::bigint), (3::bigint)) v(x)');
      expect(rows[0]).toEqual({ n: 2, total: 5, mean: 2.5 });
    } finally {
      await handle.close();
    }
  });

  it('refuses a server it cannot reach with the driver error, leaving nothing open', async () => {
    const url = postgres.current.adminUrl.replace(/:\d+\//, ':1/');
    await expect(openPostgres(url)).rejects.toThrow(/ECONNREFUSED/);
  });
});
