import { z } from 'zod';
import { authedProcedure, creatorProcedure, publicProcedure, router } from '@server/trpc/init';
import {
  changeTierInput,
  changeTierOutput,
  createTierInput,
  creatorIdInput,
  joinInput,
  joinOutput,
  memberOutput,
  membersInput,
  membershipIdInput,
  membershipStatsOutput,
  myMembershipOutput,
  publicTierOutput,
  tierChangeOptionOutput,
  tierIdInput,
  tierOutput,
  updateTierInput,
} from './memberships.schemas';
import { archiveTier, createTier, listMyTiers, listPublicTiers, updateTier } from './tiers';
import { joinTier } from './join';
import { cancelMembership, resetFeeds, resumeMembership } from './membership-changes';
import { listMembers, listMyMemberships, membershipStats, myMembership } from './memberships.service';
import { changeTier, tierChangeOptions } from './tier-change';

export const membershipsRouter = router({
  /** A new monthly tier of the signed-in creator. */
  createTier: creatorProcedure.meta({ scope: 'memberships:write', errors: ['CONFLICT'] })
    .input(createTierInput)
    .output(tierOutput)
    .mutation(({ ctx, input }) => createTier(ctx.services, ctx.actor, input)),

  /** Changes a tier; a new price applies to new members only. */
  updateTier: creatorProcedure.meta({ scope: 'memberships:write' })
    .input(updateTierInput)
    .output(tierOutput)
    .mutation(({ ctx, input }) => updateTier(ctx.services, ctx.actor, input)),

  /** Takes no new members; existing members keep theirs until they cancel. */
  archiveTier: creatorProcedure.meta({ scope: 'memberships:write' })
    .input(tierIdInput)
    .output(tierOutput)
    .mutation(({ ctx, input }) => archiveTier(ctx.services, ctx.actor, input.id)),

  /** The signed-in creator's tiers, archived ones included (last). */
  myTiers: creatorProcedure.meta({ scope: 'memberships:read' })
    .output(z.array(tierOutput))
    .query(({ ctx }) => listMyTiers(ctx.services, ctx.actor)),

  /** A creator's active tiers with their perks (the public creator page, the event page). */
  tiers: publicProcedure.meta({ scope: 'public' })
    .input(creatorIdInput)
    .output(z.array(publicTierOutput))
    .query(({ ctx, input }) => listPublicTiers(ctx.services.db, input.creatorId)),

  /** Becomes a member: the first month is charged at once (the card form confirms the answer's intent). */
  join: authedProcedure.meta({ scope: 'session', errors: ['CONFLICT', 'TOO_MANY_REQUESTS', 'BAD_GATEWAY'] })
    .input(joinInput)
    .output(joinOutput)
    .mutation(({ ctx, input }) => joinTier(ctx.services, ctx.actor, ctx.clientIp, input)),

  /** The signed-in account's memberships ("My memberships"), newest first. */
  mine: authedProcedure.meta({ scope: 'session' })
    .output(z.array(myMembershipOutput))
    .query(({ ctx }) => listMyMemberships(ctx.services, ctx.actor)),

  /** One of the signed-in account's memberships. */
  byId: authedProcedure.meta({ scope: 'session' })
    .input(membershipIdInput)
    .output(myMembershipOutput)
    .query(({ ctx, input }) => myMembership(ctx.services, ctx.actor, input.membershipId)),

  /** Ends the membership at the end of the paid month (access until then); a past-due one ends now. */
  cancel: authedProcedure.meta({ scope: 'session', errors: ['CONFLICT', 'BAD_GATEWAY'] })
    .input(membershipIdInput)
    .output(myMembershipOutput)
    .mutation(({ ctx, input }) => cancelMembership(ctx.services, ctx.actor, input.membershipId)),

  /** Undoes `cancel` before the month ends: the membership renews again. */
  resume: authedProcedure.meta({ scope: 'session', errors: ['CONFLICT', 'BAD_GATEWAY'] })
    .input(membershipIdInput)
    .output(myMembershipOutput)
    .mutation(({ ctx, input }) => resumeMembership(ctx.services, ctx.actor, input.membershipId)),

  /**
   * Another tier of the same creator on the same membership: an upgrade now (the prorated difference charged to the
   * saved card at once), a downgrade at the end of the paid period; the current tier again undoes a scheduled downgrade.
   */
  changeTier: authedProcedure.meta({ scope: 'session', errors: ['CONFLICT', 'BAD_GATEWAY'] })
    .input(changeTierInput)
    .output(changeTierOutput)
    .mutation(({ ctx, input }) => changeTier(ctx.services, ctx.actor, input)),

  /** The tiers a membership may change to, with the charge now (an upgrade) or the day it applies (a downgrade). */
  tierOptions: authedProcedure.meta({ scope: 'session', errors: ['CONFLICT'] })
    .input(membershipIdInput)
    .output(z.array(tierChangeOptionOutput))
    .query(({ ctx, input }) => tierChangeOptions(ctx.services, ctx.actor, input.membershipId)),

  /** New private feed URLs; the old ones answer 410. */
  resetFeeds: authedProcedure.meta({ scope: 'session' })
    .input(membershipIdInput)
    .output(myMembershipOutput)
    .mutation(({ ctx, input }) => resetFeeds(ctx.services, ctx.actor, input.membershipId)),

  /** The signed-in creator's members (all tiers, or one), newest first. */
  members: creatorProcedure.meta({ scope: 'memberships:read' })
    .input(membersInput)
    .output(z.array(memberOutput))
    .query(({ ctx, input }) => listMembers(ctx.services, ctx.actor, input?.tierId)),

  /** The Members page's figures: members, monthly recurring revenue, churn over the last 30 days. */
  stats: creatorProcedure.meta({ scope: 'memberships:read' })
    .output(membershipStatsOutput)
    .query(({ ctx }) => membershipStats(ctx.services, ctx.actor)),
});
