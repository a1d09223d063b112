import { z } from 'zod';
import { hasWholeCents, toDollars } from '@common/money';
import { membershipStatuses, minimumTierPriceCents } from '@common/membership-values';
import { intentAnswer } from '@server/domains/payments/payments.schemas';

/** Every user-facing text of the memberships domain (the web dialogs show exactly these). */
export const membershipMessages = {
  tierNotFound: 'Membership tier not found',
  creatorNotFound: 'Creator not found',
  membershipNotFound: 'Membership not found',
  nameRequired: 'Please enter a name for the tier',
  nameTooLong: 'The name can be at most 80 characters',
  descriptionTooLong: 'The description can be at most 2000 characters',
  priceRange: 'The monthly price must be between $1.00 and $10,000.00',
  priceDecimals: 'Use at most 2 decimals for the price',
  notYourEvent: 'Choose premium events of your own',
  notPremiumEvent: 'Only premium events can be included in a tier',
  notYourTitle: 'Choose podcast titles of your own',
  tooManyTiers: 'You can have at most 20 active tiers',
  archived: 'This tier no longer takes new members',
  alreadyArchived: 'This tier is already archived',
  amountMismatch: "The amount does not match this tier's monthly price",
  alreadyMember: 'You are already a member of this creator',
  sameTier: 'Your membership is already on this tier',
  otherCreatorTier: 'Choose one of the same creator’s tiers',
  changePastDue: 'Pay the renewal that did not go through before changing your tier',
  changeEnding: 'Resume this membership before changing its tier',
  changeEnded: 'This membership has ended: become a member again from the creator’s page',
  changeBusy: 'This membership is being changed right now. Please try again.',
  upgradeNeedsAuthentication: 'Your bank asked to confirm this charge, which cannot be done here. Your tier was not changed.',
  ownTier: 'You cannot join your own tier',
  notCancelable: 'Only an active membership can be canceled',
  notResumable: 'Only a membership set to end at the period\'s end can be resumed',
  otherProvider: 'This membership is with another payment provider; it cannot be changed here',
} as const;

/** The highest monthly price of a tier, in cents ($10,000). */
export const maximumTierPriceCents = 1_000_000;
/** The most active tiers one creator may have. */
export const maxActiveTiers = 20;
const maxListed = 200;

const id = z.string().trim().min(1).max(64);

/** A monthly price on the wire: dollars with at most two decimals, between $1 and $10,000. */
export const monthlyPrice = z
  .number({ error: membershipMessages.priceRange })
  .finite(membershipMessages.priceRange)
  .min(toDollars(minimumTierPriceCents), membershipMessages.priceRange)
  .max(toDollars(maximumTierPriceCents), membershipMessages.priceRange)
  .refine(hasWholeCents, membershipMessages.priceDecimals);

const tierFields = {
  name: z.string().trim().min(1, membershipMessages.nameRequired).max(80, membershipMessages.nameTooLong),
  monthlyPrice,
  description: z.string().trim().max(2000, membershipMessages.descriptionTooLong),
  /** Every premium event of the creator (now and later); otherwise only `premiumEventIds`. */
  includesAllPremiumEvents: z.boolean(),
  premiumEventIds: z.array(id).max(maxListed).transform((ids) => [...new Set(ids)]),
  /** The creator's replays (recordings), premium events' included. */
  includesReplays: z.boolean(),
  /** The creator's podcast titles this tier opens through each member's private feed. */
  podcastTitleIds: z.array(id).max(maxListed).transform((ids) => [...new Set(ids)]),
  /** Members' messages in the creator's chat carry a badge. */
  chatBadge: z.boolean(),
};

export const createTierInput = z.strictObject({
  ...tierFields,
  description: tierFields.description.default(''),
  premiumEventIds: tierFields.premiumEventIds.default([]),
  podcastTitleIds: tierFields.podcastTitleIds.default([]),
});
export type CreateTierInput = z.infer<typeof createTierInput>;

/** Any field left out stays as it is. A new price applies to new members; existing ones keep theirs. */
export const updateTierInput = z.strictObject({
  id,
  name: tierFields.name.optional(),
  monthlyPrice: monthlyPrice.optional(),
  description: tierFields.description.optional(),
  includesAllPremiumEvents: z.boolean().optional(),
  premiumEventIds: tierFields.premiumEventIds.optional(),
  includesReplays: z.boolean().optional(),
  podcastTitleIds: tierFields.podcastTitleIds.optional(),
  chatBadge: z.boolean().optional(),
});
export type UpdateTierInput = z.infer<typeof updateTierInput>;

export const tierIdInput = z.strictObject({ id });
export const creatorIdInput = z.strictObject({ creatorId: id });

export const joinInput = z.strictObject({
  tierId: id,
  /** What the page shows (dollars): refused when it is not the tier's monthly price. The charge always comes from the tier. */
  amount: z
    .number()
    .positive()
    .max(toDollars(maximumTierPriceCents) * 10)
    .refine(hasWholeCents, membershipMessages.priceDecimals)
    .optional(),
});
export type JoinInput = z.infer<typeof joinInput>;

export const membershipIdInput = z.strictObject({ membershipId: id });

/** `changeTier`: one of the member's memberships, to another tier of the same creator. */
export const changeTierInput = z.strictObject({ membershipId: id, tierId: id });
export type ChangeTierInput = z.infer<typeof changeTierInput>;

export const membersInput = z.strictObject({ tierId: id.optional() }).optional();

/** A tier as the public creator page and the join dialog show it. */
export const publicTierOutput = z.object({
  id: z.string(),
  creatorId: z.string(),
  name: z.string(),
  description: z.string(),
  /** Dollars, as the join call's `amount` takes it. */
  monthlyPrice: z.number(),
  priceCents: z.number().int(),
  includesAllPremiumEvents: z.boolean(),
  /** The chosen premium events (empty when the tier includes them all). */
  premiumEvents: z.array(z.object({ id: z.string(), name: z.string(), startDateTime: z.string().nullable() })),
  includesReplays: z.boolean(),
  podcastTitles: z.array(z.object({ id: z.string(), name: z.string(), imageUrl: z.string().nullable() })),
  chatBadge: z.boolean(),
});
export type PublicTierOutput = z.infer<typeof publicTierOutput>;

/** A tier as its creator manages it. */
export const tierOutput = publicTierOutput.extend({
  premiumEventIds: z.array(z.string()),
  podcastTitleIds: z.array(z.string()),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Members whose membership opens the tier's perks now. */
  activeMembers: z.number().int(),
});
export type TierOutput = z.infer<typeof tierOutput>;

/** `join`: the paywall's answer (the first charge's intent for the card form) plus our membership. */
export const joinOutput = intentAnswer.extend({ membershipId: z.string() });
export type JoinOutput = z.infer<typeof joinOutput>;

export const mineStatuses = ['active', 'past_due', 'lapsed', 'canceled', 'ended'] as const;

/** One of the viewer's memberships ("My memberships"). */
export const myMembershipOutput = z.object({
  id: z.string(),
  tierId: z.string(),
  tierName: z.string(),
  creatorId: z.string(),
  creatorName: z.string(),
  /** The creator's public tag (their page is `/c/{tag}`), when they have one. */
  creatorTag: z.string().nullable(),
  status: z.enum(mineStatuses),
  /** What this member pays a month (kept when the tier's price changes). */
  priceCents: z.number().int(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** When a past-due membership lapses unless the renewal is paid. */
  graceEndsAt: z.string().nullable(),
  /** The next monthly charge (null when none will be made: canceling, canceled or lapsed). */
  nextChargeAt: z.string().nullable(),
  nextChargeCents: z.number().int().nullable(),
  /** Whether the tier's perks are open now. */
  hasAccess: z.boolean(),
  cardLast4: z.string().nullable(),
  since: z.string().nullable(),
  /** The member's private feed per podcast title of the tier (only while the membership is open). */
  feeds: z.array(z.object({ titleId: z.string(), titleName: z.string(), url: z.string() })),
  /** A downgrade waiting for the end of the paid period: the tier and price from `currentPeriodEnd` on (null when none). */
  scheduledTierId: z.string().nullable(),
  scheduledTierName: z.string().nullable(),
  scheduledPriceCents: z.number().int().nullable(),
});
export type MyMembershipOutput = z.infer<typeof myMembershipOutput>;

export const tierChangeKinds = ['current', 'upgrade', 'downgrade'] as const;

/** One tier a member may move to (the "Change tier" dialog): what it costs now, and from when it applies. */
export const tierChangeOptionOutput = z.object({
  tierId: z.string(),
  name: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  /** `current`: the membership's tier (choosing it again undoes a scheduled downgrade). */
  kind: z.enum(tierChangeKinds),
  /** An upgrade's prorated difference, charged at once (0 below the smallest card charge, $0.50). */
  chargeNowCents: z.number().int(),
  /** When the change applies: now for an upgrade, the end of the paid period for a downgrade. */
  effectiveAt: z.string().nullable(),
});
export type TierChangeOptionOutput = z.infer<typeof tierChangeOptionOutput>;

/** `changeTier`: the membership as it now stands and what the change did. */
export const changeTierOutput = z.object({
  membership: myMembershipOutput,
  /** `upgraded`: the new tier now (charged `chargedCents`); `downgrade_scheduled`: from `effectiveAt`; `downgrade_canceled`: stays. */
  change: z.enum(['upgraded', 'downgrade_scheduled', 'downgrade_canceled']),
  chargedCents: z.number().int(),
  effectiveAt: z.string().nullable(),
});
export type ChangeTierOutput = z.infer<typeof changeTierOutput>;

/** One member as the creator's Members page lists them. */
export const memberOutput = z.object({
  membershipId: z.string(),
  memberId: z.string(),
  name: z.string(),
  email: z.string(),
  tierId: z.string(),
  tierName: z.string(),
  status: z.enum(membershipStatuses),
  /** When the membership was first paid. */
  since: z.string().nullable(),
  priceCents: z.number().int(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  hasAccess: z.boolean(),
  /** A downgrade the member chose, from `currentPeriodEnd` on (null when none). */
  scheduledTierName: z.string().nullable(),
});
export type MemberOutput = z.infer<typeof memberOutput>;

/** The Members page's figures. */
export const membershipStatsOutput = z.object({
  /** Members whose membership opens its perks now. */
  activeMembers: z.number().int(),
  /** What the renewing memberships bring each month, in cents (those set to end are left out). */
  monthlyRecurringRevenueCents: z.number().int(),
  /** Memberships that ended (canceled at their end or lapsed) in the last 30 days. */
  churnedLast30Days: z.number().int(),
  /** churned ÷ (members now + churned), 0..1, over the last 30 days. */
  churnRateLast30Days: z.number(),
  perTier: z.array(
    z.object({ tierId: z.string(), tierName: z.string(), archived: z.boolean(), activeMembers: z.number().int(), monthlyRecurringRevenueCents: z.number().int() }),
  ),
});
export type MembershipStatsOutput = z.infer<typeof membershipStatsOutput>;
