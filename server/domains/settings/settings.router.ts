import { adminProcedure, publicProcedure, router } from '@server/trpc/init';
import { publicSiteAnswer, settingsAnswer, updateSettingsInput } from './settings.schemas';
import { getEffectiveSettings, settingsForAdmin, updateSettings } from './settings.service';

/** Platform settings (admin only); the site name is public. */
export const settingsRouter = router({
  get: adminProcedure.output(settingsAnswer).query(({ ctx }) => settingsForAdmin(ctx.services)),

  update: adminProcedure
    .input(updateSettingsInput)
    .output(settingsAnswer)
    .mutation(({ ctx, input }) => updateSettings(ctx.services, ctx.actor.id, input)),

  publicSite: publicProcedure.meta({ scope: 'public' }).output(publicSiteAnswer).query(async ({ ctx }) => ({ siteName: (await getEffectiveSettings(ctx.services)).general.siteName })),
});
