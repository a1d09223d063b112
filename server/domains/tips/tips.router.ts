import { publicProcedure, router } from '@server/trpc/init';
import { creatorTipsInput, publicTipOptions } from './tips.schemas';
import * as tipsService from './tips.service';

export const tipsRouter = router({
  /** A creator's tip buttons for their event page (amounts in dollars). */
  publicList: publicProcedure.meta({ scope: 'public' })
    .input(creatorTipsInput)
    .output(publicTipOptions)
    .query(({ ctx, input }) => tipsService.listPublicTips(ctx.services.db, input.userId)),
});
