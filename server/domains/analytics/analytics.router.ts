import { creatorProcedure, router } from '@server/trpc/init';
import {
  downloadsInput,
  downloadsOutput,
  itemCountsInput,
  itemCountsOutput,
  liveAnalyticsInput,
  liveAnalyticsOutput,
  liveEventsInput,
  liveEventsOutput,
  membersAnalyticsInput,
  membersAnalyticsOutput,
} from './analytics.schemas';
import { downloadsAnalytics, itemCounts } from './downloads.service';
import { membersAnalytics } from './members.service';
import { liveAnalytics } from './live-audience';
import { liveEventsOf } from './live-events.service';

/**
 * Audience analytics (issue 33): a creator reads their own numbers; an admin one creator's (`creatorId`) or the
 * whole install's; API tokens need `analytics:read`.
 */
export const analyticsRouter = router({
  /** Downloads counted by the IAB rules (and replay plays) in `[from, to)`, bots apart, by day, episode or app. */
  downloads: creatorProcedure.meta({ scope: 'analytics:read', errors: ['NOT_FOUND'] })
    .input(downloadsInput)
    .output(downloadsOutput)
    .query(({ ctx, input }) => downloadsAnalytics(ctx.services, ctx.actor, input)),

  /** One live event's audience: viewers over time, peak, unique viewers, watch time, chat, tips and tickets. */
  live: creatorProcedure.meta({ scope: 'analytics:read', errors: ['NOT_FOUND'] })
    .input(liveAnalyticsInput)
    .output(liveAnalyticsOutput)
    .query(({ ctx, input }) => liveAnalytics(ctx.services, ctx.actor, input)),

  /** The started events whose audience the caller may read (a creator's own; an admin's: one creator's or all), latest first. */
  liveEvents: creatorProcedure.meta({ scope: 'analytics:read', errors: ['NOT_FOUND'] })
    .input(liveEventsInput)
    .output(liveEventsOutput)
    .query(({ ctx, input }) => liveEventsOf(ctx.services, ctx.actor, input)),

  /** Members and money per UTC month: active at the month's end per tier, joined, cancelled, MRR, earnings. */
  members: creatorProcedure.meta({ scope: 'analytics:read', errors: ['NOT_FOUND'] })
    .input(membersAnalyticsInput)
    .output(membersAnalyticsOutput)
    .query(({ ctx, input }) => membersAnalytics(ctx.services, ctx.actor, input)),

  /** All-time counts of the caller's episodes or replays by id (ids not theirs are left out). */
  itemCounts: creatorProcedure.meta({ scope: 'analytics:read' })
    .input(itemCountsInput)
    .output(itemCountsOutput)
    .query(({ ctx, input }) => itemCounts(ctx.services, ctx.actor, input)),
});
