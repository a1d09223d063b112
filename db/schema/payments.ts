import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { productIds } from './billing';
import { events } from './events';
import { invoices, users } from './users';
import {
  billingReasons,
  ledgerAccounts,
  paymentKinds,
  paymentProviders,
  paymentStatuses,
  revenueSources,
  subscriptionStatuses,
  type PaymentErrorDetails,
} from '../../common/payment-values';

export * from '../../common/payment-values';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * One payment intent at the provider, as this server knows it. Its status only changes from the
 * provider's answer (re-fetched by intent id) or a verified webhook. Money in integer cents (CAD).
 */
export const payments = sqliteTable(
  'payments',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: paymentKinds }).notNull(),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    providerIntentId: text('provider_intent_id').unique(),
    status: text('status', { enum: paymentStatuses }).notNull().default('pending'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('cad'),
    /** The provider's fee, known once the payment succeeded. */
    feeCents: integer('fee_cents'),
    payerId: text('payer_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who earns from it (tips and paywall); null for subscriptions, which are the platform's. */
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    eventId: text('event_id').references(() => events.id, { onDelete: 'set null' }),
    tipOptionId: text('tip_option_id'),
    subscriptionId: text('subscription_id'),
    membershipId: text('membership_id'),
    /** The provider's invoice a subscription payment pays. */
    providerInvoiceId: text('provider_invoice_id'),
    description: text('description').notNull(),
    /** The payer's message to the creator (tips only), 1–140 characters. */
    message: text('message'),
    email: text('email'),
    cardLast4: text('card_last4'),
    lastError: text('last_error', { mode: 'json' }).$type<PaymentErrorDetails>(),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    succeededAt: text('succeeded_at'),
  },
  (table) => [
    index('payments_creator_idx').on(table.creatorId, table.status),
    index('payments_payer_idx').on(table.payerId),
    index('payments_subscription_idx').on(table.subscriptionId),
  ],
);

/**
 * The revenue split of each succeeded payment: the creator's 60% and the platform's 40% of the net
 * (amount less the provider fee). One row per account and payment, so a payment is credited once.
 */
export const ledgerEntries = sqliteTable(
  'ledger_entries',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    account: text('account', { enum: ledgerAccounts }).notNull(),
    /** The creator credited (null for the platform's share). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    source: text('source', { enum: revenueSources }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (table) => [uniqueIndex('ledger_payment_account_idx').on(table.paymentId, table.account), index('ledger_user_idx').on(table.userId)],
);

/** A tip a viewer sent (written when its payment succeeds). */
export const tips = sqliteTable(
  'tips',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'restrict' }),
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    viewerId: text('viewer_id').references(() => users.id, { onDelete: 'set null' }),
    eventId: text('event_id').references(() => events.id, { onDelete: 'set null' }),
    tipOptionId: text('tip_option_id'),
    title: text('title').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The tipper's message, shown with the tip line in the hub and in Earnings. */
    message: text('message'),
    /** When the creator hid the message from their Earnings. */
    messageHiddenAt: text('message_hidden_at'),
    createdAt: text('created_at').notNull().default(now),
  },
  (table) => [index('tips_creator_idx').on(table.creatorId)],
);

/** A creator's monthly subscription to a product. */
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id', { enum: productIds }).notNull(),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').unique(),
    providerCustomerId: text('provider_customer_id').notNull(),
    status: text('status', { enum: subscriptionStatuses }).notNull().default('incomplete'),
    priceCents: integer('price_cents').notNull(),
    setUpFeeCents: integer('set_up_fee_cents').notNull().default(0),
    currentPeriodStart: text('current_period_start'),
    currentPeriodEnd: text('current_period_end'),
    cardLast4: text('card_last4'),
    /** Set to cancel at `currentPeriodEnd` (still active until then), as the provider reports it. */
    cancelAtPeriodEnd: integer('cancel_at_period_end', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    activatedAt: text('activated_at'),
    canceledAt: text('canceled_at'),
  },
  (table) => [index('subscriptions_user_idx').on(table.userId, table.status)],
);

/**
 * What a subscription invoice is made of. The invoice itself (amount, open/paid) is the `invoices`
 * row with the same id: an open one is what `hasUnpaidInvoices` reports.
 */
export const subscriptionInvoices = sqliteTable(
  'subscription_invoices',
  {
    invoiceId: text('invoice_id')
      .primaryKey()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    providerInvoiceId: text('provider_invoice_id').unique(),
    paymentId: text('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    billingReason: text('billing_reason', { enum: billingReasons }).notNull(),
    subscriptionCents: integer('subscription_cents').notNull(),
    setUpFeeCents: integer('set_up_fee_cents').notNull().default(0),
    periodStart: text('period_start').notNull(),
    periodEnd: text('period_end').notNull(),
    attemptCount: integer('attempt_count').notNull().default(0),
    lastError: text('last_error'),
    paidAt: text('paid_at'),
  },
  (table) => [index('subscription_invoices_subscription_idx').on(table.subscriptionId)],
);

/** The provider's customer of an account (one per provider). */
export const paymentCustomers = sqliteTable(
  'payment_customers',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (table) => [uniqueIndex('payment_customers_user_provider_idx').on(table.userId, table.provider)],
);

/** Verified webhook events already handled (a replay is acknowledged and changes nothing). */
export const webhookEvents = sqliteTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: text('received_at').notNull().default(now),
});

/** The `local` provider's own records (intents, customers, subscriptions, payment methods), as JSON. */
export const localProviderObjects = sqliteTable(
  'local_provider_objects',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (table) => [index('local_provider_objects_type_idx').on(table.type)],
);
