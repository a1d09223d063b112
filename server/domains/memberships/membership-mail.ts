import { eq } from 'drizzle-orm';
import { membershipTiers, type memberships, type membershipCharges } from '@db/schema/memberships';
import { users } from '@db/schema/users';
import { firstRow } from '@db/store';
import type { Locale } from '@common/locales';
import { siteNameOf } from '@server/domains/settings/settings.service';
import { cardValue, mailDay, mailLocale, mailMoney, mailTime } from '@server/domains/payments/payment-receipts';
import { translate } from '@server/i18n/translate';
import { publicOrigin } from '@server/lib/public-url';
import type { Services } from '@server/services';
import { membershipMailMessages as messages } from './memberships.messages';

export type MembershipNotice = 'welcome' | 'renewed' | 'paid_after_lapse' | 'renewal_failed' | 'lapsed';

interface NoticeParts {
  siteName: string;
  origin: string;
  tierName: string;
  creatorName: string;
  /** Money and dates as the recipient's language writes them (mail-format helpers of payment-receipts.ts). */
  amount: string;
  periodEnd: string;
  graceEnd: string;
  cardLast4: string | null;
}

type Mail = { subject: string; text: string };

function mailOf(locale: Locale, subject: string, body: string, values: Record<string, string>): Mail {
  return { subject: translate(locale, subject, values), text: translate(locale, body, values) };
}

/** The member's mail for each moment of a membership (receipts, a failed renewal, the end), in `locale`. */
export function membershipNoticeText(locale: Locale, kind: MembershipNotice, parts: NoticeParts): Mail {
  const values = { ...parts, cardLast4: cardValue(parts.cardLast4) };
  switch (kind) {
    case 'welcome':
      return mailOf(locale, messages.receiptSubject, messages.welcomeBody, values);
    case 'renewed':
      return mailOf(locale, messages.receiptSubject, messages.renewedBody, values);
    case 'paid_after_lapse':
      return mailOf(locale, messages.paidAfterLapseSubject, messages.paidAfterLapseBody, values);
    case 'renewal_failed':
      return mailOf(locale, messages.renewalFailedSubject, messages.renewalFailedBody, values);
    case 'lapsed':
      return mailOf(locale, messages.lapsedSubject, messages.lapsedBody, values);
  }
}

/** Sends the member's mail in the member's language; a mail failure is logged and never undoes what happened. */
export async function mailMembershipNotice(
  services: Services,
  membership: typeof memberships.$inferSelect,
  kind: MembershipNotice,
  charge?: typeof membershipCharges.$inferSelect,
): Promise<void> {
  const { db } = services;
  const member = await firstRow(db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, membership.memberId)));
  if (!member) return;
  const locale = mailLocale(member);
  const creator = await firstRow(db.select({ displayName: users.displayName }).from(users).where(eq(users.id, membership.creatorId)));
  const tier = await firstRow(db.select({ name: membershipTiers.name }).from(membershipTiers).where(eq(membershipTiers.id, membership.tierId)));
  const mail = membershipNoticeText(locale, kind, {
    siteName: await siteNameOf(services),
    origin: publicOrigin(services.config),
    tierName: tier?.name ?? translate(locale, messages.someTier, {}),
    creatorName: creator?.displayName ?? translate(locale, messages.someCreator, {}),
    amount: mailMoney(locale, charge?.amountCents ?? membership.priceCents),
    periodEnd: mailDay(locale, charge?.periodEnd ?? membership.currentPeriodEnd),
    graceEnd: membership.graceEndsAt ? mailTime(locale, membership.graceEndsAt) : '',
    cardLast4: membership.cardLast4,
  });
  try {
    await services.mailer.send({ to: member.email, ...mail });
  } catch (error) {
    services.log.warn({ err: error, membershipId: membership.id, kind }, 'membership mail not sent');
  }
}

/** The creator's notice of a new member (like the notice of a new tip or ticket, and under the same preference), in `locale`. */
export function newMemberNoticeText(
  locale: Locale,
  parts: { siteName: string; origin: string; memberName: string; tierName: string; amount: string; date: string },
): Mail {
  return mailOf(locale, messages.newMemberSubject, messages.newMemberBody, parts);
}

/** Mails the creator about a new member, in the creator's language, unless they turned payment notices off; a mail failure is only logged. */
export async function mailCreatorNewMember(services: Services, membership: typeof memberships.$inferSelect, charge: typeof membershipCharges.$inferSelect): Promise<void> {
  const { db } = services;
  const creator = await firstRow(
    db.select({ email: users.email, notifyNewPayments: users.notifyNewPayments, locale: users.locale }).from(users).where(eq(users.id, membership.creatorId)),
  );
  if (!creator?.notifyNewPayments) return;
  const locale = mailLocale(creator);
  const member = await firstRow(db.select({ displayName: users.displayName }).from(users).where(eq(users.id, membership.memberId)));
  const tier = await firstRow(db.select({ name: membershipTiers.name }).from(membershipTiers).where(eq(membershipTiers.id, membership.tierId)));
  const mail = newMemberNoticeText(locale, {
    siteName: await siteNameOf(services),
    origin: publicOrigin(services.config),
    memberName: member?.displayName ?? translate(locale, messages.someViewer, {}),
    tierName: tier?.name ?? translate(locale, messages.someTier, {}),
    amount: mailMoney(locale, charge.amountCents),
    date: mailTime(locale, charge.paidAt ?? charge.periodStart),
  });
  try {
    await services.mailer.send({ to: creator.email, ...mail });
  } catch (error) {
    services.log.warn({ err: error, membershipId: membership.id }, 'new member notice not sent');
  }
}

export type TierChangeNotice = 'upgraded' | 'downgrade_scheduled' | 'downgrade_canceled';

interface TierChangeParts {
  siteName: string;
  origin: string;
  creatorName: string;
  fromTier: string;
  toTier: string;
  /** What was charged now (an upgrade's prorated difference), zero when nothing. */
  charged: string;
  chargedCents: number;
  /** The smallest difference an upgrade charges (below it, nothing is charged). */
  minimum: string;
  /** The monthly price from the next renewal on. */
  monthly: string;
  /** The day the change applies (a downgrade) or the next renewal (an upgrade). */
  from: string;
  date: string;
  cardLast4: string | null;
}

/** The member's mail for a tier change, in `locale`: the upgrade's receipt, or the scheduled downgrade (and its undoing). */
export function tierChangeNoticeText(locale: Locale, kind: TierChangeNotice, parts: TierChangeParts): Mail {
  const { chargedCents, ...rest } = parts;
  const values = { ...rest, cardLast4: cardValue(parts.cardLast4) };
  switch (kind) {
    case 'upgraded':
      return chargedCents > 0
        ? mailOf(locale, messages.upgradeReceiptSubject, messages.upgradeReceiptBody, values)
        : mailOf(locale, messages.upgradeFreeSubject, messages.upgradeFreeBody, values);
    case 'downgrade_scheduled':
      return mailOf(locale, messages.downgradeScheduledSubject, messages.downgradeScheduledBody, values);
    case 'downgrade_canceled':
      return mailOf(locale, messages.downgradeCanceledSubject, messages.downgradeCanceledBody, values);
  }
}

/** Mails the member about a tier change (the upgrade's receipt) in the member's language; a mail failure is logged and never undoes the change. */
export async function mailTierChange(
  services: Services,
  membership: typeof memberships.$inferSelect,
  kind: TierChangeNotice,
  change: {
    fromTierName: string;
    toTierName: string;
    chargedCents: number;
    /** An upgrade's smallest charge (its mail says why nothing was charged below it). */
    minimumChargeCents?: number;
    monthlyCents: number;
    from: string | null;
    cardLast4: string | null;
  },
): Promise<void> {
  const { db } = services;
  const member = await firstRow(db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, membership.memberId)));
  if (!member) return;
  const locale = mailLocale(member);
  const creator = await firstRow(db.select({ displayName: users.displayName }).from(users).where(eq(users.id, membership.creatorId)));
  const mail = tierChangeNoticeText(locale, kind, {
    siteName: await siteNameOf(services),
    origin: publicOrigin(services.config),
    creatorName: creator?.displayName ?? translate(locale, messages.someCreator, {}),
    fromTier: change.fromTierName,
    toTier: change.toTierName,
    charged: mailMoney(locale, change.chargedCents),
    chargedCents: change.chargedCents,
    minimum: mailMoney(locale, change.minimumChargeCents ?? 0, { code: false }),
    monthly: mailMoney(locale, change.monthlyCents),
    from: mailDay(locale, change.from),
    date: mailTime(locale, new Date()),
    cardLast4: change.cardLast4,
  });
  try {
    await services.mailer.send({ to: member.email, ...mail });
  } catch (error) {
    services.log.warn({ err: error, membershipId: membership.id, kind }, 'membership tier change mail not sent');
  }
}
