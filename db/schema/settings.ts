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

/**
 * Periodic sweeps shared by instances on one PostgreSQL database without Redis: a sweep runs on the instance that
 * takes its row (held until `held_until`, an ISO time), and the row stays taken for the rest of the sweep's period.
 */
export const sweepLocks = sqliteTable('sweep_locks', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  heldUntil: text('held_until').notNull(),
});

/**
 * The instances running on one PostgreSQL database without Redis: each refreshes its row every 30 s, so an instance
 * can tell that others share the database (server/platform/instance-heartbeat.ts).
 */
export const instanceHeartbeats = sqliteTable('instance_heartbeats', {
  id: text('id').primaryKey(),
  host: text('host').notNull(),
  startedAt: text('started_at').notNull(),
  seenAt: text('seen_at').notNull(),
});
