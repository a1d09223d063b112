/** The fan-memberships domain's enumerations, free of Drizzle so the web app can import them. */
/** `lapsed` and `ended` are final: neither holds a place, so the member may join the creator again. */
export const membershipStatuses = ['incomplete', 'active', 'past_due', 'lapsed', 'canceled', 'ended'] as const;
/** The statuses the database allows once per member and creator (the `memberships_one_per_creator_idx` index). */
export const membershipPlaceStatuses = ['incomplete', 'active', 'past_due', 'canceled'] as const satisfies readonly MembershipStatus[];
export type MembershipStatus = (typeof membershipStatuses)[number];

export const membershipChargeReasons = ['membership_create', 'membership_cycle', 'membership_upgrade'] as const;
export type MembershipChargeReason = (typeof membershipChargeReasons)[number];

export const pushAudiences = ['all', 'members'] as const;
export type PushAudience = (typeof pushAudiences)[number];

/** Lowest monthly price of a tier, in cents ($1). */
export const minimumTierPriceCents = 100;
/** Days a membership stays usable after a failed renewal before it lapses. */
export const membershipGraceDays = 3;

/**
 * Whether a membership opens its tier's perks at `now`: while active or in the grace of a failed renewal
 * (past_due), and a canceled one (or one set to end, before the billing clock has ended it) until the end of the
 * month it paid for. Lapsed or never paid: nothing.
 */
export function membershipGrantsAccess(
  membership: { status: MembershipStatus; currentPeriodEnd: string | null; graceEndsAt?: string | null; cancelAtPeriodEnd?: boolean },
  now: Date = new Date(),
): boolean {
  switch (membership.status) {
    case 'active':
      return !membership.cancelAtPeriodEnd || !membership.currentPeriodEnd || Date.parse(membership.currentPeriodEnd) > now.getTime();
    case 'past_due':
      return !membership.graceEndsAt || Date.parse(membership.graceEndsAt) > now.getTime();
    case 'canceled':
      return !!membership.currentPeriodEnd && Date.parse(membership.currentPeriodEnd) > now.getTime();
    default:
      return false;
  }
}
