import type { MyMembershipOutput, PublicTierOutput } from '@server/domains/memberships/memberships.schemas';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { activeIntlLocale, formatDate, formatMoney } from '@web/lib/i18n/format';
import { i18n } from '@web/lib/i18n/i18n';

/** A day as the viewer reads it ("Mar 3, 2026"), in their own time zone and language. */
export function formatDay(iso: string): string {
  return formatDate(iso, { dateStyle: 'medium' });
}

/** Cents as money in the reader's language ("$5.00" in English). */
export function formatPrice(cents: number): string {
  return formatMoney(cents);
}

/** "$5.00 / month" */
export function monthlyPriceText(cents: number): string {
  const price = formatPrice(cents);
  return i18n._(msg`${price} / month`);
}

/** Names as a list in the reader's language ("A, B, C" in English, "A, B und C" in German). */
function listOf(names: string[]): string {
  return new Intl.ListFormat(activeIntlLocale(), { type: 'unit', style: 'short' }).format(names);
}

/** Whether a member of the tier watches this premium event without paying for it. */
export function tierIncludesEvent(tier: PublicTierOutput, eventId: string): boolean {
  return tier.includesAllPremiumEvents || tier.premiumEvents.some((event) => event.id === eventId);
}

/** The cheapest of the tiers that include the event (the paywall offers it), or null. */
export function cheapestTierIncluding(tiers: PublicTierOutput[], eventId: string): PublicTierOutput | null {
  return tiers.filter((tier) => tierIncludesEvent(tier, eventId)).reduce<PublicTierOutput | null>((best, tier) => (!best || tier.priceCents < best.priceCents ? tier : best), null);
}

/** What a tier opens, one line a perk. */
export function tierPerks(tier: PublicTierOutput): string[] {
  const perks: string[] = [];
  if (tier.includesAllPremiumEvents) perks.push(i18n._(msg`Every premium event, without paying for each`));
  else if (tier.premiumEvents.length > 0) {
    const events = listOf(tier.premiumEvents.map((event) => event.name));
    perks.push(i18n._(msg`Premium events included: ${events}`));
  }
  if (tier.includesReplays) perks.push(i18n._(msg`Replays of past live events`));
  if (tier.podcastTitles.length > 0) {
    const titles = listOf(tier.podcastTitles.map((title) => title.name));
    perks.push(i18n._(msg`A private podcast feed: ${titles}`));
  }
  if (tier.chatBadge) perks.push(i18n._(msg`A member badge next to your name in the chat`));
  return perks;
}

export type MembershipState = 'renewing' | 'ending' | 'past_due' | 'lapsed' | 'ended';

/** How a membership stands for its member, from what `memberships.mine` answers. */
export function membershipState(membership: Pick<MyMembershipOutput, 'status' | 'cancelAtPeriodEnd' | 'hasAccess'>): MembershipState {
  switch (membership.status) {
    case 'active':
      if (!membership.cancelAtPeriodEnd) return 'renewing';
      return membership.hasAccess ? 'ending' : 'ended';
    case 'past_due':
      return 'past_due';
    case 'canceled':
      return membership.hasAccess ? 'ending' : 'ended';
    case 'ended':
      return 'ended';
    default:
      return 'lapsed';
  }
}

/** Rendered with `i18n._`. */
export const membershipStateLabels: Record<MembershipState, MessageDescriptor> = {
  renewing: msg`Active`,
  ending: msg`Ending`,
  past_due: msg`Payment due`,
  lapsed: msg`Lapsed`,
  ended: msg`Ended`,
};

/** The viewer's membership of a creator that still counts (open now, or in the grace of a failed renewal), whichever tier. */
export function creatorMembershipOf(memberships: MyMembershipOutput[] | undefined, creatorId: string): MyMembershipOutput | null {
  return memberships?.find((membership) => membership.creatorId === creatorId && (membership.hasAccess || membership.status === 'past_due')) ?? null;
}

/** The viewer's membership of a tier that still counts (open now, or in the grace of a failed renewal), if any. */
export function currentMembershipOf(memberships: MyMembershipOutput[] | undefined, tierId: string): MyMembershipOutput | null {
  return memberships?.find((membership) => membership.tierId === tierId && (membership.hasAccess || membership.status === 'past_due')) ?? null;
}
