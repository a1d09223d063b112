import { publicProcedure, router } from '@server/trpc/init';
import { creatorPageInput, creatorPageOutput, missingPageInput, missingPageOutput } from './public-pages.schemas';
import * as publicPagesService from './public-pages.service';
import { creatorOfMissingPage } from './not-found-page';
import { podcastPage } from './podcast-page';
import { podcastPageInput, podcastPageOutput } from './podcast-page.schemas';

/** Public reads of the public pages whose data no other domain answers whole. */
export const publicPagesRouter = router({
  /** The creator page (`/c/{tag}`): the creator, upcoming events, latest episodes (tiers: `memberships.tiers`). */
  creatorPage: publicProcedure.meta({ scope: 'public' })
    .input(creatorPageInput)
    .output(creatorPageOutput)
    .query(({ ctx, input }) => publicPagesService.creatorPage(ctx.services, input.tag)),

  /**
   * A podcast's page (`/podcasts/{tag}/{titleId}`): the title, its published episodes and how to subscribe. A
   * members-only title's media and private feed only for a member whose tier includes it; anyone else gets names and dates.
   */
  podcastPage: publicProcedure.meta({ scope: 'public' })
    .input(podcastPageInput)
    .output(podcastPageOutput)
    .query(({ ctx, input }) => podcastPage(ctx.services, input, ctx.actor?.id ?? null)),

  /** Where a missing event, episode or podcast page leads: its creator's page, when the creator exists. */
  missingPage: publicProcedure.meta({ scope: 'public' })
    .input(missingPageInput)
    .output(missingPageOutput)
    .query(({ ctx, input }) => creatorOfMissingPage(ctx.services, input)),
});
