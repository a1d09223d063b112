/** The fan-memberships domain's enumerations, free of Drizzle so the web app can import them. */
export const membershipStatuses = ['incomplete', 'active', 'past_due', 'lapsed', 'canceled'] as const;
export type MembershipStatus = (typeof membershipStatuses)[number];

export const membershipChargeReasons = ['membership_create', 'membership_cycle'] as const;
export type MembershipChargeReason = (typeof membershipChargeReasons)[number];

export const pushAudiences = ['all', 'members'] as const;
export type PushAudience = (typeof pushAudiences)[number];

/** Lowest monthly price of a tier, in cents ($1). */
export const minimumTierPriceCents = 100;
/** Days a membership stays usable after a failed renewal before it lapses. */
export const membershipGraceDays = 3;
