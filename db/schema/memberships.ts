import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { events } from './events';
import { payments } from './payments';
import { podcastTitles } from './podcasts';
import { users } from './users';
import { paymentProviders } from '../../common/payment-values';
import { membershipChargeReasons, membershipStatuses } from '../../common/membership-values';

export * from '../../common/membership-values';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** A creator's monthly membership tier. Archived tiers take no new members; existing ones keep theirs. */
export const membershipTiers = sqliteTable(
  'membership_tiers',
  {
    id: text('id').primaryKey(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The price new members pay; each membership keeps the price it started with. */
    priceCents: integer('price_cents').notNull(),
    includesAllPremiumEvents: integer('includes_all_premium_events', { mode: 'boolean' }).notNull().default(false),
    includesReplays: integer('includes_replays', { mode: 'boolean' }).notNull().default(false),
    chatBadge: integer('chat_badge', { mode: 'boolean' }).notNull().default(false),
    /** The provider's recurring price of this tier at this price (Stripe), created on first use. */
    providerPriceId: text('provider_price_id'),
    archivedAt: text('archived_at'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (table) => [index('membership_tiers_creator_idx').on(table.creatorId)],
);

/** The premium events a tier includes when it does not include them all. */
export const membershipTierEvents = sqliteTable(
  'membership_tier_events',
  {
    tierId: text('tier_id')
      .notNull()
      .references(() => membershipTiers.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.tierId, table.eventId] }), index('membership_tier_events_event_idx').on(table.eventId)],
);

/** The members-only podcast titles a tier opens (through each member's private feed). */
export const membershipTierTitles = sqliteTable(
  'membership_tier_titles',
  {
    tierId: text('tier_id')
      .notNull()
      .references(() => membershipTiers.id, { onDelete: 'cascade' }),
    podcastTitleId: text('podcast_title_id')
      .notNull()
      .references(() => podcastTitles.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.tierId, table.podcastTitleId] }),
    index('membership_tier_titles_title_idx').on(table.podcastTitleId),
  ],
);

/**
 * A viewer's membership of one tier. Access lasts while `status` is active or past_due (grace), and
 * for a canceled one until `currentPeriodEnd`.
 */
export const memberships = sqliteTable(
  'memberships',
  {
    id: text('id').primaryKey(),
    tierId: text('tier_id')
      .notNull()
      .references(() => membershipTiers.id, { onDelete: 'restrict' }),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: membershipStatuses }).notNull().default('incomplete'),
    priceCents: integer('price_cents').notNull(),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').unique(),
    providerCustomerId: text('provider_customer_id'),
    cardLast4: text('card_last4'),
    currentPeriodStart: text('current_period_start'),
    currentPeriodEnd: text('current_period_end'),
    cancelAtPeriodEnd: integer('cancel_at_period_end', { mode: 'boolean' }).notNull().default(false),
    /** When a past_due membership lapses unless a retry succeeds. */
    graceEndsAt: text('grace_ends_at'),
    /** The secret in the member's private feed URLs; replaced by a reset. */
    feedToken: text('feed_token').notNull().unique(),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    activatedAt: text('activated_at'),
    canceledAt: text('canceled_at'),
    lapsedAt: text('lapsed_at'),
    /** When a membership moved to the final `ended` status (canceled and past its period, replaced, or a duplicate). */
    endedAt: text('ended_at'),
    /** A downgrade waiting for the end of the paid period: the tier and price the next renewal switches to. */
    scheduledTierId: text('scheduled_tier_id'),
    scheduledPriceCents: integer('scheduled_price_cents'),
  },
  (table) => [
    /** One membership per member and creator among those that hold a place (paying, paid or being paid). */
    uniqueIndex('memberships_one_per_creator_idx')
      .on(table.creatorId, table.memberId)
      .where(sql`status <> 'lapsed' and status <> 'ended'`),
    index('memberships_member_idx').on(table.memberId, table.status),
    index('memberships_creator_idx').on(table.creatorId, table.status),
    index('memberships_tier_idx').on(table.tierId, table.status),
  ],
);

/** One monthly charge of a membership: at most one per period, so a replayed renewal credits once. */
export const membershipCharges = sqliteTable(
  'membership_charges',
  {
    id: text('id').primaryKey(),
    membershipId: text('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    paymentId: text('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    providerInvoiceId: text('provider_invoice_id').unique(),
    reason: text('reason', { enum: membershipChargeReasons }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    periodStart: text('period_start').notNull(),
    periodEnd: text('period_end').notNull(),
    attemptCount: integer('attempt_count').notNull().default(0),
    /** The last charge attempt (the billing clock retries a failed renewal once a day during the grace). */
    lastAttemptAt: text('last_attempt_at'),
    lastError: text('last_error'),
    paidAt: text('paid_at'),
    createdAt: text('created_at').notNull().default(now),
  },
  (table) => [uniqueIndex('membership_charges_period_idx').on(table.membershipId, table.periodStart)],
);

/** Feed tokens a member replaced: their old private feed URLs answer 410 (gone) instead of 404. */
export const revokedFeedTokens = sqliteTable(
  'revoked_feed_tokens',
  {
    feedToken: text('feed_token').primaryKey(),
    membershipId: text('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    revokedAt: text('revoked_at').notNull().default(now),
  },
  (table) => [index('revoked_feed_tokens_membership_idx').on(table.membershipId)],
);
