import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** A creator's live-stream event. Both times null means "TBA". Money in integer cents. */
export const events = sqliteTable(
  'events',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    startDateTime: text('start_date_time'),
    endDateTime: text('end_date_time'),
    isPremium: integer('is_premium', { mode: 'boolean' }).notNull().default(false),
    premiumPriceCents: integer('premium_price_cents').notNull().default(0),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    /** iCalendar SEQUENCE: raised on every change of time, name or status (calendar apps then take the new version). */
    sequence: integer('sequence').notNull().default(0),
    /** Announced on the Fediverse (when the creator publishes there); false: the creator opted this event out. */
    fediverse: integer('fediverse', { mode: 'boolean' }).notNull().default(true),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (table) => [index('events_user_start_idx').on(table.userId, table.startDateTime)],
);

/**
 * Permission to watch a premium event: written only when the payment provider confirms a paywall
 * payment (payments domain). The browser's stored list is a cache, never trusted.
 */
export const eventAccess = sqliteTable(
  'event_access',
  {
    viewerId: text('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The confirmed payment that granted access (payments domain), when there is one. */
    paymentId: text('payment_id'),
    createdAt: text('created_at').notNull().default(now),
  },
  (table) => [primaryKey({ columns: [table.viewerId, table.eventId] }), index('event_access_event_idx').on(table.eventId)],
);

/**
 * A deleted event, kept 30 days so calendar subscriptions receive it as `STATUS:CANCELLED` instead of keeping
 * the old entry forever.
 */
export const cancelledEvents = sqliteTable(
  'cancelled_events',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startDateTime: text('start_date_time'),
    endDateTime: text('end_date_time'),
    sequence: integer('sequence').notNull(),
    cancelledAt: text('cancelled_at').notNull().default(now),
  },
  (table) => [index('cancelled_events_user_idx').on(table.userId, table.cancelledAt)],
);
