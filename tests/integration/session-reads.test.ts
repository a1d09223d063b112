import { join } from 'node:path';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { invoices, users } from '@db/schema/users';
import { findUserById } from '@server/domains/users/session-reads';
import { newId } from '@server/lib/ids';
import { createTestApp, createUser } from '../helpers/app';
import { onPostgres } from '../helpers/test-engines';

/**
 * Each request's user row and session flags are kept between requests while the database is unchanged
 * (server/platform/unchanged-database-cache.ts). Whatever changes them must count from the next request.
 */
const t = await createTestApp();
afterAll(() => t.close());
const { db } = t.app.services;

const alive = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/alive', headers: { authorization: `Bearer ${token}` } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('session reads between requests', () => {
  it('a change made through the app counts from the next request', async () => {
    const creator = await createUser(t.app, { role: 'dj' });
    expect((await alive(creator.token)).json().user).toMatchObject({ displayName: 'Test dj', hasUnpaidInvoices: 'false' });
    expect((await alive(creator.token)).statusCode).toBe(200);

    await db.update(users).set({ displayName: 'Renamed' }).where(eq(users.id, creator.id));
    expect((await alive(creator.token)).json().user.displayName).toBe('Renamed');

    // A row in another table that the session answer reads.
    await db.insert(invoices).values({ id: newId(), userId: creator.id, amountCents: 500, status: 'open' });
    expect((await alive(creator.token)).json().user.hasUnpaidInvoices).toBe('true');

    await db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, creator.id));
    const refused = await alive(creator.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Invalid access_token');
  });

  it.skipIf(onPostgres())('a change committed by another connection to the file (a maintenance script) counts too', async () => {
    const creator = await createUser(t.app, { role: 'dj' });
    expect((await alive(creator.token)).statusCode).toBe(200);

    const other = new Database(join(t.config.dataDir, 'cuepoint.db'));
    other.prepare('update users set is_active = 0 where id = ?').run(creator.id);
    other.close();
    await sleep(5);
    expect((await alive(creator.token)).statusCode).toBe(401);
  });

  it('what a rolled-back transaction read is not kept', async () => {
    const creator = await createUser(t.app, { role: 'dj' });
    expect((await findUserById(t.app.services, creator.id))?.displayName).toBe('Test dj');
    await expect(
      db.transaction(async () => {
        await db.update(users).set({ displayName: 'Never committed' }).where(eq(users.id, creator.id));
        expect((await findUserById(t.app.services, creator.id))?.displayName).toBe('Never committed');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await findUserById(t.app.services, creator.id))?.displayName).toBe('Test dj');
    expect((await alive(creator.token)).json().user.displayName).toBe('Test dj');
  });

  // The SQLite store's cache hands out one frozen row; PostgreSQL reads a fresh row each time.
  it.skipIf(onPostgres())('hands out rows that cannot be changed by whoever holds them', async () => {
    const creator = await createUser(t.app, { role: 'dj' });
    const row = (await findUserById(t.app.services, creator.id))!;
    expect(await findUserById(t.app.services, creator.id)).toBe(row);
    expect(() => Object.assign(row, { role: 'admin' })).toThrow(TypeError);
    expect((await findUserById(t.app.services, creator.id))?.role).toBe('dj');
  });
});
