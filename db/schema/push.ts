import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';
import { events } from './events';
import { pushDeliveryStatuses, pushNotificationKinds } from '../../common/push-values';
import { pushAudiences } from '../../common/membership-values';
import type { Locale } from '../../common/locales';

export { pushDeliveryStatuses, pushNotificationKinds };

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** A browser's push subscription to one creator (no account needed). The same endpoint twice is one subscriber. */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (base64url), used to encrypt each payload (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The signed-in viewer who subscribed, if any: a members-only notification reaches only members' browsers. */
    viewerId: text('viewer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The language the subscriber's browser showed when subscribing: go-live notifications are written in it. */
    locale: text('locale').$type<Locale>(),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (table) => [uniqueIndex('push_subscriptions_creator_endpoint_unique').on(table.creatorId, table.endpoint), index('push_subscriptions_endpoint_idx').on(table.endpoint)],
);


/** One notification a creator (or an admin for them, or the "goes live" trigger) sent to all their subscribers. */
export const pushNotifications = sqliteTable(
  'push_notifications',
  {
    id: text('id').primaryKey(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: pushNotificationKinds }).notNull(),
    /** The event that went live (kind event_live): unique, so an event notifies at most once. */
    eventId: text('event_id').references(() => events.id, { onDelete: 'set null' }),
    sentBy: text('sent_by').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url').notNull(),
    icon: text('icon'),
    audience: text('audience', { enum: pushAudiences }).notNull().default('all'),
    createdAt: text('created_at').notNull().default(now),
    /** Set once no delivery of it is pending or in flight. */
    completedAt: text('completed_at'),
  },
  (table) => [index('push_notifications_creator_idx').on(table.creatorId, table.createdAt), uniqueIndex('push_notifications_event_unique').on(table.eventId)],
);


/**
 * The persisted delivery queue: one row per (notification, subscription). A worker claims due `pending`
 * rows (and `sending` rows whose lease ran out) in a transaction, sends, and records the outcome.
 */
export const pushDeliveries = sqliteTable(
  'push_deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    notificationId: text('notification_id')
      .notNull()
      .references(() => pushNotifications.id, { onDelete: 'cascade' }),
    /** Null once the subscription is gone (unsubscribed, or removed after a 404/410). */
    subscriptionId: text('subscription_id').references(() => pushSubscriptions.id, { onDelete: 'set null' }),
    status: text('status', { enum: pushDeliveryStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When a pending row may be claimed (retries wait for their backoff or the push service's Retry-After). */
    nextAttemptAt: text('next_attempt_at').notNull().default(now),
    /** When the current claim started; a `sending` row whose claim is older than the lease is claimable again. */
    claimedAt: text('claimed_at'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    completedAt: text('completed_at'),
  },
  (table) => [
    index('push_deliveries_due_idx').on(table.status, table.nextAttemptAt),
    index('push_deliveries_notification_idx').on(table.notificationId, table.status),
    uniqueIndex('push_deliveries_notification_subscription_unique').on(table.notificationId, table.subscriptionId),
  ],
);
