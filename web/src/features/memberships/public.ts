/**
 * What other features use of memberships (the event page, the creator page): the tiers with "Become a member", the
 * card dialog that joins, the guest's way through sign-in to it, and the viewer's memberships.
 */
export { BecomeMemberDialog, joinChoice, type JoinChoice } from './become-member-dialog';
export { MembershipTiers } from './membership-tiers';
export { cheapestTierIncluding, monthlyPriceText, tierIncludesEvent } from './membership-text';
export { useJoinFlow } from './use-join-flow';
export { useMyMemberships } from './use-my-memberships';
