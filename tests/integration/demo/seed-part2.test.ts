import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type Db } from '@db/client';
import { demoDocuments } from '@db/schema/demo';
import { collection } from '@server/domains/demo/demo.store';
import type { Course } from '@server/domains/demo/academy/academy.schemas';
import type { Order, Product } from '@server/domains/demo/ecommerce/ecommerce.schemas';
import type { IconEntry } from '@server/domains/demo/icons/icons.schemas';
import type { Invoice } from '@server/domains/demo/invoices/invoices.schemas';
import type { KnowledgeBaseCategory } from '@server/domains/demo/knowledgebase/knowledgebase.schemas';
import { orderStatuses } from '@server/domains/demo/ecommerce/ecommerce.schemas';
import { demoSeeders, seedDemoApps } from '../../../seed/demo/index';

const part2Apps = ['academy', 'analytics', 'ecommerce', 'faq', 'files', 'icons', 'invoices', 'knowledgebase', 'profile', 'projectdashboard', 'quickpanel', 'search'];

const handles: Array<{ handle: DatabaseHandle; dir: string }> = [];
function freshDb(): Db {
  const dir = mkdtempSync(join(tmpdir(), 'cuepoint-seed-'));
  const handle = openDatabase(join(dir, 'cuepoint.db'));
  handles.push({ handle, dir });
  return handle.db;
}
afterEach(async () => {
  for (const { handle, dir } of handles.splice(0)) {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Every part-2 document exactly as stored (collection, id, position, JSON text). */
async function dump(db: Db) {
  return db
    .select({ collection: demoDocuments.collection, id: demoDocuments.id, position: demoDocuments.position, data: sql<string>`${demoDocuments.data}` })
    .from(demoDocuments)
    .where(sql`substr(${demoDocuments.collection}, 1, instr(${demoDocuments.collection}, '.') - 1) IN ${part2Apps}`)
    .orderBy(asc(demoDocuments.collection), asc(demoDocuments.position));
}

describe('part-2 sample data seeds', () => {
  it('are registered, one seeder per app', () => {
    const registered = demoSeeders.map((seeder) => seeder.app);
    for (const app of part2Apps) expect(registered.filter((name) => name === app)).toHaveLength(1);
  });

  it('are deterministic: two databases and a reseed give byte-identical documents', async () => {
    const first = freshDb();
    const second = freshDb();
    await seedDemoApps(first, { reset: true });
    await seedDemoApps(second, { reset: true });
    const once = await dump(first);
    expect(once.length).toBeGreaterThan(200);
    expect(await dump(second)).toEqual(once);

    await collection<Product>(first, 'ecommerce.products').put({ id: 'extra' });
    await seedDemoApps(first, { reset: false });
    expect(await collection<Product>(first, 'ecommerce.products').count()).toBe(31);
    await seedDemoApps(first, { reset: true });
    expect(await dump(first)).toEqual(once);
  });

  it('hold the spec constants', async () => {
    const db = freshDb();
    await seedDemoApps(db, { reset: true });

    const products = await collection<Product>(db, 'ecommerce.products').list();
    expect(products.length).toBeGreaterThanOrEqual(30);
    for (const product of products) expect(product.taxRate).toBe(10);
    const orders = await collection<Order>(db, 'ecommerce.orders').list();
    expect(orders.length).toBeGreaterThanOrEqual(20);
    expect(orderStatuses.map(({ id, name }) => `${id} ${name}`)).toEqual([
      '1 Awaiting check payment', '2 Payment accepted', '3 Preparing the order', '4 Shipped', '5 Delivered', '6 Canceled',
      '7 Refunded', '8 Payment error', '9 On pre-order (paid)', '10 Awaiting bank wire payment', '11 Awaiting PayPal payment',
      '12 Remote payment accepted', '13 On pre-order (not paid)', '14 Awaiting Cash-on-delivery payment',
    ]);
    for (const order of orders) {
      expect(order.payment.method).toBe('PayPal');
      expect(order.shippingDetails.every((detail) => detail.carrier === 'USPS')).toBe(true);
    }

    const courses = await collection<Course>(db, 'academy.courses').list();
    expect(courses).toHaveLength(10);
    expect(new Set(courses.map((course) => course.length))).toEqual(new Set([30, 45, 60, 90, 120]));
    for (const course of courses) {
      expect(course.steps).toHaveLength(11);
      expect(course.totalSteps).toBe(11);
    }

    const categories = await collection<KnowledgeBaseCategory>(db, 'knowledgebase.categories').list();
    expect(categories.map(({ title, articlesCount, path, featuredArticles }) => [title, articlesCount, path, featuredArticles.length])).toEqual([
      ['Your Account', 17, '/pages/knowledge-base', 5],
      ['Selling', 12, '/pages/knowledge-base', 5],
      ['Buying', 19, '/pages/knowledge-base', 5],
      ['Item Support', 24, '/pages/knowledge-base', 5],
    ]);

    const invoices = await collection<Invoice>(db, 'invoices.items').list();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ subtotal: '8445.00', tax: '675.60', discount: '120.60', total: '9000.00' });

    const icons = await collection<IconEntry>(db, 'icons.items').list();
    expect(icons.length).toBeGreaterThanOrEqual(100);
    expect(icons.every((icon) => icon.prevSize === 32)).toBe(true);
    expect(await collection(db, 'files.items').count()).toBeGreaterThanOrEqual(20);
  });
});
