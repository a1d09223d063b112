import type { LocalEventDelivery } from './events';
import type { LocalIntents } from './intents';
import type { LocalInvoices } from './invoices';
import { addMonths, type LocalSubscriptions } from './subscriptions';
import type { LocalObjectStore, PaymentMethodObject, SubscriptionObject } from './store';

/**
 * The billing clock: every active subscription whose period has ended gets a renewal invoice, charged
 * to its saved card. A declined charge leaves the invoice open and the subscription past_due (as
 * Stripe does; `local` does not retry by itself — paying the invoice from /reactivate does). One set to
 * cancel at the period's end is not renewed: it becomes `canceled` (`customer.subscription.deleted`).
 */
export async function renewDueSubscriptions(
  store: LocalObjectStore,
  parts: { subscriptions: LocalSubscriptions; intents: LocalIntents; invoices: LocalInvoices; events: LocalEventDelivery },
  now: Date,
): Promise<number> {
  const { subscriptions, intents, invoices, events } = parts;
  const nowIso = now.toISOString();
  let renewed = 0;
  for (const listed of await store.list<SubscriptionObject>('subscription')) {
    // "Is it due?" and the renewal's records in one transaction (re-read there, so two clock ticks renew it once);
    // the charge and the events after it.
    const step = await store.transaction(async () => {
      const subscription = await store.get<SubscriptionObject>('subscription', listed.id);
      if (!subscription || subscription.status !== 'active' || subscription.currentPeriodEnd > nowIso) return null;
      if (subscription.cancelAtPeriodEnd) {
        subscription.status = 'canceled';
        subscription.canceledAt = nowIso;
        await store.put('subscription', subscription);
        return { kind: 'canceled' as const, subscription };
      }
      subscription.currentPeriodStart = subscription.currentPeriodEnd;
      subscription.currentPeriodEnd = addMonths(subscription.currentPeriodEnd, 1);
      const invoice = await subscriptions.openInvoice(subscription, 'subscription_cycle', 0);
      const method = subscription.defaultPaymentMethodId ? await store.get<PaymentMethodObject>('payment_method', subscription.defaultPaymentMethodId) : undefined;
      if (!method || !invoice.paymentIntentId) await invoices.markPastDue(subscription.id);
      return { kind: 'renewed' as const, subscription, invoice, method };
    });
    if (!step) continue;
    if (step.kind === 'canceled') {
      await events.subscription('customer.subscription.deleted', step.subscription);
      continue;
    }
    renewed += 1;
    if (step.method && step.invoice.paymentIntentId) {
      await intents.confirmWithPaymentMethod(step.invoice.paymentIntentId, step.method, true);
    } else {
      await events.invoice('invoice.payment_failed', step.invoice.id);
    }
  }
  return renewed;
}
