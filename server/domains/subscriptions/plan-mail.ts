import { eq } from 'drizzle-orm';
import { firstRow } from '@db/store';
import { products } from '@db/schema/billing';
import { users } from '@db/schema/users';
import type { Locale } from '@common/locales';
import { cardValue, mailDay, mailLocale, mailMoney, mailTime } from '@server/domains/payments/payment-receipts';
import { translate } from '@server/i18n/translate';
import { siteNameOf } from '@server/domains/settings/settings.service';
import { publicOrigin } from '@server/lib/public-url';
import type { Services } from '@server/services';
import { listInvoices, type SubscriptionRow } from './subscriptions.service';
import { planMailMessages } from './subscriptions.messages';

/**
 * The creator's mail for each moment of their plan (a creator's subscription to a product): the first payment (also a
 * plan started again), a renewal, a new card, a cancel at the period's end, a resume, a failed renewal and the end.
 */
export type PlanNotice = 'paid' | 'renewed' | 'card_changed' | 'canceled' | 'resumed' | 'payment_failed' | 'ended';

export interface PlanNoticeParts {
  siteName: string;
  origin: string;
  planName: string;
  /** What was charged (a receipt), as the reader's language writes money: "$29.99 CAD". */
  amount: string;
  /** Of it, the one-time setup fee ("" when none). */
  setUpFee: string;
  /** The monthly price: "$29.99 CAD". */
  monthlyPrice: string;
  /** When it happened (UTC, as the reader's language writes it). */
  date: string;
  /** The end of the paid period: the next renewal, or the last day of a plan set to end (UTC day). */
  periodEnd: string;
  cardLast4: string | null;
}

const noticeTemplates: Record<Exclude<PlanNotice, 'paid' | 'renewed'>, { subject: string; body: string }> = {
  card_changed: { subject: planMailMessages.cardChangedSubject, body: planMailMessages.cardChangedBody },
  canceled: { subject: planMailMessages.canceledSubject, body: planMailMessages.canceledBody },
  resumed: { subject: planMailMessages.resumedSubject, body: planMailMessages.resumedBody },
  payment_failed: { subject: planMailMessages.paymentFailedSubject, body: planMailMessages.paymentFailedBody },
  ended: { subject: planMailMessages.endedSubject, body: planMailMessages.endedBody },
};

/** The subject and text of one plan mail in `locale`. Only what happened, money and dates: never a link carrying a secret. */
export function planNoticeText(locale: Locale, kind: PlanNotice, parts: PlanNoticeParts): { subject: string; text: string } {
  const values = { ...parts, cardLast4: cardValue(parts.cardLast4), hasSetUpFee: parts.setUpFee ? 'yes' : 'no' };
  const { subject, body } =
    kind === 'paid' || kind === 'renewed'
      ? { subject: planMailMessages.receiptSubject, body: kind === 'paid' ? planMailMessages.paidBody : planMailMessages.renewedBody }
      : noticeTemplates[kind];
  return { subject: translate(locale, subject, values), text: translate(locale, body, values) };
}

/** A payment that has just paid an invoice of the plan (the receipt's numbers). */
export interface PlanCharge {
  amountCents: number;
  setUpFeeCents: number;
  /** `subscription_create` for a first (or restarted) plan's invoice, a renewal otherwise. */
  billingReason: string | null;
  /** When it was paid (for a failed renewal: when it failed). */
  paidAt: string;
}

/** Sends one plan mail to the plan's creator, in the creator's language; a mail failure is logged (ids only) and never undoes what happened. */
export async function mailPlanNotice(services: Services, row: SubscriptionRow, kind: PlanNotice, charge?: PlanCharge): Promise<void> {
  const { db } = services;
  const creator = await firstRow(db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, row.userId)));
  if (!creator) return;
  const locale = mailLocale(creator);
  const product = await firstRow(db.select({ name: products.name }).from(products).where(eq(products.id, row.productId)));
  const mail = planNoticeText(locale, kind, {
    siteName: await siteNameOf(services),
    origin: publicOrigin(services.config),
    planName: product?.name ?? row.productId,
    amount: mailMoney(locale, charge?.amountCents ?? row.priceCents),
    setUpFee: charge && charge.setUpFeeCents > 0 ? mailMoney(locale, charge.setUpFeeCents) : '',
    monthlyPrice: mailMoney(locale, row.priceCents),
    date: mailTime(locale, charge?.paidAt ?? row.updatedAt),
    periodEnd: mailDay(locale, row.currentPeriodEnd),
    cardLast4: row.cardLast4,
  });
  try {
    await services.mailer.send({ to: creator.email, ...mail });
  } catch (error) {
    services.log.warn({ err: error, subscriptionId: row.id, kind }, 'plan mail not sent');
  }
}

/**
 * The mails a change of a plan's row calls for, after its commit. Each follows a change of our row (or an invoice newly
 * paid) seen inside the transaction that made it, so a replayed webhook or a repeated report, which changes nothing,
 * sends nothing.
 */
export async function mailPlanChanges(services: Services, before: SubscriptionRow, after: SubscriptionRow, paid: PlanCharge | null): Promise<void> {
  if (paid) await mailPlanNotice(services, after, paid.billingReason === 'subscription_create' ? 'paid' : 'renewed', paid);
  if (after.status === 'active' && !before.cancelAtPeriodEnd && after.cancelAtPeriodEnd) await mailPlanNotice(services, after, 'canceled');
  if (after.status === 'active' && before.status === 'active' && before.cancelAtPeriodEnd && !after.cancelAtPeriodEnd) await mailPlanNotice(services, after, 'resumed');
  if (after.status === 'past_due' && before.status === 'active') await mailPlanNotice(services, after, 'payment_failed', await openAmount(services, after));
  if (after.status === 'canceled' && (before.status === 'active' || before.status === 'past_due')) await mailPlanNotice(services, after, 'ended');
}

/** The open invoice a failed renewal left (its amount is what the mail says could not be charged). */
async function openAmount(services: Services, row: SubscriptionRow): Promise<PlanCharge | undefined> {
  const open = (await listInvoices(services.db, row.userId, row.id)).find((invoice) => invoice.status === 'open');
  return open ? { amountCents: open.amountCents, setUpFeeCents: open.setUpFeeCents, billingReason: open.billingReason, paidAt: row.updatedAt } : undefined;
}
