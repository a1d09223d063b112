import { eq } from 'drizzle-orm';
import { membershipTiers, type memberships, type membershipCharges } from '@db/schema/memberships';
import { users } from '@db/schema/users';
import { firstRow } from '@db/store';
import { formatDollars } from '@common/money';
import { siteNameOf } from '@server/domains/settings/settings.service';
import { publicOrigin } from '@server/lib/public-url';
import type { Services } from '@server/services';

export type MembershipNotice = 'welcome' | 'renewed' | 'paid_after_lapse' | 'renewal_failed' | 'lapsed';

interface NoticeParts {
  siteName: string;
  origin: string;
  tierName: string;
  creatorName: string;
  amount: string;
  /** UTC dates as a reader sees them. */
  periodEnd: string;
  graceEnd: string;
  card: string;
}

const day = (iso: string | null | undefined) => (iso ? new Date(iso).toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, '') : '');

/** The member's mail for each moment of a membership (receipts, a failed renewal, the end). */
export function membershipNoticeText(kind: MembershipNotice, parts: NoticeParts): { subject: string; text: string } {
  const manage = `You can see and cancel your memberships under "My memberships" on ${parts.origin}.`;
  switch (kind) {
    case 'welcome':
    case 'renewed':
      return {
        subject: `Your receipt from ${parts.siteName}: ${parts.tierName} membership, ${parts.amount} CAD`,
        text: [
          kind === 'welcome' ? `Welcome! You are now a member of ${parts.creatorName}'s ${parts.tierName} tier.` : `Your ${parts.tierName} membership of ${parts.creatorName} was renewed.`,
          '',
          `Item: ${parts.tierName} membership (monthly)`,
          `Amount: ${parts.amount} CAD`,
          `Paid with: ${parts.card}`,
          `Paid until: ${parts.periodEnd}`,
          '',
          manage,
          `Keep this mail as your receipt. — ${parts.siteName}`,
        ].join('\n'),
      };
    case 'paid_after_lapse':
      return {
        subject: `Your ${parts.tierName} membership is open again until ${parts.periodEnd}`,
        text: [
          `Your payment for the ${parts.tierName} membership of ${parts.creatorName} arrived after the membership had ended, so it is open again for the month you paid.`,
          '',
          `Item: ${parts.tierName} membership (one month)`,
          `Amount: ${parts.amount} CAD`,
          `Paid with: ${parts.card}`,
          `Paid until: ${parts.periodEnd}`,
          '',
          `It will not renew by itself. To stay a member after ${parts.periodEnd}, become a member again from ${parts.creatorName}'s page on ${parts.origin}.`,
          `Keep this mail as your receipt. — ${parts.siteName}`,
        ].join('\n'),
      };
    case 'renewal_failed':
      return {
        subject: `Your ${parts.tierName} membership payment failed`,
        text: [
          `We could not charge ${parts.card} for your ${parts.tierName} membership of ${parts.creatorName} (${parts.amount} CAD a month).`,
          '',
          `We will try the card again each day. Your membership stays open until ${parts.graceEnd}; if the payment has not gone through by then, it ends.`,
          `To pay with another card, open "My memberships" on ${parts.origin} and choose the membership.`,
          '',
          `— ${parts.siteName}`,
        ].join('\n'),
      };
    case 'lapsed':
      return {
        subject: `Your ${parts.tierName} membership has ended`,
        text: [
          `Your ${parts.tierName} membership of ${parts.creatorName} ended because its monthly payment could not be collected.`,
          '',
          `You can become a member again at any time from ${parts.creatorName}'s page on ${parts.origin}.`,
          '',
          `— ${parts.siteName}`,
        ].join('\n'),
      };
  }
}

/** Sends the member's mail; a mail failure is logged and never undoes what happened. */
export async function mailMembershipNotice(
  services: Services,
  membership: typeof memberships.$inferSelect,
  kind: MembershipNotice,
  charge?: typeof membershipCharges.$inferSelect,
): Promise<void> {
  const { db } = services;
  const member = await firstRow(db.select({ email: users.email }).from(users).where(eq(users.id, membership.memberId)));
  if (!member) return;
  const creator = await firstRow(db.select({ displayName: users.displayName }).from(users).where(eq(users.id, membership.creatorId)));
  const tier = await firstRow(db.select({ name: membershipTiers.name }).from(membershipTiers).where(eq(membershipTiers.id, membership.tierId)));
  const mail = membershipNoticeText(kind, {
    siteName: await siteNameOf(services),
    origin: publicOrigin(services.config),
    tierName: tier?.name ?? 'membership',
    creatorName: creator?.displayName ?? 'the creator',
    amount: formatDollars(charge?.amountCents ?? membership.priceCents),
    periodEnd: day(charge?.periodEnd ?? membership.currentPeriodEnd),
    graceEnd: membership.graceEndsAt ? new Date(membership.graceEndsAt).toUTCString() : '',
    card: membership.cardLast4 ? `your card ending in ${membership.cardLast4}` : 'your card',
  });
  try {
    await services.mailer.send({ to: member.email, ...mail });
  } catch (error) {
    services.log.warn({ err: error, membershipId: membership.id, kind }, 'membership mail not sent');
  }
}

/** The creator's notice of a new member (like the notice of a new tip or ticket, and under the same preference). */
export function newMemberNoticeText(parts: { siteName: string; origin: string; memberName: string; tierName: string; amount: string; date: string }): { subject: string; text: string } {
  return {
    subject: `New member: ${parts.memberName} joined ${parts.tierName} (${parts.amount} CAD a month)`,
    text: [
      `New member on ${parts.siteName}.`,
      '',
      `Member: ${parts.memberName}`,
      `Tier: ${parts.tierName}`,
      `Amount: ${parts.amount} CAD a month`,
      `Date: ${parts.date}`,
      '',
      `Your members are listed in the Members app: ${parts.origin}/apps/members`,
    ].join('\n'),
  };
}

/** Mails the creator about a new member unless they turned payment notices off; a mail failure is only logged. */
export async function mailCreatorNewMember(services: Services, membership: typeof memberships.$inferSelect, charge: typeof membershipCharges.$inferSelect): Promise<void> {
  const { db } = services;
  const creator = await firstRow(db.select({ email: users.email, notifyNewPayments: users.notifyNewPayments }).from(users).where(eq(users.id, membership.creatorId)));
  if (!creator?.notifyNewPayments) return;
  const member = await firstRow(db.select({ displayName: users.displayName }).from(users).where(eq(users.id, membership.memberId)));
  const tier = await firstRow(db.select({ name: membershipTiers.name }).from(membershipTiers).where(eq(membershipTiers.id, membership.tierId)));
  const mail = newMemberNoticeText({
    siteName: await siteNameOf(services),
    origin: publicOrigin(services.config),
    memberName: member?.displayName ?? 'A viewer',
    tierName: tier?.name ?? 'membership',
    amount: formatDollars(charge.amountCents),
    date: new Date(charge.paidAt ?? charge.periodStart).toUTCString(),
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
  /** What was charged now (an upgrade's prorated difference), "0.00" when nothing. */
  charged: string;
  chargedCents: number;
  /** The monthly price from the next renewal on. */
  monthly: string;
  /** The day the change applies (a downgrade) or the next renewal (an upgrade). */
  from: string;
  date: string;
  card: string;
}

/** The member's mail for a tier change: the upgrade's receipt, or the scheduled downgrade (and its undoing). */
export function tierChangeNoticeText(kind: TierChangeNotice, parts: TierChangeParts): { subject: string; text: string } {
  const manage = `You can see and change your memberships under "My memberships" on ${parts.origin}.`;
  switch (kind) {
    case 'upgraded':
      return {
        subject:
          parts.chargedCents > 0
            ? `Your receipt from ${parts.siteName}: upgrade to ${parts.toTier}, ${parts.charged} CAD`
            : `Your membership of ${parts.creatorName} is now ${parts.toTier}`,
        text: [
          `Your membership of ${parts.creatorName} moved from ${parts.fromTier} to ${parts.toTier}. Its perks are open now.`,
          '',
          `Item: Upgrade from ${parts.fromTier} to ${parts.toTier} (the rest of the month you paid for)`,
          `Amount: ${parts.charged} CAD`,
          ...(parts.chargedCents > 0 ? [`Paid with: ${parts.card}`] : ['Nothing was charged: the difference for the rest of the month is below $0.50.']),
          `Date: ${parts.date}`,
          `From ${parts.from}: ${parts.monthly} CAD a month`,
          '',
          manage,
          ...(parts.chargedCents > 0 ? [`Keep this mail as your receipt. — ${parts.siteName}`] : [`— ${parts.siteName}`]),
        ].join('\n'),
      };
    case 'downgrade_scheduled':
      return {
        subject: `Your ${parts.fromTier} membership changes to ${parts.toTier} on ${parts.from}`,
        text: [
          `Your membership of ${parts.creatorName} moves from ${parts.fromTier} to ${parts.toTier} at the end of the month you paid for.`,
          '',
          `You keep ${parts.fromTier} and its perks until ${parts.from}. From then you pay ${parts.monthly} CAD a month. Nothing is charged now.`,
          '',
          manage,
          `— ${parts.siteName}`,
        ].join('\n'),
      };
    case 'downgrade_canceled':
      return {
        subject: `Your ${parts.toTier} membership stays as it is`,
        text: [
          `The change of your membership of ${parts.creatorName} is undone: you stay on ${parts.toTier} at ${parts.monthly} CAD a month.`,
          '',
          manage,
          `— ${parts.siteName}`,
        ].join('\n'),
      };
  }
}

/** Mails the member about a tier change (the upgrade's receipt); a mail failure is logged and never undoes the change. */
export async function mailTierChange(
  services: Services,
  membership: typeof memberships.$inferSelect,
  kind: TierChangeNotice,
  change: { fromTierName: string; toTierName: string; chargedCents: number; monthlyCents: number; from: string | null; cardLast4: string | null },
): Promise<void> {
  const { db } = services;
  const member = await firstRow(db.select({ email: users.email }).from(users).where(eq(users.id, membership.memberId)));
  if (!member) return;
  const creator = await firstRow(db.select({ displayName: users.displayName }).from(users).where(eq(users.id, membership.creatorId)));
  const mail = tierChangeNoticeText(kind, {
    siteName: await siteNameOf(services),
    origin: publicOrigin(services.config),
    creatorName: creator?.displayName ?? 'the creator',
    fromTier: change.fromTierName,
    toTier: change.toTierName,
    charged: formatDollars(change.chargedCents),
    chargedCents: change.chargedCents,
    monthly: formatDollars(change.monthlyCents),
    from: day(change.from),
    date: new Date().toUTCString(),
    card: change.cardLast4 ? `your card ending in ${change.cardLast4}` : 'your card',
  });
  try {
    await services.mailer.send({ to: member.email, ...mail });
  } catch (error) {
    services.log.warn({ err: error, membershipId: membership.id, kind }, 'membership tier change mail not sent');
  }
}
