import { eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { products } from '@db/schema/billing';
import { subscriptionInvoices, subscriptions, type SubscriptionStatus } from '@db/schema/payments';
import { invoices } from '@db/schema/users';
import { markSubscriptionPaid } from '@server/domains/users/users.service';
import type { PaymentRow } from '@server/domains/payments/payment-records';
import { insertInvoicePayment, refreshProviderSubscription, syncProviderInvoice, updateInTransaction, type InsertInvoicePayment } from '@server/domains/payments/provider-subscriptions';
import type { SubscriptionSnapshot } from '@server/platform/domain-events';
import { newId, nowIso } from '@server/lib/ids';
import type { ProviderInvoice, ProviderSubscription } from '@server/providers/payments/interface';
import type { Services } from '@server/services';
import type { SubscriptionRow } from './subscriptions.service';
import { mailPlanChanges, type PlanCharge } from './plan-mail';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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

async function findSubscriptionByProviderId(db: Db, providerSubscriptionId: string): Promise<SubscriptionRow | undefined> {
  return firstRow(db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId)));
}

async function applySubscriptionState(tx: Tx, row: SubscriptionRow, remote: ProviderSubscription, cardLast4: string | null): Promise<SubscriptionRow> {
  const status = subscriptionStatusOf(remote.status);
  const time = nowIso();
  const firstActivation = status === 'active' && !row.activatedAt;
  const updated = await firstRow(
    tx
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
      .returning(),
  );
  return updated ?? row;
}

/** Whether our record of a provider invoice says it is paid. */
async function invoicePaid(tx: Tx, providerInvoiceId: string): Promise<boolean> {
  const found = await firstRow(
    tx
      .select({ status: invoices.status })
      .from(subscriptionInvoices)
      .innerJoin(invoices, eq(invoices.id, subscriptionInvoices.invoiceId))
      .where(eq(subscriptionInvoices.providerInvoiceId, providerInvoiceId)),
  );
  return found?.status === 'paid';
}

/**
 * Records a provider invoice as our `invoices` row (its status drives `hasUnpaidInvoices`) plus its
 * lines. A first invoice still waiting for the checkout card is not an outstanding payment, so it is
 * only recorded once paid; a renewal that could not be charged stays open until paid.
 */
async function recordInvoice(tx: Tx, subscription: SubscriptionRow, invoice: ProviderInvoice, payment: PaymentRow | undefined, failure: string | null): Promise<void> {
  const status = invoice.status === 'paid' ? 'paid' : invoice.status === 'open' ? 'open' : invoice.status === 'draft' ? null : 'void';
  if (!status) return;
  const existing = await firstRow(tx.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.providerInvoiceId, invoice.id)));
  const time = nowIso();
  if (!existing) {
    if (status === 'open' && invoice.billingReason === 'subscription_create') return;
    const invoiceId = newId();
    await tx.insert(invoices).values({ id: invoiceId, userId: subscription.userId, amountCents: invoice.amountDueCents, status });
    await tx.insert(subscriptionInvoices).values({
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
    });
    return;
  }
  const current = await firstRow(tx.select().from(invoices).where(eq(invoices.id, existing.invoiceId)));
  if (current?.status === 'paid') return;
  await tx.update(invoices).set({ status }).where(eq(invoices.id, existing.invoiceId));
  await tx
    .update(subscriptionInvoices)
    .set({
      paymentId: payment?.id ?? existing.paymentId,
      ...(failure ? { attemptCount: existing.attemptCount + 1, lastError: failure } : {}),
      ...(status === 'paid' ? { paidAt: time, attemptCount: existing.attemptCount + 1 } : {}),
    })
    .where(eq(subscriptionInvoices.invoiceId, existing.invoiceId));
}

/**
 * Brings one provider invoice (and its intent and subscription) into our records: the payment row, the
 * ledger once it succeeded, the invoice and the subscription's status. Idempotent: safe to run for
 * every webhook, status report and replay.
 */
export async function syncInvoice(services: Services, providerInvoiceId: string): Promise<PaymentRow | undefined> {
  const synced = await syncProviderInvoice(services, providerInvoiceId, {
    find: findSubscriptionByProviderId,
    insertPayment: insertSubscriptionPayment,
    apply: async (tx, subscription, { invoice, remote, payment, failure, paidCardLast4 }) => {
      const latest = (await firstRow(tx.select().from(subscriptions).where(eq(subscriptions.id, subscription.id)))) ?? subscription;
      const after = await applySubscriptionState(tx, latest, remote, paidCardLast4);
      // Newly paid in this transaction: the receipt's moment (a replay finds the invoice paid already).
      const wasPaid = await invoicePaid(tx, invoice.id);
      await recordInvoice(tx, latest, invoice, payment, failure);
      const newlyPaid = !wasPaid && (await invoicePaid(tx, invoice.id));
      const charge: PlanCharge | null = newlyPaid
        ? { amountCents: payment?.amountCents ?? invoice.amountDueCents, setUpFeeCents: invoice.setUpFeeCents, billingReason: invoice.billingReason, paidAt: nowIso() }
        : null;
      return { before: latest, after, charge };
    },
  });
  if (!synced) return undefined;
  await publishSubscriptionChange(services, synced.result.before, synced.result.after);
  await mailPlanChanges(services, synced.result.before, synced.result.after, synced.result.charge);
  // A confirmed subscription payment lifts the checkout-only limit of a creator who registered at checkout.
  if (synced.invoice.status === 'paid') await markSubscriptionPaid(services.db, synced.row.userId);
  return synced.payment;
}

/** Refreshes a subscription's status and period (the `customer.subscription.*` webhooks). */
export async function syncSubscription(services: Services, providerSubscriptionId: string): Promise<void> {
  await refreshProviderSubscription(services, providerSubscriptionId, findSubscriptionByProviderId, applyRemoteSubscription);
}

/** Our row as the provider answers it (an update's answer or a webhook's re-fetch); a change is announced. */
export async function applyRemoteSubscription(services: Services, rowId: string, remote: ProviderSubscription): Promise<SubscriptionRow | undefined> {
  const result = await updateInTransaction(
    services.db,
    (tx) => firstRow(tx.select().from(subscriptions).where(eq(subscriptions.id, rowId))),
    (tx, before) => applySubscriptionState(tx, before, remote, null),
  );
  if (result) {
    await publishSubscriptionChange(services, result.before, result.after);
    await mailPlanChanges(services, result.before, result.after, null);
  }
  return result?.after;
}

function snapshotOf(row: SubscriptionRow): SubscriptionSnapshot {
  return {
    id: row.id,
    userId: row.userId,
    productId: row.productId,
    status: row.status,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    canceledAt: row.canceledAt,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    cardLast4: row.cardLast4,
  };
}

/** `subscriptions:changed` when the status, period, cancellation or card changed (after the commit). */
async function publishSubscriptionChange(services: Pick<Services, 'domainEvents'>, before: SubscriptionRow, after: SubscriptionRow): Promise<void> {
  const changed =
    before.status !== after.status ||
    before.currentPeriodEnd !== after.currentPeriodEnd ||
    before.canceledAt !== after.canceledAt ||
    before.cancelAtPeriodEnd !== after.cancelAtPeriodEnd ||
    before.cardLast4 !== after.cardLast4;
  if (changed) await services.domainEvents.publish('subscriptions:changed', { subscription: snapshotOf(after), previous: snapshotOf(before) });
}

export const insertSubscriptionPayment: InsertInvoicePayment<SubscriptionRow> = async (db, subscription, invoice, intent) => {
  const product = await firstRow(db.select({ name: products.name }).from(products).where(eq(products.id, subscription.productId)));
  return insertInvoicePayment(db, invoice, intent, {
    kind: 'subscription',
    provider: subscription.provider,
    payerId: subscription.userId,
    subscriptionId: subscription.id,
    description: `${product?.name ?? subscription.productId} subscription`,
  });
};
