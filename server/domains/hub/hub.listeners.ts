import { eq } from 'drizzle-orm';
import { firstRow } from '@db/store';
import { events } from '@db/schema/events';
import { users } from '@db/schema/users';
import { tips } from '@db/schema/payments';
import type { DomainEventMap, PaymentSnapshot } from '@server/platform/domain-events';
import { formatDollars } from '@common/money';
import type { Services } from '@server/services';
import { publishHubMessage } from './hub.service';

/** The hub group of an event's page (platform.md §7: `{creatorId}-{eventId}`). */
function eventGroupId(creatorId: string, eventId: string): string {
  return `${creatorId}-${eventId}`;
}

/** The system message a succeeded tip or paywall payment sends to the event's hub group. */
function paymentHubMessage(
  payment: Pick<PaymentSnapshot, 'kind' | 'amountCents' | 'description' | 'creatorId' | 'eventId'>,
  payerName: string,
  eventName: string,
  tipMessage: string | null,
): { groupId: string; text: string; tipMessage?: string } | null {
  if (!payment.creatorId || !payment.eventId) return null;
  const groupId = eventGroupId(payment.creatorId, payment.eventId);
  if (payment.kind === 'tip') {
    const text = `${payerName} sent a tip: ${payment.description} (${formatDollars(payment.amountCents)}). Thank you!`;
    // The message is quoted at the end of the text too, for clients that read only the text (SignalR's ReceiveMessage).
    return tipMessage ? { groupId, text: `${text} “${tipMessage}”`, tipMessage } : { groupId, text };
  }
  if (payment.kind === 'paywall') return { groupId, text: `Welcome ${payerName}! Thanks for joining ${eventName}.` };
  return null;
}

/** Sends a succeeded payment's message to its event's hub group (failures are only logged). */
async function announcePayment(services: Services, { payment, payerId }: DomainEventMap['payments:succeeded']): Promise<void> {
  if (!payment.eventId) return;
  const payer = payerId ? await firstRow(services.db.select({ displayName: users.displayName }).from(users).where(eq(users.id, payerId))) : undefined;
  const event = await firstRow(services.db.select({ name: events.name }).from(events).where(eq(events.id, payment.eventId)));
  // A tip's message as recorded with the tip (none once the creator has hidden it).
  const tip = payment.kind === 'tip' ? await firstRow(services.db.select({ message: tips.message, hiddenAt: tips.messageHiddenAt }).from(tips).where(eq(tips.paymentId, payment.id))) : undefined;
  const tipMessage = tip && !tip.hiddenAt ? tip.message : null;
  const message = paymentHubMessage(payment, payer?.displayName ?? 'A viewer', event?.name ?? 'the event', tipMessage);
  if (!message) return;
  try {
    await publishHubMessage(services, message.groupId, message.text, message.tipMessage ? { tipMessage: message.tipMessage } : {});
  } catch (error) {
    services.log.warn({ err: error, groupId: message.groupId }, 'payment hub message not sent');
  }
}

export function registerHubListeners(services: Services): void {
  services.domainEvents.on('payments:succeeded', (payload) => announcePayment(services, payload));
}
