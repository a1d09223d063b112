import type { Services } from '@server/services';
import { applyDueDowngrades, endFinishedMemberships, runMembershipBilling } from './membership-billing';
import { syncMembershipInvoice, syncMembershipSubscription } from './membership-sync';

/**
 * The provider's reports on memberships' invoices and subscriptions (its webhook and payment status reports reach
 * payments first), and the billing clock's tick: grace, retries and lapses, downgrades due, memberships that ended.
 */
export function registerMembershipListeners(services: Services): void {
  services.domainEvents.handle('payments:sync-membership-invoice', async ({ invoiceId }) => {
    const payment = await syncMembershipInvoice(services, invoiceId);
    return payment ? { paymentId: payment.id } : null;
  });
  services.domainEvents.handle('payments:sync-membership-subscription', async ({ subscriptionId }) => {
    await syncMembershipSubscription(services, subscriptionId);
    return null;
  });
  services.domainEvents.on('payments:billing-clock', async ({ at }) => {
    const now = new Date(at);
    await runMembershipBilling(services, now);
    await applyDueDowngrades(services, now);
    await endFinishedMemberships(services, now);
  });
}
