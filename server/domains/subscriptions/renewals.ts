import { DomainError } from '@server/platform/errors';
import { eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { subscriptions } from '@db/schema/payments';
import { getProductRecord } from '@server/domains/billing/billing.service';
import { limitPaymentCreation, renewDueSubscriptions } from '@server/domains/payments/payments.service';
import type { IntentAnswer } from '@server/domains/payments/payments.schemas';
import { prepareOpenInvoice } from '@server/domains/payments/provider-subscriptions';
import type { Services } from '@server/services';
import type { Actor } from '@server/platform/actor';
import { subscriptionMessages } from './subscriptions.schemas';
import { startSubscription } from './checkout';
import { insertSubscriptionPayment, syncSubscription } from './subscription-sync';
import { listInvoices, toInfo, type SubscriptionRow } from './subscriptions.service';

/** Runs the local provider's billing clock now (it also runs every minute by itself, payments.plugin.ts). */
export async function runRenewals(services: Services): Promise<number> {
  return renewDueSubscriptions(services);
}

// Reactivation: paying again for a subscription that lapsed.

async function ownSubscription(db: Db, actor: Actor, id: string): Promise<SubscriptionRow> {
  const row = await firstRow(db.select().from(subscriptions).where(eq(subscriptions.id, id)));
  if (!row || (row.userId !== actor.id && actor.role !== 'admin')) throw new DomainError({ code: 'NOT_FOUND', message: subscriptionMessages.subscriptionNotFound });
  return row;
}

export async function reactivationSummary(db: Db, actor: Actor, itemId: string) {
  const row = await ownSubscription(db, actor, itemId);
  const product = await getProductRecord(db, row.productId);
  const openInvoices = (await listInvoices(db, row.userId, row.id))
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
export async function startReactivation(services: Services, actor: Actor, clientIp: string, itemId: string): Promise<IntentAnswer & { subscriptionId: string }> {
  await limitPaymentCreation(services, actor, clientIp);
  const row = await ownSubscription(services.db, actor, itemId);
  if (row.status === 'canceled') return startSubscription(services, actor, row.productId, { withoutSetUpFee: true });
  if (row.status !== 'past_due' || !row.providerSubscriptionId) throw new DomainError({ code: 'CONFLICT', message: subscriptionMessages.nothingToPay });
  const answer = await prepareOpenInvoice(services, row.providerSubscriptionId, row, insertSubscriptionPayment);
  if (!answer) {
    await syncSubscription(services, row.providerSubscriptionId);
    throw new DomainError({ code: 'CONFLICT', message: subscriptionMessages.nothingToPay });
  }
  return { ...answer, subscriptionId: row.id };
}
