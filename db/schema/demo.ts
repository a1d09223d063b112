import { index, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The sample-data apps keep their records as JSON documents: one row per record, grouped by
 * collection (e.g. "mail.mails"), ordered by position. Their shapes are the spec's (demo-apps.md §3)
 * and are validated by each app's zod schemas, so one table serves all nineteen apps.
 */
export const demoDocuments = sqliteTable(
  'demo_documents',
  {
    collection: text('collection').notNull(),
    id: text('id').notNull(),
    position: real('position').notNull(),
    data: text('data', { mode: 'json' }).$type<unknown>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.collection, table.id] }), index('demo_documents_order_idx').on(table.collection, table.position)],
);
