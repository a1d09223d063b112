import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const productIds = [
  'LIVE_STREAM',
  'PODCAST_TITLE',
  'PODCAST_TITLE_ADD_ON',
  'PODCAST_VIDEO_TITLE',
  'PODCAST_VIDEO_TITLE_ADD_ON',
] as const;
export type ProductId = (typeof productIds)[number];

export const products = sqliteTable('products', {
  id: text('id', { enum: productIds }).primaryKey(),
  name: text('name').notNull(),
  pricePerMonthCents: integer('price_per_month_cents').notNull(),
  setUpFeeCents: integer('set_up_fee_cents').notNull().default(0),
  setUpFeePriceId: text('set_up_fee_price_id'),
  providerPriceId: text('provider_price_id'),
  sortOrder: integer('sort_order').notNull().default(0),
});
