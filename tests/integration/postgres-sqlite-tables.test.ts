import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, count, desc, eq, inArray, sql, sum } from 'drizzle-orm';
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3';
import { drizzle, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { alias, type BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@db/client';
import { sqliteConnectionOf } from '@db/sqlite-store';
import { openPostgres, type PostgresHandle } from '@db/postgres';
import * as sqliteSchema from '@db/schema/index';
import * as pgSchema from '@db/schema-pg/index';
import { usePostgres } from '../engines/postgres';

const { chatBans, demoDocuments, events, pushDeliveries, pushNotifications, users } = sqliteSchema;

/**
 * Can the services keep their SQLite table objects (db/schema) and run them on a node-postgres Drizzle database?
 * What works and what breaks, against a real PostgreSQL built by the PostgreSQL migrations. The PostgreSQL builder's
 * types refuse a SQLite table, so the database is seen here through the async SQLite database type.
 */
type SqliteShapedDb = BaseSQLiteDatabase<'async', NodePgQueryResultHKT, typeof sqliteSchema>;

describe('SQLite table objects on a node-postgres Drizzle database', () => {
  const postgres = usePostgres();
  let handle: PostgresHandle;
  let db: SqliteShapedDb;

  beforeAll(async () => {
    handle = await openPostgres(await postgres.current.createDatabase());
    db = drizzle(handle.pool, { schema: sqliteSchema }) as unknown as SqliteShapedDb;
    await db.insert(users).values([
      { id: 'c1', email: 'c1@example.test', creatorTag: 'Caster', firstName: 'C', lastName: 'One', displayName: 'Caster', role: 'dj', isActive: true },
      { id: 'v1', email: 'v1@example.test', firstName: 'V', lastName: 'One', displayName: 'Viewer', role: 'viewer', isActive: false },
    ]);
    await db.insert(events).values({ id: 'e1', userId: 'c1', name: 'Premiere', isPremium: true, premiumPriceCents: 500 });
  });
  afterAll(async () => handle?.close());

  it('is refused by the PostgreSQL builder types', () => {
    const pgDb = drizzle(handle.pool);
    // Built, never run: only the type check matters.
    // @ts-expect-error a SQLiteTable is not a PgTable
    const refused = () => pgDb.select().from(users);
    expect(typeof refused).toBe('function');
  });

  describe('works', () => {
    it('insert … returning, with booleans (sent as 1/0, read back as true/false), JSON and the text time default', async () => {
      const [row] = await db
        .insert(users)
        .values({ id: 'u1', email: 'u1@example.test', firstName: 'U', lastName: 'One', displayName: 'U1', role: 'viewer', isActive: true, shortcuts: ['/a', '/b'] })
        .returning();
      expect(row).toMatchObject({ isActive: true, pendingPayment: false, notifyNewPayments: true, shortcuts: ['/a', '/b'], tokenVersion: 0 });
      expect(row!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    });

    it('select with where on booleans, inArray, orderBy, limit and offset', async () => {
      expect(await db.select({ id: users.id }).from(users).where(eq(users.isActive, false))).toEqual([{ id: 'v1' }]);
      expect(await db.select({ id: users.id }).from(users).where(inArray(users.isActive, [true])).orderBy(asc(users.id)).limit(1).offset(1)).toEqual([{ id: 'u1' }]);
    });

    it('update and delete … returning, with SQL increments', async () => {
      const [updated] = await db.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1`, isActive: true }).where(eq(users.id, 'v1')).returning({ tokenVersion: users.tokenVersion, isActive: users.isActive });
      expect(updated).toEqual({ tokenVersion: 1, isActive: true });
      await db.insert(chatBans).values({ eventId: 'e1', userId: 'v1' });
      expect(await db.delete(chatBans).where(eq(chatBans.userId, 'v1')).returning({ userId: chatBans.userId })).toEqual([{ userId: 'v1' }]);
    });

    it('onConflictDoNothing (with and without a target) and onConflictDoUpdate with excluded', async () => {
      const again = { id: 'c1', email: 'c1@example.test', firstName: 'C', lastName: 'One', displayName: 'Renamed', role: 'dj' as const, isActive: true };
      expect(await db.insert(users).values(again).onConflictDoNothing().returning()).toEqual([]);
      expect(await db.insert(users).values(again).onConflictDoNothing({ target: users.email }).returning()).toEqual([]);
      const [upserted] = await db
        .insert(users)
        .values(again)
        .onConflictDoUpdate({ target: users.id, set: { displayName: sql`excluded.display_name` } })
        .returning({ displayName: users.displayName });
      expect(upserted).toEqual({ displayName: 'Renamed' });
      await db.insert(chatBans).values({ eventId: 'e1', userId: 'u1' });
      const [composite] = await db
        .insert(chatBans)
        .values({ eventId: 'e1', userId: 'u1' })
        .onConflictDoUpdate({ target: [chatBans.eventId, chatBans.userId], set: { bannedBy: 'c1' } })
        .returning({ bannedBy: chatBans.bannedBy });
      expect(composite).toEqual({ bannedBy: 'c1' });
    });

    it('joins, subqueries, count(), $count and sql fragments with columns', async () => {
      const joined = await db
        .select({ event: events.name, creator: users.displayName, premium: events.isPremium })
        .from(events)
        .innerJoin(users, eq(users.id, events.userId))
        .where(and(eq(events.isPremium, true), sql`lower(${users.creatorTag}) = ${'caster'}`));
      expect(joined).toEqual([{ event: 'Premiere', creator: 'Renamed', premium: true }]);
      const perCreator = db.select({ userId: events.userId, n: count().as('n') }).from(events).groupBy(events.userId).as('per_creator');
      const counted = await db.select({ id: users.id, n: perCreator.n }).from(users).leftJoin(perCreator, eq(perCreator.userId, users.id)).orderBy(asc(users.id));
      expect(counted).toEqual([{ id: 'c1', n: 1 }, { id: 'u1', n: null }, { id: 'v1', n: null }]);
      expect(await db.$count(users, eq(users.isActive, true))).toBe(3);
    });

    it('an identity id comes back from returning, like SQLite’s rowid', async () => {
      await db.insert(pushNotifications).values({ id: 'n1', creatorId: 'c1', kind: 'manual', title: 'T', body: 'B', url: '/' });
      const [first] = await db.insert(pushDeliveries).values({ notificationId: 'n1' }).returning({ id: pushDeliveries.id });
      expect(first).toEqual({ id: 1 });
    });

    it('JSON documents and doubles round-trip as on SQLite', async () => {
      await db.insert(demoDocuments).values({ collection: 'notes.notes', id: 'd1', position: 1.5, data: { b: 1, a: [1, 'two'] } });
      expect(await db.select().from(demoDocuments)).toEqual([{ collection: 'notes.notes', id: 'd1', position: 1.5, data: { b: 1, a: [1, 'two'] } }]);
    });

    it('async transactions commit, roll back on a throw, and select … for update skip locked', async () => {
      await db.transaction(async (tx) => {
        await tx.update(events).set({ sequence: sql`${events.sequence} + 1` }).where(eq(events.id, 'e1'));
      });
      await expect(
        db.transaction(async (tx) => {
          await tx.update(events).set({ name: 'Lost' }).where(eq(events.id, 'e1'));
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      const pgView = drizzle(handle.pool);
      const claimed = await pgView.transaction((tx) => tx.select({ id: pgSchema.events.id }).from(pgSchema.events).for('update', { skipLocked: true }));
      expect(claimed).toEqual([{ id: 'e1' }]);
      expect(await db.select({ name: events.name, sequence: events.sequence }).from(events)).toEqual([{ name: 'Premiere', sequence: 1 }]);
    });

    it('relational queries (db.query) over the SQLite tables', async () => {
      const found = await db.query.users.findFirst({ where: eq(users.id, 'c1'), columns: { id: true, isActive: true, shortcuts: true } });
      expect(found).toEqual({ id: 'c1', isActive: true, shortcuts: [] });
    });

    it('SQLite and PostgreSQL tables in one query', async () => {
      const mixed = await db
        .select({ id: users.id, event: sql<string>`${pgSchema.events.name}` })
        .from(users)
        .innerJoin(pgSchema.events as never, eq(pgSchema.events.userId, users.id));
      expect(mixed).toEqual([{ id: 'c1', event: 'Premiere' }]);
    });
  });

  describe('breaks', () => {
    it('the better-sqlite3 finishers .get(), .all() and .run() do not exist', () => {
      // eslint-disable-next-line no-restricted-syntax -- the test shows these SQLite-only finishers are absent here
      expect(() => db.select().from(users).get()).toThrow(/get is not a function/);
      // eslint-disable-next-line no-restricted-syntax -- the test shows these SQLite-only finishers are absent here
      expect(() => db.select().from(users).all()).toThrow(/all is not a function/);
      // eslint-disable-next-line no-restricted-syntax -- the test shows these SQLite-only finishers are absent here
      expect(() => db.update(users).set({ tokenVersion: 0 }).run()).toThrow(/run is not a function/);
    });

    it('a write without returning answers { rowCount }, not { changes, lastInsertRowid }', async () => {
      const result = (await db.update(users).set({ description: '' }).where(eq(users.role, 'viewer'))) as unknown as Record<string, unknown>;
      expect(result).toMatchObject({ rowCount: 2, command: 'UPDATE' });
      expect(result.changes).toBeUndefined();
      const dir = mkdtempSync(join(tmpdir(), 'cuepoint-spike-'));
      const sqlite = openDatabase(join(dir, 'spike.db'));
      try {
        const onSqlite = await drizzleSqlite(sqliteConnectionOf(sqlite.store)!).insert(users).values({ id: 'x', email: 'x@example.test', firstName: 'X', lastName: 'Y', displayName: 'XY', role: 'viewer', isActive: true });
        expect(onSqlite).toEqual({ changes: 1, lastInsertRowid: 1 });
      } finally {
        await sqlite.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('SQLite spellings in sql fragments: strftime, json_each (PostgreSQL’s yields json values), a boolean compared with 1, rowid', async () => {
      await expect(db.update(users).set({ updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` })).rejects.toMatchObject({ cause: { message: expect.stringMatching(/function strftime/) } });
      await expect(db.select().from(users).where(sql`${users.id} IN (SELECT value FROM json_each(${JSON.stringify(['c1'])}))`)).rejects.toMatchObject({ cause: { message: 'operator does not exist: text = json' } });
      await expect(db.select().from(users).where(sql`${users.isActive} = 1`)).rejects.toMatchObject({ cause: { message: 'operator does not exist: boolean = integer' } });
      await expect(db.select().from(events).orderBy(desc(sql`${events}.rowid`))).rejects.toMatchObject({ cause: { message: expect.stringMatching(/rowid/) } });
    });

    it('a SQLite alias() in a join is rendered as a table of that name', async () => {
      const moderators = alias(users, 'moderators');
      await expect(db.select({ id: chatBans.userId, moderator: moderators.displayName }).from(chatBans).leftJoin(moderators, eq(moderators.id, chatBans.bannedBy))).rejects.toMatchObject({
        cause: { message: 'relation "moderators" does not exist' },
      });
    });

    it('sum() comes back as a string, as Drizzle types it (count() is mapped to a number)', async () => {
      const [totals] = await db.select({ total: sum(events.premiumPriceCents), n: count() }).from(events);
      expect(totals).toEqual({ total: '500', n: 1 });
    });
  });
});
