import { publicProcedure, router } from '@server/trpc/init';
import { creatorPageInput, creatorPageOutput } from './public-pages.schemas';
import * as publicPagesService from './public-pages.service';

/** Public reads of the public pages whose data no other domain answers whole. */
export const publicPagesRouter = router({
  /** The creator page (`/c/{tag}`): the creator, upcoming events, latest episodes (tiers: `memberships.tiers`). */
  creatorPage: publicProcedure.meta({ scope: 'public' })
    .input(creatorPageInput)
    .output(creatorPageOutput)
    .query(({ ctx, input }) => publicPagesService.creatorPage(ctx.services, input.tag)),
});
