import { z } from 'zod';
import { creatorProcedure, router } from '@server/trpc/init';
import { appIdInput, mobileAppOutput, setIconInput, updateAppInput } from './mobile-app.schemas';
import * as mobileAppService from './mobile-app.service';

/** A creator's installable app (`/m/{creatorTag}/`): settings and icon. */
export const mobileAppRouter = router({
  /** The caller's apps; the first visit creates theirs with their name and the brand colours. */
  list: creatorProcedure.meta({ scope: 'session' }).output(z.array(mobileAppOutput)).query(({ ctx }) => mobileAppService.listOwnApps(ctx.services, ctx.actor)),

  get: creatorProcedure
    .meta({ scope: 'session' })
    .input(appIdInput)
    .output(mobileAppOutput)
    .query(({ ctx, input }) => mobileAppService.getOwnApp(ctx.services.db, ctx.actor, input.appId)),

  update: creatorProcedure
    .meta({ scope: 'session' })
    .input(updateAppInput)
    .output(mobileAppOutput)
    .mutation(({ ctx, input }) => mobileAppService.updateApp(ctx.services, ctx.actor, input)),

  /** Uses an image the REST upload (`POST /api/mobile-app/{appId}/icon`) stored. */
  setIcon: creatorProcedure
    .meta({ scope: 'session' })
    .input(setIconInput)
    .output(mobileAppOutput)
    .mutation(({ ctx, input }) => mobileAppService.setIcon(ctx.services, ctx.actor, input)),

  removeIcon: creatorProcedure
    .meta({ scope: 'session' })
    .input(appIdInput)
    .output(mobileAppOutput)
    .mutation(({ ctx, input }) => mobileAppService.removeIcon(ctx.services, ctx.actor, input.appId)),
});
