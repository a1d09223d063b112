import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** A creator's outgoing webhook: where to POST which events, signed with its secret. */
export const webhooks = sqliteTable(
  'webhooks',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events', { mode: 'json' }).$type<string[]>().notNull(),
    /** HMAC-SHA256 key of the `Cuepoint-Signature` header (`whsec_...`). */
    secret: text('secret').notNull(),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    /** Set when the webhook was switched off for failing too long (shown to its owner). */
    disabledReason: text('disabled_reason'),
    /** First failed attempt since the last success; cleared by a success. */
    failingSince: text('failing_since'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (table) => [index('webhooks_user_idx').on(table.userId)],
);

/** One event to one webhook: the persisted queue. The event id stays the same on every attempt. */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** What the event is about (e.g. an episode id), so a scheduled announcement can be called off. */
    subject: text('subject'),
    /** The exact JSON body sent on every attempt. */
    payload: text('payload').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull().default('pending'),
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptAt: text('next_attempt_at'),
    /** Retries stop after this moment (24 hours after the event). */
    retryUntil: text('retry_until').notNull(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: text('created_at').notNull().default(now),
    deliveredAt: text('delivered_at'),
  },
  (table) => [
    index('webhook_deliveries_webhook_idx').on(table.webhookId, table.createdAt),
    index('webhook_deliveries_due_idx').on(table.status, table.nextAttemptAt),
  ],
);

/** Every attempt at a delivery, for the owner's delivery log. */
export const webhookAttempts = sqliteTable(
  'webhook_attempts',
  {
    id: text('id').primaryKey(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: text('attempted_at').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId, table.attemptedAt)],
);
