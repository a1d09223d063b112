import { eq } from 'drizzle-orm';
import { events } from '@db/schema/events';
import { firstRow } from '@db/store';
import { users } from '@db/schema/users';
import { siteNameOf } from '@server/domains/settings/settings.service';
import { formatDollars } from '@common/money';
import { sourceLocale, type Locale } from '@common/locales';
import { translate } from '@server/i18n/translate';
import { requestLocale } from '@server/i18n/request-locale';
import type { Services } from '@server/services';
import type { PaymentRow } from './payment-records';
import { paymentMailMessages } from './payments.messages';

// How the payment mails (receipts here, membership and plan mails too) write money, dates and cards in the recipient's
// language. English keeps the texts the mails have always had: "$19.99 CAD", "Wed, 02 Dec 2026 11:30:00 GMT".

/**
 * Cents as money in `locale`, naming the currency: "$19.99 CAD" in English, "19,99 CA$" in German. `code: false` leaves
 * the English " CAD" off ("below $0.50"); other languages always name it through their own currency symbol.
 */
export function mailMoney(locale: Locale, cents: number, options: { code?: boolean } = {}): string {
  if (locale === sourceLocale) return options.code === false ? formatDollars(cents) : `${formatDollars(cents)} CAD`;
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'CAD' }).format(cents / 100);
}

/** A UTC day: "Wed, 02 Dec 2026" in English, "Mi., 2. Dez. 2026" in German; "" for none. */
export function mailDay(locale: Locale, iso: string | null | undefined): string {
  if (!iso) return '';
  if (locale === sourceLocale) return new Date(iso).toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, '');
  return new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));
}

/** A UTC moment: "Wed, 02 Dec 2026 11:30:00 GMT" in English, "Mi., 2. Dez. 2026, 11:30:00 UTC" in German. */
export function mailTime(locale: Locale, iso: string | Date): string {
  const date = new Date(iso);
  if (locale === sourceLocale) return date.toUTCString();
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(date);
}

/** The language an account's mails are written in: its stored choice, else English (never the sender's request's). */
export function mailLocale(account: { locale: string | null } | undefined): Locale {
  return requestLocale(account?.locale, undefined);
}

/** A card's last four digits as the mail templates take them (`none` when the provider named no card). */
export const cardValue = (last4: string | null | undefined): string => last4 || 'none';

export interface ReceiptParts {
  siteName: string;
  /** What was bought, as the receipt says it. */
  item: string;
  creatorName: string;
  amount: string;
  date: string;
  cardLast4: string | null;
}

/** The payer's receipt (every successful tip or ticket). */
export function payerReceipt(locale: Locale, parts: ReceiptParts): { subject: string; text: string } {
  const values = { ...parts, cardLast4: cardValue(parts.cardLast4) };
  return {
    subject: translate(locale, paymentMailMessages.payerReceiptSubject, values),
    text: translate(locale, paymentMailMessages.payerReceiptBody, values),
  };
}

/** The creator's notice of a new tip or ticket. */
export function creatorNotice(locale: Locale, kind: PaymentRow['kind'], parts: ReceiptParts & { payerName: string }): { subject: string; text: string } {
  const values = { ...parts, cardLast4: cardValue(parts.cardLast4) };
  const tip = kind === 'tip';
  return {
    subject: translate(locale, tip ? paymentMailMessages.newTipSubject : paymentMailMessages.newTicketSubject, values),
    text: translate(locale, tip ? paymentMailMessages.newTipBody : paymentMailMessages.newTicketBody, values),
  };
}

/**
 * After a tip or ticket payment succeeded: the payer gets a receipt (what, amount, date, the creator's name, the
 * card's last four digits) and the creator a notice unless they turned it off, each in their own account's language.
 * Mail failures are logged, never undo the payment.
 */
export async function mailPaymentReceipts(services: Services, payment: PaymentRow): Promise<void> {
  if (payment.kind !== 'tip' && payment.kind !== 'paywall') return;
  const { db } = services;
  const person = async (id: string | null) =>
    id
      ? firstRow(
          db
            .select({ email: users.email, displayName: users.displayName, notifyNewPayments: users.notifyNewPayments, locale: users.locale })
            .from(users)
            .where(eq(users.id, id)),
        )
      : undefined;
  const payer = await person(payment.payerId);
  const creator = await person(payment.creatorId);
  const event = payment.eventId ? await firstRow(db.select({ name: events.name }).from(events).where(eq(events.id, payment.eventId))) : undefined;
  const siteName = await siteNameOf(services);
  const partsIn = (locale: Locale): ReceiptParts => ({
    siteName,
    item:
      payment.kind === 'tip'
        ? translate(locale, paymentMailMessages.tipItem, { description: payment.description })
        : translate(locale, paymentMailMessages.ticketItem, { eventName: event?.name ?? payment.description }),
    creatorName: creator?.displayName ?? translate(locale, paymentMailMessages.someCreator, {}),
    amount: mailMoney(locale, payment.amountCents),
    date: mailTime(locale, payment.updatedAt ?? payment.createdAt),
    cardLast4: payment.cardLast4,
  });
  const payerLocale = mailLocale(payer);
  const creatorLocale = mailLocale(creator);
  const mails = [
    payer ? { to: payer.email, ...payerReceipt(payerLocale, partsIn(payerLocale)) } : null,
    creator?.notifyNewPayments
      ? {
          to: creator.email,
          ...creatorNotice(creatorLocale, payment.kind, { ...partsIn(creatorLocale), payerName: payer?.displayName ?? translate(creatorLocale, paymentMailMessages.someViewer, {}) }),
        }
      : null,
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
