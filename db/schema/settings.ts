import { sql } from 'drizzle-orm';
import { primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** Platform settings an admin changed (one row per group and key, the value as JSON). Missing rows fall back to the environment. */
export const platformSettings = sqliteTable(
  'platform_settings',
  {
    group: text('group').notNull(),
    key: text('key').notNull(),
    value: text('value', { mode: 'json' }).$type<string | boolean>().notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (table) => [primaryKey({ columns: [table.group, table.key] })],
);
