import type { MyMembershipOutput, PublicTierOutput } from '@server/domains/memberships/memberships.schemas';
import { formatDollars } from '@common/money';

/** A day as the viewer reads it ("Mar 3, 2026"), in their own time zone. */
export function formatDay(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
}

/** "$5.00 / month" */
export function monthlyPriceText(cents: number): string {
  return `${formatDollars(cents)} / month`;
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
  if (tier.includesAllPremiumEvents) perks.push('Every premium event, without paying for each');
  else if (tier.premiumEvents.length > 0) perks.push(`Premium events included: ${tier.premiumEvents.map((event) => event.name).join(', ')}`);
  if (tier.includesReplays) perks.push('Replays of past live events');
  if (tier.podcastTitles.length > 0) perks.push(`A private podcast feed: ${tier.podcastTitles.map((title) => title.name).join(', ')}`);
  if (tier.chatBadge) perks.push('A member badge next to your name in the chat');
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

export const membershipStateLabels: Record<MembershipState, string> = {
  renewing: 'Active',
  ending: 'Ending',
  past_due: 'Payment due',
  lapsed: 'Lapsed',
  ended: 'Ended',
};

/** The viewer's membership of a creator that still counts (open now, or in the grace of a failed renewal), whichever tier. */
export function creatorMembershipOf(memberships: MyMembershipOutput[] | undefined, creatorId: string): MyMembershipOutput | null {
  return memberships?.find((membership) => membership.creatorId === creatorId && (membership.hasAccess || membership.status === 'past_due')) ?? null;
}

/** The viewer's membership of a tier that still counts (open now, or in the grace of a failed renewal), if any. */
export function currentMembershipOf(memberships: MyMembershipOutput[] | undefined, tierId: string): MyMembershipOutput | null {
  return memberships?.find((membership) => membership.tierId === tierId && (membership.hasAccess || membership.status === 'past_due')) ?? null;
}
