import { DomainError } from '@server/platform/errors';
import { eq } from 'drizzle-orm';
import { webhookEvents, type PaymentKind } from '@db/schema/payments';
import { changedRows } from '@db/store';
import { WebhookSignatureError, type ProviderIntent } from '@server/providers/payments/interface';
import type { Services } from '@server/services';
import { mailPaymentReceipts } from './payment-receipts';
import { applyIntentToPayment, findPaymentById, findPaymentForIntent, providerFailure, publishPaymentSucceeded, type PaymentRow } from './payment-records';
import { paymentMessages } from './payments.schemas';

/**
 * Re-fetches an intent from the provider and applies it to our records. This is the only way a
 * payment's status changes: webhooks and the page's status reports both end here.
 */
export async function syncIntent(services: Services, intentId: string): Promise<{ row: PaymentRow; intent: ProviderIntent } | null> {
  const intent = await services.payments.retrievePaymentIntent(intentId).catch(providerFailure);
  const row = await applyIntent(services, intent);
  return row ? { row, intent } : null;
}

export async function applyIntent(services: Services, intent: ProviderIntent): Promise<PaymentRow | null> {
  const { db } = services;
  const row = await findPaymentForIntent(db, intent);
  const invoiceId = row?.providerInvoiceId ?? (row ? null : intent.metadata.invoice_id);
  if (invoiceId) return syncInvoicePayment(services, invoiceId, row?.kind);
  if (!row) return null;
  // Succeeded is final (nothing the provider reports changes it): a report after the webhook opens no transaction.
  if (row.status === 'succeeded') return row;
  const outcome = await db.transaction((tx) => applyIntentToPayment(tx, row, intent));
  if (outcome.newlySucceeded) {
    await publishPaymentSucceeded(services, outcome.row);
    const paid = outcome.row;
    // After the answer, never holding it up; the app's close waits for it.
    services.background.run('payment receipt not sent', () => mailPaymentReceipts(services, paid), { paymentId: paid.id });
  }
  return outcome.row;
}

/**
 * A payment of a provider invoice is settled with its invoice, in one transaction, by the domain that owns the
 * subscription it bills: a creator's plan (subscriptions) or a fan's membership (memberships). The payment's kind
 * names it when we know the payment; otherwise each is asked in turn (one that does not know the subscription answers
 * null). Answers the payment as recorded then.
 */
async function syncInvoicePayment(services: Services, invoiceId: string, kind?: PaymentKind): Promise<PaymentRow | null> {
  const { domainEvents } = services;
  let synced = kind === 'membership' ? null : await domainEvents.request('payments:sync-invoice', { invoiceId });
  if (!synced && kind !== 'subscription') synced = await domainEvents.request('payments:sync-membership-invoice', { invoiceId });
  return synced ? ((await findPaymentById(services.db, synced.paymentId)) ?? null) : null;
}

/**
 * `POST /api/payment/webhook`: verifies the signature over the raw body, then re-fetches the object the
 * event names and applies it. An event id already handled is acknowledged and changes nothing; an event
 * that fails half way is forgotten again so the provider's retry runs it.
 */
export async function handleWebhook(services: Services, rawBody: Buffer | string, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
  let event;
  try {
    event = services.payments.verifyWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw new DomainError({ code: 'BAD_REQUEST', message: paymentMessages.invalidWebhook });
    throw error;
  }
  const { db } = services;
  const first = await changedRows(db.insert(webhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing());
  if (first === 0) return { received: true, duplicate: true };
  try {
    if (event.objectType === 'payment_intent' && event.objectId) await syncIntent(services, event.objectId);
    else if (event.objectType === 'invoice' && event.objectId) await syncInvoicePayment(services, event.objectId);
    else if (event.objectType === 'customer.subscription' && event.objectId) {
      // Each domain looks the subscription up in its own rows first and leaves one it does not know alone.
      await services.domainEvents.request('payments:sync-subscription', { subscriptionId: event.objectId });
      await services.domainEvents.request('payments:sync-membership-subscription', { subscriptionId: event.objectId });
    }
  } catch (error) {
    await db.delete(webhookEvents).where(eq(webhookEvents.id, event.id));
    throw error;
  }
  return { received: true, duplicate: false };
}
