import type { Services } from '@server/services';
import { syncInvoice, syncSubscription } from './subscription-sync';

/** The provider's reports on invoices and subscriptions (its webhook and payment status reports reach payments first). */
export function registerSubscriptionListeners(services: Services): void {
  services.domainEvents.handle('payments:sync-invoice', async ({ invoiceId }) => {
    const payment = await syncInvoice(services, invoiceId);
    return payment ? { paymentId: payment.id } : null;
  });
  services.domainEvents.handle('payments:sync-subscription', async ({ subscriptionId }) => {
    await syncSubscription(services, subscriptionId);
    return null;
  });
}
