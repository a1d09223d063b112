import type { payments, subscriptions } from '@db/schema/payments';
import { toPaymentOutput } from '@server/domains/payments/payment-records';
import type { AppServices } from '@server/trpc/context';
import { emitWebhookEvent } from './webhooks.service';

type Services = Pick<AppServices, 'db' | 'webhooks'>;
type PaymentRow = typeof payments.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * A payment that has just succeeded: `payment.succeeded` to the creator it pays (or, for a subscription, the
 * creator paying), and `tip.received` to the creator of a tip. Called once per payment, where it is marked.
 */
export function announcePaymentSucceeded(services: Services, payment: PaymentRow): void {
  const data = toPaymentOutput(payment);
  const owner = payment.creatorId ?? payment.payerId;
  if (owner) emitWebhookEvent(services, owner, 'payment.succeeded', data);
  if (payment.kind === 'tip' && payment.creatorId) emitWebhookEvent(services, payment.creatorId, 'tip.received', data);
}

/** `subscription.updated` to its creator when its status, period, cancellation or card changed. */
export function announceSubscriptionChange(services: Services, before: SubscriptionRow, after: SubscriptionRow): void {
  const changed =
    before.status !== after.status ||
    before.currentPeriodEnd !== after.currentPeriodEnd ||
    before.canceledAt !== after.canceledAt ||
    before.cancelAtPeriodEnd !== after.cancelAtPeriodEnd ||
    before.cardLast4 !== after.cardLast4;
  if (!changed) return;
  emitWebhookEvent(services, after.userId, 'subscription.updated', {
    id: after.id,
    productId: after.productId,
    status: after.status,
    previousStatus: before.status,
    currentPeriodStart: after.currentPeriodStart,
    currentPeriodEnd: after.currentPeriodEnd,
    canceledAt: after.canceledAt,
    cancelAtPeriodEnd: after.cancelAtPeriodEnd,
    cardLast4: after.cardLast4,
  });
}
