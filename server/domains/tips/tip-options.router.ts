import { z } from 'zod';
import { creatorProcedure, router } from '@server/trpc/init';
import { createTipOptionInput, reorderTipOptionsInput, tipOptionIdInput, tipOptionOutput, updateTipOptionInput } from './tip-options.schemas';
import * as tipOptionsService from './tip-options.service';

/** A creator's own tip options (/manage-tips). */
export const tipOptionsRouter = router({
  mine: creatorProcedure.meta({ scope: 'tips:read' }).output(z.array(tipOptionOutput)).query(({ ctx }) => tipOptionsService.listTipOptions(ctx.services.db, ctx.actor.id)),

  create: creatorProcedure.meta({ scope: 'session' })
    .input(createTipOptionInput)
    .output(tipOptionOutput)
    .mutation(({ ctx, input }) => tipOptionsService.createTipOption(ctx.services.db, ctx.actor.id, input)),

  update: creatorProcedure.meta({ scope: 'session' })
    .input(updateTipOptionInput)
    .output(tipOptionOutput)
    .mutation(async ({ ctx, input }) => {
      const { option, replacedIconUrl } = await tipOptionsService.updateTipOption(ctx.services.db, ctx.actor.id, input);
      await tipOptionsService.removeStoredIcon(ctx.services.db, ctx.services.storage, replacedIconUrl);
      return option;
    }),

  reorder: creatorProcedure.meta({ scope: 'session' })
    .input(reorderTipOptionsInput)
    .output(z.array(tipOptionOutput))
    .mutation(({ ctx, input }) => tipOptionsService.reorderTipOptions(ctx.services.db, ctx.actor.id, input.ids)),

  remove: creatorProcedure.meta({ scope: 'session' })
    .input(tipOptionIdInput)
    .output(z.object({ id: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const { removedIconUrl } = await tipOptionsService.deleteTipOption(ctx.services.db, ctx.actor.id, input.id);
      await tipOptionsService.removeStoredIcon(ctx.services.db, ctx.services.storage, removedIconUrl);
      return { id: input.id };
    }),
});
