import { TRPCError } from '@trpc/server';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@db/client';
import { products } from '@db/schema/billing';
import { paymentCustomers, subscriptionInvoices, subscriptions, type SubscriptionStatus } from '@db/schema/payments';
import { invoices } from '@db/schema/users';
import { firstInvoiceSetUpFeeCents, getProductRecord } from '@server/domains/billing/billing.service';
import { markSubscriptionPaid } from '@server/domains/users/users.service';
import {
  applyIntentToPayment,
  findPaymentForIntent,
  insertPendingPayment,
  providerFailure,
  type PaymentRow,
  type Queryable,
} from '@server/domains/payments/payment-records';
import { paymentMessages, type IntentAnswer } from '@server/domains/payments/payments.schemas';
import { newId, nowIso } from '@server/lib/ids';
import type { ProviderIntent, ProviderInvoice, ProviderSubscription } from '@server/providers/payments/interface';
import { announcePaymentSucceeded, announceSubscriptionChange } from '@server/domains/webhooks/webhooks.announce';
import type { Actor, AppServices } from '@server/trpc/context';
import { subscriptionMessages, type InvoiceOutput, type SubscriptionInfo } from './subscriptions.schemas';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// Customers.

/** The account's customer at the provider, created once (idempotency key per account and provider). */
export async function ensureCustomer(services: AppServices, user: Actor['user']): Promise<string> {
  const provider = services.payments.name;
  const known = services.db
    .select()
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, user.id), eq(paymentCustomers.provider, provider)))
    .get();
  if (known) return known.customerId;
  let customer;
  try {
    customer = await services.payments.createCustomer({ email: user.email, name: user.displayName, userId: user.id }, `customer:${provider}:${user.id}`);
  } catch (error) {
    return providerFailure(error);
  }
  services.db.insert(paymentCustomers).values({ userId: user.id, provider, customerId: customer.id }).onConflictDoNothing().run();
  return customer.id;
}

export async function getCustomer(services: AppServices, actor: Actor, email: string): Promise<{ customerId: string; email: string }> {
  if (email.trim().toLowerCase() !== actor.user.email.toLowerCase() && actor.role !== 'admin') {
    throw new TRPCError({ code: 'FORBIDDEN', message: subscriptionMessages.ownCustomerOnly });
  }
  return { customerId: await ensureCustomer(services, actor.user), email: actor.user.email };
}

// State from the provider.

function subscriptionStatusOf(status: ProviderSubscription['status']): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    case 'incomplete':
      return 'incomplete';
  }
}

function findSubscriptionByProviderId(db: Db, providerSubscriptionId: string): SubscriptionRow | undefined {
  return db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId)).get();
}

function applySubscriptionState(tx: Tx, row: SubscriptionRow, remote: ProviderSubscription, cardLast4: string | null): SubscriptionRow {
  const status = subscriptionStatusOf(remote.status);
  const time = nowIso();
  const firstActivation = status === 'active' && !row.activatedAt;
  const updated = tx
    .update(subscriptions)
    .set({
      status,
      currentPeriodStart: remote.currentPeriodStart,
      currentPeriodEnd: remote.currentPeriodEnd,
      cardLast4: cardLast4 ?? remote.cardLast4 ?? row.cardLast4,
      cancelAtPeriodEnd: remote.cancelAtPeriodEnd,
      updatedAt: time,
      ...(firstActivation ? { activatedAt: time } : {}),
      ...(status === 'canceled' && !row.canceledAt ? { canceledAt: time } : {}),
    })
    .where(eq(subscriptions.id, row.id))
    .returning()
    .get();
  return updated ?? row;
}

/**
 * Records a provider invoice as our `invoices` row (its status drives `hasUnpaidInvoices`) plus its
 * lines. A first invoice still waiting for the checkout card is not an outstanding payment, so it is
 * only recorded once paid; a renewal that could not be charged stays open until paid.
 */
function recordInvoice(tx: Tx, subscription: SubscriptionRow, invoice: ProviderInvoice, payment: PaymentRow | undefined, failure: string | null): void {
  const status = invoice.status === 'paid' ? 'paid' : invoice.status === 'open' ? 'open' : invoice.status === 'draft' ? null : 'void';
  if (!status) return;
  const existing = tx.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.providerInvoiceId, invoice.id)).get();
  const time = nowIso();
  if (!existing) {
    if (status === 'open' && invoice.billingReason === 'subscription_create') return;
    const invoiceId = newId();
    tx.insert(invoices).values({ id: invoiceId, userId: subscription.userId, amountCents: invoice.amountDueCents, status }).run();
    tx.insert(subscriptionInvoices)
      .values({
        invoiceId,
        subscriptionId: subscription.id,
        providerInvoiceId: invoice.id,
        paymentId: payment?.id ?? null,
        billingReason: invoice.billingReason === 'subscription_create' ? 'subscription_create' : 'subscription_cycle',
        subscriptionCents: invoice.subscriptionCents,
        setUpFeeCents: invoice.setUpFeeCents,
        periodStart: invoice.periodStart,
        periodEnd: invoice.periodEnd,
        attemptCount: failure ? 1 : status === 'paid' ? 1 : 0,
        lastError: failure,
        paidAt: status === 'paid' ? time : null,
      })
      .run();
    return;
  }
  const current = tx.select().from(invoices).where(eq(invoices.id, existing.invoiceId)).get();
  if (current?.status === 'paid') return;
  tx.update(invoices).set({ status }).where(eq(invoices.id, existing.invoiceId)).run();
  tx.update(subscriptionInvoices)
    .set({
      paymentId: payment?.id ?? existing.paymentId,
      ...(failure ? { attemptCount: existing.attemptCount + 1, lastError: failure } : {}),
      ...(status === 'paid' ? { paidAt: time, attemptCount: existing.attemptCount + 1 } : {}),
    })
    .where(eq(subscriptionInvoices.invoiceId, existing.invoiceId))
    .run();
}

/**
 * Brings one provider invoice (and its intent and subscription) into our records: the payment row, the
 * ledger once it succeeded, the invoice and the subscription's status. Idempotent: safe to run for
 * every webhook, status report and replay.
 */
export async function syncInvoice(services: AppServices, providerInvoiceId: string): Promise<PaymentRow | undefined> {
  const { db, payments: provider } = services;
  const invoice = await provider.retrieveInvoice(providerInvoiceId);
  const subscription = invoice.subscriptionId ? findSubscriptionByProviderId(db, invoice.subscriptionId) : undefined;
  if (!subscription) return undefined;
  const remote = await provider.retrieveSubscription(invoice.subscriptionId);
  const intent = invoice.paymentIntentId ? await provider.retrievePaymentIntent(invoice.paymentIntentId) : null;
  const synced = db.transaction((tx) => {
    let payment = intent ? findPaymentForIntent(tx, intent) : undefined;
    if (intent && !payment) payment = insertSubscriptionPayment(tx, subscription, invoice, intent);
    let failure: string | null = null;
    let newlySucceeded = false;
    if (payment && intent) {
      const outcome = applyIntentToPayment(tx, payment, intent);
      payment = outcome.row;
      newlySucceeded = outcome.newlySucceeded;
      if (intent.lastError && intent.status === 'requires_payment_method') failure = intent.lastError.message;
    }
    const latest = tx.select().from(subscriptions).where(eq(subscriptions.id, subscription.id)).get() ?? subscription;
    const after = applySubscriptionState(tx, latest, remote, intent?.status === 'succeeded' ? intent.cardLast4 : null);
    recordInvoice(tx, latest, invoice, payment, failure);
    return { payment, newlySucceeded, before: latest, after };
  });
  if (synced.payment && synced.newlySucceeded) announcePaymentSucceeded(services, synced.payment);
  announceSubscriptionChange(services, synced.before, synced.after);
  // A confirmed subscription payment lifts the checkout-only limit of a creator who registered at checkout.
  if (invoice.status === 'paid') markSubscriptionPaid(db, subscription.userId);
  return synced.payment;
}

/** Refreshes a subscription's status and period (the `customer.subscription.*` webhooks). */
export async function syncSubscription(services: AppServices, providerSubscriptionId: string): Promise<void> {
  const row = findSubscriptionByProviderId(services.db, providerSubscriptionId);
  if (!row) return;
  const remote = await services.payments.retrieveSubscription(providerSubscriptionId);
  applyRemoteSubscription(services, row.id, remote);
}

/** Our row as the provider answers it (an update's answer or a webhook's re-fetch); a change is announced. */
function applyRemoteSubscription(services: AppServices, rowId: string, remote: ProviderSubscription): SubscriptionRow | undefined {
  const result = services.db.transaction((tx) => {
    const before = tx.select().from(subscriptions).where(eq(subscriptions.id, rowId)).get();
    return before ? { before, after: applySubscriptionState(tx, before, remote, null) } : undefined;
  });
  if (result) announceSubscriptionChange(services, result.before, result.after);
  return result?.after;
}

function insertSubscriptionPayment(db: Queryable, subscription: SubscriptionRow, invoice: ProviderInvoice, intent: Pick<ProviderIntent, 'id' | 'amountCents'>): PaymentRow {
  const product = db.select({ name: products.name }).from(products).where(eq(products.id, subscription.productId)).get();
  return insertPendingPayment(db, {
    id: newId(),
    kind: 'subscription',
    provider: subscription.provider,
    providerIntentId: intent.id,
    providerInvoiceId: invoice.id,
    amountCents: intent.amountCents,
    payerId: subscription.userId,
    subscriptionId: subscription.id,
    description: `${product?.name ?? subscription.productId} subscription`,
  });
}

// Checkout.

function intentAnswerOf(payment: PaymentRow, intent: ProviderIntent | null, clientSecret: string): IntentAnswer {
  return {
    client_secret: clientSecret,
    paymentIntentId: payment.providerIntentId ?? '',
    paymentId: payment.id,
    amountCents: payment.amountCents,
    currency: payment.currency,
    status: intent?.status ?? 'requires_payment_method',
    error: intent?.lastError ?? null,
  };
}

export function checkoutSummary(db: Db, actor: Actor, productId: string) {
  const product = getProductRecord(db, productId);
  const setUpFeeCents = firstInvoiceSetUpFeeCents(product);
  const active = db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, actor.id), eq(subscriptions.productId, product.id), inArray(subscriptions.status, ['active', 'past_due'])))
    .get();
  return {
    productId: product.id,
    productName: product.name,
    priceCents: product.pricePerMonthCents,
    setUpFeeCents,
    totalCents: product.pricePerMonthCents + setUpFeeCents,
    alreadySubscribed: !!active,
  };
}

interface StartOptions {
  /** Charge this payment method at once (create-subscription); otherwise the card form pays the first invoice. */
  paymentMethodId?: string;
  /** The amount the page showed, in cents: refused when it is not the server's total. */
  expectedCents?: number;
  /** A restarted subscription does not pay the setup fee again. */
  withoutSetUpFee?: boolean;
}

/**
 * Starts a product's monthly subscription: its first invoice carries the setup fee. Answers the first
 * invoice's client secret for the card form (or the outcome, when a payment method was given).
 */
export async function startSubscription(services: AppServices, actor: Actor, productId: string, options: StartOptions = {}): Promise<IntentAnswer & { subscriptionId: string }> {
  const { db, payments: provider } = services;
  const product = getProductRecord(db, productId);
  const setUpFeeCents = options.withoutSetUpFee ? 0 : firstInvoiceSetUpFeeCents(product);
  const totalCents = product.pricePerMonthCents + setUpFeeCents;
  if (options.expectedCents !== undefined && options.expectedCents !== totalCents) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: paymentMessages.productAmountMismatch });
  }
  if (!product.providerPriceId) throw new TRPCError({ code: 'BAD_REQUEST', message: subscriptionMessages.noProviderPrice });
  const mine = db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, actor.id), eq(subscriptions.productId, product.id), eq(subscriptions.provider, provider.name)))
    .orderBy(desc(subscriptions.createdAt))
    .all();
  if (mine.some((row) => row.status === 'active' || row.status === 'past_due')) {
    throw new TRPCError({ code: 'CONFLICT', message: subscriptionMessages.alreadySubscribed });
  }
  // A checkout left unpaid is resumed rather than doubled (the card form without a payment method).
  const pending = !options.paymentMethodId ? mine.find((row) => row.status === 'incomplete' && row.providerSubscriptionId) : undefined;
  if (pending?.providerSubscriptionId) {
    const resumed = await resumeFirstInvoice(services, pending);
    if (resumed && resumed.amountCents === totalCents) return { ...resumed, subscriptionId: pending.id };
  }

  const customerId = await ensureCustomer(services, actor.user);
  const row = db
    .insert(subscriptions)
    .values({
      id: newId(),
      userId: actor.id,
      productId: product.id,
      provider: provider.name,
      providerCustomerId: customerId,
      status: 'incomplete',
      priceCents: product.pricePerMonthCents,
      setUpFeeCents,
    })
    .returning()
    .get();
  let remote: ProviderSubscription;
  try {
    remote = await provider.createSubscription(
      {
        customerId,
        priceId: product.providerPriceId,
        priceCents: product.pricePerMonthCents,
        setUpFeePriceId: setUpFeeCents > 0 ? product.setUpFeePriceId : null,
        setUpFeeCents,
        metadata: { subscription_row_id: row.id, user_id: actor.id, product_id: product.id },
        paymentMethodId: options.paymentMethodId,
        description: `${product.name} subscription`,
      },
      `subscription:${row.id}`,
    );
  } catch (error) {
    db.delete(subscriptions).where(eq(subscriptions.id, row.id)).run();
    return providerFailure(error);
  }
  db.update(subscriptions)
    .set({ providerSubscriptionId: remote.id, currentPeriodStart: remote.currentPeriodStart, currentPeriodEnd: remote.currentPeriodEnd, updatedAt: nowIso() })
    .where(eq(subscriptions.id, row.id))
    .run();
  const invoice = remote.latestInvoice;
  if (!invoice?.paymentIntentId) throw new TRPCError({ code: 'BAD_GATEWAY', message: 'The payment provider did not open a first invoice' });
  const stored = db.select().from(subscriptions).where(eq(subscriptions.id, row.id)).get() ?? row;
  if (!findPaymentForIntent(db, { id: invoice.paymentIntentId, metadata: {} })) {
    insertSubscriptionPayment(db, stored, invoice, { id: invoice.paymentIntentId, amountCents: invoice.amountDueCents });
  }
  const payment = (await syncInvoice(services, invoice.id)) ?? findPaymentForIntent(db, { id: invoice.paymentIntentId, metadata: {} });
  if (!payment) throw new TRPCError({ code: 'BAD_GATEWAY', message: 'The payment provider did not open a first invoice' });
  const intent = await provider.retrievePaymentIntent(invoice.paymentIntentId).catch(providerFailure);
  return { ...intentAnswerOf(payment, intent, invoice.clientSecret ?? intent.clientSecret), subscriptionId: row.id };
}

async function resumeFirstInvoice(services: AppServices, row: SubscriptionRow): Promise<IntentAnswer | null> {
  const remote = await services.payments.retrieveSubscription(row.providerSubscriptionId ?? '').catch(() => null);
  const invoice = remote?.latestInvoice;
  if (!remote || remote.status !== 'incomplete' || !invoice?.paymentIntentId || invoice.status !== 'open') return null;
  const intent = await services.payments.retrievePaymentIntent(invoice.paymentIntentId);
  const payment = findPaymentForIntent(services.db, intent) ?? insertSubscriptionPayment(services.db, row, invoice, intent);
  return intentAnswerOf(payment, intent, invoice.clientSecret ?? intent.clientSecret);
}

// Reading.

function ownSubscription(db: Db, actor: Actor, id: string): SubscriptionRow {
  const row = db.select().from(subscriptions).where(eq(subscriptions.id, id)).get();
  if (!row || (row.userId !== actor.id && actor.role !== 'admin')) throw new TRPCError({ code: 'NOT_FOUND', message: subscriptionMessages.subscriptionNotFound });
  return row;
}

/** Only the subscriber manages a subscription (an admin does so by emulating them); anyone else gets 404. */
function subscriberOwn(db: Db, actor: Actor, id: string): SubscriptionRow {
  const row = db.select().from(subscriptions).where(eq(subscriptions.id, id)).get();
  if (!row || row.userId !== actor.id) throw new TRPCError({ code: 'NOT_FOUND', message: subscriptionMessages.subscriptionNotFound });
  return row;
}

/** A subscription the provider in effect can change (active, or past due for the card). */
function manageable(services: AppServices, row: SubscriptionRow, statuses: SubscriptionStatus[], message: string): string {
  if (!statuses.includes(row.status) || !row.providerSubscriptionId) throw new TRPCError({ code: 'CONFLICT', message });
  if (row.provider !== services.payments.name) throw new TRPCError({ code: 'CONFLICT', message: subscriptionMessages.otherProvider });
  return row.providerSubscriptionId;
}

function infoById(db: Db, id: string): SubscriptionInfo {
  const found = db.select({ row: subscriptions, productName: products.name }).from(subscriptions).innerJoin(products, eq(products.id, subscriptions.productId)).where(eq(subscriptions.id, id)).get();
  if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: subscriptionMessages.subscriptionNotFound });
  return toInfo(found.row, found.productName);
}

/**
 * `subscriptions.cancel` / `resume`: the subscription runs to the end of the paid period and then ends
 * (or, resumed, renews again). The provider is told first; our row changes from its answer.
 */
export async function setCancelAtPeriodEnd(services: AppServices, actor: Actor, id: string, cancel: boolean): Promise<SubscriptionInfo> {
  const row = subscriberOwn(services.db, actor, id);
  const providerId = manageable(services, row, ['active'], cancel ? subscriptionMessages.notCancelable : subscriptionMessages.notResumable);
  if (row.cancelAtPeriodEnd === cancel) return infoById(services.db, row.id);
  // Derived from our row and its version: a repeated click replays, the next change is a new update.
  const key = `subscription-${cancel ? 'cancel' : 'resume'}:${row.id}:${row.updatedAt}`;
  const remote = await services.payments.updateSubscription(providerId, { cancelAtPeriodEnd: cancel }, key).catch(providerFailure);
  applyRemoteSubscription(services, row.id, remote);
  return infoById(services.db, row.id);
}

/** `subscriptions.updatePaymentMethod`: renewals charge this card from now on (a new SetupIntent's or the local form's). */
export async function updatePaymentMethod(services: AppServices, actor: Actor, id: string, paymentMethodId: string): Promise<SubscriptionInfo> {
  const row = subscriberOwn(services.db, actor, id);
  const providerId = manageable(services, row, ['active', 'past_due'], subscriptionMessages.noCardToChange);
  const remote = await services.payments.updateSubscription(providerId, { paymentMethodId }, `subscription-card:${row.id}:${paymentMethodId}`).catch(providerFailure);
  applyRemoteSubscription(services, row.id, remote);
  return infoById(services.db, row.id);
}

/** `subscriptions.createSetupIntent`: a SetupIntent of the subscription's customer for Stripe Elements. */
export async function createSetupIntent(services: AppServices, actor: Actor, id: string): Promise<{ clientSecret: string; setupIntentId: string }> {
  const row = subscriberOwn(services.db, actor, id);
  manageable(services, row, ['active', 'past_due'], subscriptionMessages.noCardToChange);
  const setupIntent = await services.payments
    .createSetupIntent({ customerId: row.providerCustomerId, metadata: { subscription_row_id: row.id, user_id: row.userId } }, `setup-intent:${row.id}:${newId()}`)
    .catch(providerFailure);
  return { clientSecret: setupIntent.clientSecret, setupIntentId: setupIntent.id };
}

function toInfo(row: SubscriptionRow, productName: string): SubscriptionInfo {
  const needsPayment = row.status === 'past_due' || row.status === 'canceled';
  return {
    id: row.id,
    subscriptionId: row.providerSubscriptionId,
    productId: row.productId,
    subscriptionName: productName,
    status: row.status,
    priceCents: row.priceCents,
    setUpFeeCents: row.setUpFeeCents,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    cardLast4: row.cardLast4,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    reactivationItemId: needsPayment ? row.id : null,
  };
}

export function listSubscriptions(db: Db, userId: string): SubscriptionInfo[] {
  return db
    .select({ row: subscriptions, productName: products.name })
    .from(subscriptions)
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'past_due', 'canceled'])))
    .orderBy(desc(subscriptions.createdAt))
    .all()
    .map(({ row, productName }) => toInfo(row, productName));
}

export function listInvoices(db: Db, userId: string, subscriptionId?: string): InvoiceOutput[] {
  return db
    .select({ invoice: invoices, lines: subscriptionInvoices, productId: subscriptions.productId })
    .from(invoices)
    .innerJoin(subscriptionInvoices, eq(subscriptionInvoices.invoiceId, invoices.id))
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionInvoices.subscriptionId))
    .where(and(eq(invoices.userId, userId), ...(subscriptionId ? [eq(subscriptionInvoices.subscriptionId, subscriptionId)] : [])))
    .orderBy(desc(subscriptionInvoices.periodStart), desc(invoices.createdAt))
    .all()
    .map(({ invoice, lines, productId }) => ({
      id: invoice.id,
      subscriptionId: lines.subscriptionId,
      productId,
      status: invoice.status,
      amountCents: invoice.amountCents,
      subscriptionCents: lines.subscriptionCents,
      setUpFeeCents: lines.setUpFeeCents,
      periodStart: lines.periodStart,
      periodEnd: lines.periodEnd,
      billingReason: lines.billingReason,
      attemptCount: lines.attemptCount,
      lastError: lines.lastError,
      createdAt: invoice.createdAt,
      paidAt: lines.paidAt,
    }));
}

/**
 * Creators may create push notifications while one of their subscriptions is active (admins always). One
 * canceled at its period's end counts until that end, even before the provider reports it `canceled`.
 */
export function hasNotificationCreationPermission(db: Db, actor: Pick<Actor, 'id' | 'role'>, now = new Date()): boolean {
  if (actor.role === 'admin') return true;
  return db
    .select({ cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd, currentPeriodEnd: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, actor.id), eq(subscriptions.status, 'active')))
    .all()
    .some((row) => !row.cancelAtPeriodEnd || !row.currentPeriodEnd || row.currentPeriodEnd > now.toISOString());
}

// Reactivation.

export function reactivationSummary(db: Db, actor: Actor, itemId: string) {
  const row = ownSubscription(db, actor, itemId);
  const product = getProductRecord(db, row.productId);
  const openInvoices = listInvoices(db, row.userId, row.id)
    .filter((invoice) => invoice.status === 'open')
    .reverse();
  const mode = row.status === 'past_due' ? 'invoice' : row.status === 'canceled' ? 'restart' : 'none';
  const amountDueCents =
    mode === 'invoice' ? openInvoices.reduce((sum, invoice) => sum + invoice.amountCents, 0) : mode === 'restart' ? product.pricePerMonthCents : 0;
  return { subscription: toInfo(row, product.name), amountDueCents, mode, openInvoices } as const;
}

/**
 * `/reactivate/{itemId}`: pays the oldest open invoice of a past-due subscription (the card form
 * confirms its intent), or starts a canceled one again without the setup fee.
 */
export async function startReactivation(services: AppServices, actor: Actor, itemId: string): Promise<IntentAnswer & { subscriptionId: string }> {
  const { db, payments: provider } = services;
  const row = ownSubscription(db, actor, itemId);
  if (row.status === 'canceled') return startSubscription(services, actor, row.productId, { withoutSetUpFee: true });
  if (row.status !== 'past_due' || !row.providerSubscriptionId) throw new TRPCError({ code: 'CONFLICT', message: subscriptionMessages.nothingToPay });
  const open = await provider.listOpenInvoices(row.providerSubscriptionId).catch(providerFailure);
  const invoice = open[0];
  if (!invoice) {
    await syncSubscription(services, row.providerSubscriptionId);
    throw new TRPCError({ code: 'CONFLICT', message: subscriptionMessages.nothingToPay });
  }
  const ready = await provider.prepareInvoicePayment(invoice.id, `invoice-payment:${invoice.id}`).catch(providerFailure);
  if (!ready.paymentIntentId || !ready.clientSecret) throw new TRPCError({ code: 'BAD_GATEWAY', message: 'The payment provider could not prepare this invoice' });
  const intent = await provider.retrievePaymentIntent(ready.paymentIntentId).catch(providerFailure);
  const payment = findPaymentForIntent(db, intent) ?? insertSubscriptionPayment(db, row, ready, intent);
  return { ...intentAnswerOf(payment, intent, ready.clientSecret), subscriptionId: row.id };
}

/** The `local` provider's billing clock (Stripe renews by itself and tells us through webhooks). */
export async function runRenewals(services: AppServices): Promise<number> {
  const provider = services.payments as { renewDueSubscriptions?: () => Promise<number> };
  return provider.renewDueSubscriptions ? provider.renewDueSubscriptions() : 0;
}
