import { sqliteTable, text } from 'drizzle-orm/sqlite-core';

/*
 * The platform's own tables (per-instance state shared through the database, no domain's rows): which instance runs
 * a periodic sweep, and which instances share one PostgreSQL database. The settings domain's table is in ./settings.ts.
 */

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
