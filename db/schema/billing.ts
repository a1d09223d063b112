import { sql } from 'drizzle-orm';
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { productIds } from '../../common/billing-values';
import { users } from './users';

export * from '../../common/billing-values';

export const products = sqliteTable('products', {
  id: text('id', { enum: productIds }).primaryKey(),
  name: text('name').notNull(),
  pricePerMonthCents: integer('price_per_month_cents').notNull(),
  setUpFeeCents: integer('set_up_fee_cents').notNull().default(0),
  setUpFeePriceId: text('set_up_fee_price_id'),
  providerPriceId: text('provider_price_id'),
  sortOrder: integer('sort_order').notNull().default(0),
  /** What the plan includes, one line each, as the plan cards list it; null = the built-in list of the product id. */
  features: text('features', { mode: 'json' }).$type<string[]>(),
});

/** A plan an admin granted without payment (complimentary): counts as an active plan while the row exists. */
export const planGrants = sqliteTable(
  'plan_grants',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id', { enum: productIds }).notNull(),
    grantedBy: text('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (table) => [primaryKey({ columns: [table.userId, table.productId] })],
);
