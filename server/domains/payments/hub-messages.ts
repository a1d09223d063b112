import { eq } from 'drizzle-orm';
import { events } from '@db/schema/events';
import { users } from '@db/schema/users';
import { publishHubMessage } from '@server/domains/hub/hub.service';
import type { AppServices } from '@server/trpc/context';
import type { PaymentRow } from './payment-records';

export function formatCad(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** The hub group of an event's page (platform.md §7: `{creatorId}-{eventId}`). */
export function eventGroupId(creatorId: string, eventId: string): string {
  return `${creatorId}-${eventId}`;
}

/** The system message a succeeded tip or paywall payment sends to the event's hub group. */
export function paymentHubMessage(
  payment: Pick<PaymentRow, 'kind' | 'amountCents' | 'description' | 'creatorId' | 'eventId'>,
  payerName: string,
  eventName: string,
): { groupId: string; text: string } | null {
  if (!payment.creatorId || !payment.eventId) return null;
  const groupId = eventGroupId(payment.creatorId, payment.eventId);
  if (payment.kind === 'tip') return { groupId, text: `${payerName} sent a tip: ${payment.description} (${formatCad(payment.amountCents)}). Thank you!` };
  if (payment.kind === 'paywall') return { groupId, text: `Welcome ${payerName}! Thanks for joining ${eventName}.` };
  return null;
}

/** Sends the payment's message to the event's hub group (after the payment is recorded; failures are only logged). */
export async function announcePayment(services: AppServices, payment: PaymentRow): Promise<void> {
  if (!payment.eventId) return;
  const payer = payment.payerId ? services.db.select({ displayName: users.displayName }).from(users).where(eq(users.id, payment.payerId)).get() : undefined;
  const event = services.db.select({ name: events.name }).from(events).where(eq(events.id, payment.eventId)).get();
  const message = paymentHubMessage(payment, payer?.displayName ?? 'A viewer', event?.name ?? 'the event');
  if (!message) return;
  try {
    publishHubMessage(services, message.groupId, message.text);
  } catch (error) {
    services.log.warn({ err: error, groupId: message.groupId }, 'payment hub message not sent');
  }
}

