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
  for (const subscription of store.list<SubscriptionObject>('subscription')) {
    if (subscription.status !== 'active' || subscription.currentPeriodEnd > nowIso) continue;
    if (subscription.cancelAtPeriodEnd) {
      subscription.status = 'canceled';
      subscription.canceledAt = nowIso;
      store.put('subscription', subscription);
      await events.subscription('customer.subscription.deleted', subscription);
      continue;
    }
    subscription.currentPeriodStart = subscription.currentPeriodEnd;
    subscription.currentPeriodEnd = addMonths(subscription.currentPeriodEnd, 1);
    const invoice = subscriptions.openInvoice(subscription, 'subscription_cycle', 0);
    const method = subscription.defaultPaymentMethodId ? store.get<PaymentMethodObject>('payment_method', subscription.defaultPaymentMethodId) : undefined;
    renewed += 1;
    if (method && invoice.paymentIntentId) {
      await intents.confirmWithPaymentMethod(invoice.paymentIntentId, method, true);
    } else {
      invoices.markPastDue(subscription.id);
      await events.invoice('invoice.payment_failed', invoice.id);
    }
  }
  return renewed;
}
