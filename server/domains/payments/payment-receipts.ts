import { eq } from 'drizzle-orm';
import { events } from '@db/schema/events';
import { firstRow } from '@db/store';
import { users } from '@db/schema/users';
import { siteNameOf } from '@server/domains/settings/settings.service';
import { formatDollars } from '@common/money';
import type { Services } from '@server/services';
import type { PaymentRow } from './payment-records';

interface ReceiptParts {
  siteName: string;
  /** What was bought, as the receipt says it. */
  item: string;
  creatorName: string;
  amount: string;
  date: string;
  card: string;
}

/** The payer's receipt (every successful tip or ticket). */
export function payerReceipt(parts: ReceiptParts): { subject: string; text: string } {
  return {
    subject: `Your receipt from ${parts.siteName}: ${parts.amount} CAD`,
    text: [
      `Thank you for your payment to ${parts.creatorName}.`,
      '',
      `Item: ${parts.item}`,
      `Amount: ${parts.amount} CAD`,
      `Date: ${parts.date}`,
      `Paid with: ${parts.card}`,
      `Paid to: ${parts.creatorName}`,
      '',
      `Keep this mail as your receipt. — ${parts.siteName}`,
    ].join('\n'),
  };
}

/** The creator's notice of a new tip or ticket. */
export function creatorNotice(kind: PaymentRow['kind'], parts: ReceiptParts & { payerName: string }): { subject: string; text: string } {
  const what = kind === 'tip' ? 'New tip' : 'New ticket';
  return {
    subject: `${what}: ${parts.amount} CAD from ${parts.payerName}`,
    text: [`${what} on ${parts.siteName}.`, '', `From: ${parts.payerName}`, `Item: ${parts.item}`, `Amount: ${parts.amount} CAD`, `Date: ${parts.date}`].join('\n'),
  };
}

/**
 * After a tip or ticket payment succeeded: the payer gets a receipt (what, amount, date, the creator's name, the
 * card's last four digits) and the creator a notice unless they turned it off. Mail failures are logged, never undo the payment.
 */
export async function mailPaymentReceipts(services: Services, payment: PaymentRow): Promise<void> {
  if (payment.kind !== 'tip' && payment.kind !== 'paywall') return;
  const { db } = services;
  const person = async (id: string | null) =>
    id ? firstRow(db.select({ email: users.email, displayName: users.displayName, notifyNewPayments: users.notifyNewPayments }).from(users).where(eq(users.id, id))) : undefined;
  const payer = await person(payment.payerId);
  const creator = await person(payment.creatorId);
  const event = payment.eventId ? await firstRow(db.select({ name: events.name }).from(events).where(eq(events.id, payment.eventId))) : undefined;
  const parts: ReceiptParts = {
    siteName: await siteNameOf(services),
    item: payment.kind === 'tip' ? `Tip: ${payment.description}` : `Ticket: ${event?.name ?? payment.description}`,
    creatorName: creator?.displayName ?? 'the creator',
    amount: formatDollars(payment.amountCents),
    date: new Date(payment.updatedAt ?? payment.createdAt).toUTCString(),
    card: payment.cardLast4 ? `card ending in ${payment.cardLast4}` : 'card',
  };
  const mails = [
    payer ? { to: payer.email, ...payerReceipt(parts) } : null,
    creator?.notifyNewPayments ? { to: creator.email, ...creatorNotice(payment.kind, { ...parts, payerName: payer?.displayName ?? 'A viewer' }) } : null,
  ];
  for (const mail of mails) {
    if (!mail) continue;
    try {
      await services.mailer.send(mail);
    } catch (error) {
      services.log.warn({ err: error, paymentId: payment.id }, 'payment receipt not sent');
    }
  }
}
