import { DomainError } from '@server/platform/errors';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { products } from '@db/schema/billing';
import { subscriptionInvoices, subscriptions } from '@db/schema/payments';
import { invoices } from '@db/schema/users';
import type { Actor } from '@server/platform/actor';
import { subscriptionMessages, type InvoiceOutput, type SubscriptionInfo } from './subscriptions.schemas';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function infoById(db: Db, id: string): Promise<SubscriptionInfo> {
  const found = await firstRow(
    db.select({ row: subscriptions, productName: products.name }).from(subscriptions).innerJoin(products, eq(products.id, subscriptions.productId)).where(eq(subscriptions.id, id)),
  );
  if (!found) throw new DomainError({ code: 'NOT_FOUND', message: subscriptionMessages.subscriptionNotFound });
  return toInfo(found.row, found.productName);
}

export function toInfo(row: SubscriptionRow, productName: string): SubscriptionInfo {
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

export async function listSubscriptions(db: Db, userId: string): Promise<SubscriptionInfo[]> {
  return (
    await db
      .select({ row: subscriptions, productName: products.name })
      .from(subscriptions)
      .innerJoin(products, eq(products.id, subscriptions.productId))
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'past_due', 'canceled'])))
      .orderBy(desc(subscriptions.createdAt))
  ).map(({ row, productName }) => toInfo(row, productName));
}

export async function listInvoices(db: Db, userId: string, subscriptionId?: string): Promise<InvoiceOutput[]> {
  return (
    await db
      .select({ invoice: invoices, lines: subscriptionInvoices, productId: subscriptions.productId })
      .from(invoices)
      .innerJoin(subscriptionInvoices, eq(subscriptionInvoices.invoiceId, invoices.id))
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionInvoices.subscriptionId))
      .where(and(eq(invoices.userId, userId), ...(subscriptionId ? [eq(subscriptionInvoices.subscriptionId, subscriptionId)] : [])))
      .orderBy(desc(subscriptionInvoices.periodStart), desc(invoices.createdAt))
  ).map(({ invoice, lines, productId }) => ({
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
export async function hasNotificationCreationPermission(db: Db, actor: Pick<Actor, 'id' | 'role'>, now = new Date()): Promise<boolean> {
  if (actor.role === 'admin') return true;
  return (
    await db
      .select({ cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd, currentPeriodEnd: subscriptions.currentPeriodEnd })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, actor.id), eq(subscriptions.status, 'active')))
  ).some((row) => !row.cancelAtPeriodEnd || !row.currentPeriodEnd || row.currentPeriodEnd > now.toISOString());
}
