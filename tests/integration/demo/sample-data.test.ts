import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type Db } from '@db/client';
import { demoDocuments } from '@db/schema/demo';
import { users } from '@db/schema/users';
import { buildApp } from '@server/app';
import { loadConfig, type AppConfig } from '@server/config';
import { collection } from '@server/domains/demo/demo.store';
import { contactsCollections } from '@server/domains/demo/contacts/contacts.service';
import { mailCollections } from '@server/domains/demo/mail/mail.service';
import { notesCollections } from '@server/domains/demo/notes/notes.service';
import { scrumboardCollections } from '@server/domains/demo/scrumboard/scrumboard.service';
import { todoCollections } from '@server/domains/demo/todo/todo.service';
import { orderStatuses, type Order } from '@server/domains/demo/ecommerce/ecommerce.schemas';
import type { Invoice } from '@server/domains/demo/invoices/invoices.schemas';
import type { Mail } from '@server/domains/demo/mail/mail.schemas';
import { seedDemoApps } from '../../../seed/demo/index';
import { seedDatabase } from '../../../seed/seed';
import { testPassword, testPasswordHash } from '../../helpers/app';

/** The sample data as a whole (demo-apps.md §3, §9): counts, formats, persistence and the reset. */

const dirs: string[] = [];
const handles: DatabaseHandle[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cuepoint-sample-'));
  dirs.push(dir);
  return dir;
}
function open(dir: string): DatabaseHandle {
  const handle = openDatabase(join(dir, 'cuepoint.db'));
  handles.push(handle);
  return handle;
}
afterEach(async () => {
  for (const handle of handles.splice(0)) {
    try {
      await handle.close();
    } catch {
      // already closed by the test
    }
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * The seeded logins, inserted up front with the tests' shared password hash: seedDatabase keeps existing
 * accounts, so it does not spend five slow scrypt hashes per test.
 */
const seededEmails = ['admin@cuepoint.local', 'mara@cuepoint.local', 'tobin@cuepoint.local', 'pending@cuepoint.local', 'viewer@cuepoint.local'];
async function insertSeededAccounts(db: Db): Promise<void> {
  const passwordHash = await testPasswordHash();
  for (const email of seededEmails) {
    const name = email.split('@')[0]!;
    await db
      .insert(users)
      .values({ id: `seeded-${name}`, email, firstName: name, lastName: 'Seeded', displayName: `${name} Seeded`, isActive: true, passwordHash, role: name === 'viewer' ? 'viewer' : name === 'admin' ? 'admin' : 'dj', creatorTag: null });
  }
}

const configFor = (dir: string): AppConfig => loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent', BOT_CHECK_PROVIDER: 'off' });

/** Every demo document as stored (collection, id, position, JSON text), in order. */
async function dump(db: Db) {
  return db
    .select({ collection: demoDocuments.collection, id: demoDocuments.id, position: demoDocuments.position, data: sql<string>`${demoDocuments.data}` })
    .from(demoDocuments)
    .orderBy(asc(demoDocuments.collection), asc(demoDocuments.position));
}

const accounts = async (db: Db) =>
  db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash, displayName: users.displayName, tokenVersion: users.tokenVersion })
    .from(users)
    .orderBy(asc(users.email));

const twoDecimals = /^-?\d+\.\d{2}$/;

/** A real calendar date and time written YYYY/MM/DD HH:mm:ss. */
function expectOrderDate(value: string): void {
  const match = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
  expect(match, value).not.toBeNull();
  const [year, month, day, hour, minute, second] = match!.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  expect([date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()], value).toEqual([
    year,
    month,
    day,
    hour,
    minute,
    second,
  ]);
}

describe('the full sample data', () => {
  it('holds at least the sample counts of the part-1 apps (mail, to-dos, contacts, notes, two full boards)', async () => {
    const db = open(tempDir()).db;
    await seedDemoApps(db, { reset: true });
    expect(await mailCollections.mails(db).count()).toBeGreaterThanOrEqual(20);
    expect(await todoCollections.todos(db).count()).toBeGreaterThanOrEqual(20);
    expect(await contactsCollections.contacts(db).count()).toBeGreaterThanOrEqual(30);
    expect(await notesCollections.notes(db).count()).toBeGreaterThanOrEqual(15);
    const boards = await scrumboardCollections.boards(db).list();
    expect(boards).toHaveLength(2);
    for (const board of boards) {
      expect(board.lists.length, board.name).toBeGreaterThan(0);
      expect(board.cards.length, board.name).toBeGreaterThan(0);
      expect(board.cards.some((card) => card.checklists.length > 0), board.name).toBe(true);
      expect(board.cards.some((card) => card.attachments.length > 0), board.name).toBe(true);
      expect(board.cards.some((card) => card.activities.length > 0), board.name).toBe(true);
      const listed = board.lists.flatMap((list) => list.idCards).sort();
      expect(listed, board.name).toEqual(board.cards.map((card) => card.id).sort());
    }
  });

  it('writes every order amount as a two-decimal string and every order date as YYYY/MM/DD HH:mm:ss', async () => {
    const db = open(tempDir()).db;
    await seedDemoApps(db, { reset: true });
    const orders = await collection<Order>(db, 'ecommerce.orders').list();
    expect(orders.length).toBeGreaterThanOrEqual(20);
    for (const order of orders) {
      for (const amount of [order.subtotal, order.tax, order.discount, order.total, order.payment.amount, ...order.shippingDetails.map((detail) => detail.fee)]) {
        expect(amount, `order ${order.id}`).toMatch(twoDecimals);
      }
      for (const line of order.products) {
        expect(line.price).toMatch(twoDecimals);
        expect(line.total).toMatch(twoDecimals);
        expect(Math.round(Number(line.total) * 100)).toBe(Math.round(Number(line.price) * 100) * line.quantity);
      }
      expect(Number(order.discount)).toBeLessThan(0);
      for (const date of [order.date, order.payment.date, ...order.status.map((entry) => entry.date), ...order.shippingDetails.map((detail) => detail.date)]) {
        expectOrderDate(date);
      }
      const history = order.status.map((entry) => entry.date);
      expect(history).toEqual([...history].sort());
      for (const entry of order.status) {
        expect(entry).toEqual({ ...orderStatuses.find((status) => status.id === entry.id)!, date: entry.date });
      }
    }
  });

  it('writes the invoice lines as two-decimal strings that add up to subtotal + tax - discount = total', async () => {
    const db = open(tempDir()).db;
    await seedDemoApps(db, { reset: true });
    const [invoice] = await collection<Invoice>(db, 'invoices.items').list();
    const cents = (amount: string) => Math.round(Number(amount) * 100);
    for (const line of invoice!.services) {
      expect(line.unitPrice).toMatch(twoDecimals);
      expect(line.total).toMatch(twoDecimals);
    }
    expect(cents(invoice!.subtotal) + cents(invoice!.tax) - cents(invoice!.discount)).toBe(cents(invoice!.total));
    expect(cents(invoice!.total)).toBe(900_000);
  });
});

describe('persistence of the sample data', () => {
  it('keeps a change to a mail across an app restart on the same SQLite file', async () => {
    const dir = tempDir();
    const config = configFor(dir);
    const first = await buildApp(config);
    await insertSeededAccounts(first.services.db);
    await seedDatabase(first.services.db, config, { demoData: true, terms: false });
    // The sample apps are for admins and staff.
    const login = await first.inject({ method: 'POST', url: '/api/user/login', payload: { userName: 'admin@cuepoint.local', password: testPassword } });
    expect(login.statusCode).toBe(200);
    const token = login.json().token as string;
    const headers = { authorization: `Bearer ${token}` };
    const original = (await mailCollections.mails(first.services.db).list())[0]!;
    const changed: Mail = { ...original, subject: 'Kept across a restart', read: !original.read, starred: !original.starred, folder: 4 };
    const update = await first.inject({ method: 'POST', url: '/api/mail-app/update-mail', payload: changed, headers });
    expect(update.statusCode).toBe(200);
    await first.close();

    // Second start, as seed/start.ts does it: open the same file and run the start-up seed again.
    const second = await buildApp(config);
    try {
      await seedDatabase(second.services.db, config, { demoData: true, terms: false });
      const read = await second.inject({ method: 'GET', url: `/api/mail-app/mail?mailId=${original.id}`, headers });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(changed);
      const trash = await second.inject({ method: 'GET', url: '/api/mail-app/mails?folderHandle=trash', headers });
      expect(trash.json()).toContainEqual(changed);
    } finally {
      await second.close();
    }
  });
});

describe('resetting the sample data', () => {
  /** A database seeded as on first start, then changed by a user, with one extra account. */
  async function changedDatabase(dir: string) {
    const config = configFor(dir);
    const handle = open(dir);
    const db = handle.db;
    await insertSeededAccounts(db);
    await seedDatabase(db, config, { demoData: true, terms: false });
    const fresh = await dump(db);
    const mail = (await mailCollections.mails(db).list())[0]!;
    await mailCollections.mails(db).put({ ...mail, subject: 'Changed by a user', labels: [] });
    const contact = (await contactsCollections.contacts(db).list())[0]!;
    await contactsCollections.contacts(db).remove([contact.id]);
    await todoCollections.todos(db).prepend({ ...(await todoCollections.todos(db).list())[0]!, id: 'user-todo', title: 'Added by a user' });
    await db.update(users).set({ displayName: 'Renamed by the user' }).where(eq(users.email, 'mara@cuepoint.local'));
    await db
      .insert(users)
      .values({ id: 'extra-account', email: 'extra@example.test', firstName: 'Extra', lastName: 'Account', displayName: 'Extra Account', isActive: true, passwordHash: 'scrypt$x', role: 'dj', creatorTag: 'extra_account' });
    expect(await dump(db)).not.toEqual(fresh);
    return { config, handle, db, fresh, mail, contact, accountsBefore: await accounts(db) };
  }

  it('a normal start-up seed keeps the changed sample data', async () => {
    const dir = tempDir();
    const { config, db, mail, contact } = await changedDatabase(dir);
    const before = await dump(db);
    await seedDatabase(db, config, { demoData: true, terms: false });
    expect(await dump(db)).toEqual(before);
    expect((await mailCollections.mails(db).get(mail.id))!.subject).toBe('Changed by a user');
    expect(await contactsCollections.contacts(db).has(contact.id)).toBe(false);
  });

  it('seedDatabase with resetDemo restores the sample data and keeps every account as it was', async () => {
    const dir = tempDir();
    const { config, db, fresh, mail, contact, accountsBefore } = await changedDatabase(dir);
    await seedDatabase(db, config, { demoData: false, resetDemo: true, terms: false });
    expect(await dump(db)).toEqual(fresh);
    expect(await mailCollections.mails(db).get(mail.id)).toEqual(mail);
    expect(await contactsCollections.contacts(db).get(contact.id)).toEqual(contact);
    expect(await todoCollections.todos(db).has('user-todo')).toBe(false);
    const after = await accounts(db);
    expect(after).toEqual(accountsBefore);
    expect(after.find((account) => account.email === 'mara@cuepoint.local')!.displayName).toBe('Renamed by the user');
    expect(after.map((account) => account.email)).toContain('extra@example.test');
  });

  it('`npm run seed -- --reset-demo` (seed/index.ts) restores the sample data and keeps every account', async () => {
    const dir = tempDir();
    const { handle, fresh, accountsBefore } = await changedDatabase(dir);
    await handle.close();
    const output = await new Promise<{ code: number | null; text: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'seed/index.ts', '--reset-demo'], {
        env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false' },
      });
      let text = '';
      child.stdout.on('data', (chunk) => (text += chunk));
      child.stderr.on('data', (chunk) => (text += chunk));
      child.on('exit', (code) => resolve({ code, text }));
    });
    expect(output.code, output.text).toBe(0);
    expect(output.text).toContain(`Seeded ${dir} (sample-data apps reset). Logins:`);
    const db = open(dir).db;
    expect(await dump(db)).toEqual(fresh);
    expect(await accounts(db)).toEqual(accountsBefore);
  }, 60_000);
});
