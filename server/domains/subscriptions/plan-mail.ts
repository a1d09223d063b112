import { eq } from 'drizzle-orm';
import { firstRow } from '@db/store';
import { products } from '@db/schema/billing';
import { users } from '@db/schema/users';
import { formatDollars } from '@common/money';
import { siteNameOf } from '@server/domains/settings/settings.service';
import { publicOrigin } from '@server/lib/public-url';
import type { Services } from '@server/services';
import { listInvoices, type SubscriptionRow } from './subscriptions.service';

/**
 * The creator's mail for each moment of their plan (a creator's subscription to a product): the first payment (also a
 * plan started again), a renewal, a new card, a cancel at the period's end, a resume, a failed renewal and the end.
 */
export type PlanNotice = 'paid' | 'renewed' | 'card_changed' | 'canceled' | 'resumed' | 'payment_failed' | 'ended';

export interface PlanNoticeParts {
  siteName: string;
  origin: string;
  planName: string;
  /** What was charged (a receipt), as a reader sees it: "$29.99". */
  amount: string;
  /** Of it, the one-time setup fee ("" when none). */
  setUpFee: string;
  /** The monthly price: "$29.99". */
  monthlyPrice: string;
  /** When it happened (UTC, as a reader sees it). */
  date: string;
  /** The end of the paid period: the next renewal, or the last day of a plan set to end (UTC day). */
  periodEnd: string;
  card: string;
}

/** A UTC day as a reader sees it: "Wed, 02 Dec 2026". */
export const planDay = (iso: string | null | undefined): string => (iso ? new Date(iso).toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, '') : '');

/** A UTC moment as a reader sees it: "Wed, 02 Dec 2026 11:30:00 GMT". */
export const planTime = (iso: string): string => new Date(iso).toUTCString();

/** The subject and text of one plan mail. Only what happened, money and dates: never a link carrying a secret. */
export function planNoticeText(kind: PlanNotice, parts: PlanNoticeParts): { subject: string; text: string } {
  const manage = `You can see your plan, its invoices and its card under Profile → Subscriptions on ${parts.origin}.`;
  const plan = `${parts.planName} plan`;
  switch (kind) {
    case 'paid':
    case 'renewed':
      return {
        subject: `Your receipt from ${parts.siteName}: ${plan}, ${parts.amount} CAD`,
        text: [
          kind === 'paid' ? `Thank you! Your ${plan} is active.` : `Your ${plan} was renewed.`,
          '',
          `Item: ${plan} (monthly)`,
          ...(parts.setUpFee ? [`Setup fee (one time): ${parts.setUpFee} CAD`] : []),
          `Amount: ${parts.amount} CAD`,
          `Date: ${parts.date}`,
          `Paid with: ${parts.card}`,
          `Paid until: ${parts.periodEnd}`,
          `Next renewal: ${parts.periodEnd} (${parts.monthlyPrice} CAD)`,
          '',
          manage,
          `Keep this mail as your receipt. — ${parts.siteName}`,
        ].join('\n'),
      };
    case 'card_changed':
      return {
        subject: `The card for your ${plan} was changed`,
        text: [
          `Your ${plan} is now charged to ${parts.card}.`,
          '',
          `Plan: ${plan} (${parts.monthlyPrice} CAD a month)`,
          `Date: ${parts.date}`,
          `Next renewal: ${parts.periodEnd} (${parts.monthlyPrice} CAD)`,
          '',
          `If you did not change it, change your password and the card at once. ${manage}`,
          `— ${parts.siteName}`,
        ].join('\n'),
      };
    case 'canceled':
      return {
        subject: `Your ${plan} is canceled and ends on ${parts.periodEnd}`,
        text: [
          `You canceled your ${plan}. It stays active until ${parts.periodEnd} and will not be charged again.`,
          '',
          `Plan: ${plan} (${parts.monthlyPrice} CAD a month)`,
          `Date: ${parts.date}`,
          `Ends on: ${parts.periodEnd}`,
          '',
          `Changed your mind? Resume it before ${parts.periodEnd} under Profile → Subscriptions on ${parts.origin}.`,
          `— ${parts.siteName}`,
        ].join('\n'),
      };
    case 'resumed':
      return {
        subject: `Your ${plan} will renew again`,
        text: [
          `You resumed your ${plan}: it no longer ends and renews every month.`,
          '',
          `Plan: ${plan} (${parts.monthlyPrice} CAD a month)`,
          `Date: ${parts.date}`,
          `Next renewal: ${parts.periodEnd} (${parts.monthlyPrice} CAD, charged to ${parts.card})`,
          '',
          manage,
          `— ${parts.siteName}`,
        ].join('\n'),
      };
    case 'payment_failed':
      return {
        subject: `Your ${plan} payment failed`,
        text: [
          `We could not charge ${parts.card} for the renewal of your ${plan} (${parts.amount} CAD).`,
          '',
          `Plan: ${plan} (${parts.monthlyPrice} CAD a month)`,
          `Date: ${parts.date}`,
          '',
          `The invoice stays open until it is paid. To pay it, or to pay with another card, open Profile → Subscriptions on ${parts.origin}.`,
          `— ${parts.siteName}`,
        ].join('\n'),
      };
    case 'ended':
      return {
        subject: `Your ${plan} has ended`,
        text: [
          `Your ${plan} has ended; it will not be charged again and its features are off.`,
          '',
          `Plan: ${plan} (${parts.monthlyPrice} CAD a month)`,
          `Date: ${parts.date}`,
          '',
          `You can start it again at any time under Profile → Subscriptions on ${parts.origin}.`,
          `— ${parts.siteName}`,
        ].join('\n'),
      };
  }
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

/** Sends one plan mail to the plan's creator; a mail failure is logged (ids only) and never undoes what happened. */
export async function mailPlanNotice(services: Services, row: SubscriptionRow, kind: PlanNotice, charge?: PlanCharge): Promise<void> {
  const { db } = services;
  const creator = await firstRow(db.select({ email: users.email }).from(users).where(eq(users.id, row.userId)));
  if (!creator) return;
  const product = await firstRow(db.select({ name: products.name }).from(products).where(eq(products.id, row.productId)));
  const mail = planNoticeText(kind, {
    siteName: await siteNameOf(services),
    origin: publicOrigin(services.config),
    planName: product?.name ?? row.productId,
    amount: formatDollars(charge?.amountCents ?? row.priceCents),
    setUpFee: charge && charge.setUpFeeCents > 0 ? formatDollars(charge.setUpFeeCents) : '',
    monthlyPrice: formatDollars(row.priceCents),
    date: planTime(charge?.paidAt ?? row.updatedAt),
    periodEnd: planDay(row.currentPeriodEnd),
    card: row.cardLast4 ? `your card ending in ${row.cardLast4}` : 'your card',
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
