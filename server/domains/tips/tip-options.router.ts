import { z } from 'zod';
import { creatorProcedure, router } from '@server/trpc/init';
import { createTipOptionInput, reorderTipOptionsInput, tipOptionIdInput, tipOptionOutput, updateTipOptionInput } from './tip-options.schemas';
import * as tipOptionsService from './tip-options.service';

/** A creator's own tip options (/manage-tips). */
export const tipOptionsRouter = router({
  mine: creatorProcedure.output(z.array(tipOptionOutput)).query(({ ctx }) => tipOptionsService.listTipOptions(ctx.services.db, ctx.actor.id)),

  create: creatorProcedure
    .input(createTipOptionInput)
    .output(tipOptionOutput)
    .mutation(({ ctx, input }) => tipOptionsService.createTipOption(ctx.services.db, ctx.actor.id, input)),

  update: creatorProcedure
    .input(updateTipOptionInput)
    .output(tipOptionOutput)
    .mutation(async ({ ctx, input }) => {
      const { option, replacedIconUrl } = tipOptionsService.updateTipOption(ctx.services.db, ctx.actor.id, input);
      await tipOptionsService.removeStoredIcon(ctx.services.db, ctx.services.config.dataDir, replacedIconUrl);
      return option;
    }),

  reorder: creatorProcedure
    .input(reorderTipOptionsInput)
    .output(z.array(tipOptionOutput))
    .mutation(({ ctx, input }) => tipOptionsService.reorderTipOptions(ctx.services.db, ctx.actor.id, input.ids)),

  remove: creatorProcedure
    .input(tipOptionIdInput)
    .output(z.object({ id: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const { removedIconUrl } = tipOptionsService.deleteTipOption(ctx.services.db, ctx.actor.id, input.id);
      await tipOptionsService.removeStoredIcon(ctx.services.db, ctx.services.config.dataDir, removedIconUrl);
      return { id: input.id };
    }),
});
