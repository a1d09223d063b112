import { adminProcedure, creatorProcedure, publicProcedure, router } from '@server/trpc/init';
import { planAccessOutput, productIdInput, productOutput, productsOutput, updateProductFeaturesInput } from './billing.schemas';
import * as billingService from './billing.service';
import { planAccessSummary } from './plan-access';
import { contextLocale } from '@server/trpc/context';
import { translate } from '@server/i18n/translate';

export const billingRouter = router({
  /** The subscription catalogue shown on /product-page and the login page. */
  products: publicProcedure.meta({ scope: 'public' }).output(productsOutput).query(({ ctx }) => billingService.listProducts(ctx.services.db)),

  product: publicProcedure.meta({ scope: 'public' })
    .input(productIdInput)
    .output(productOutput)
    .query(({ ctx, input }) => billingService.getProduct(ctx.services.db, input.id)),

  /** What the caller may create now under "Features require a plan", with the refusal texts and the plans page. */
  myPlanAccess: creatorProcedure.meta({ scope: 'session' })
    .output(planAccessOutput)
    .query(async ({ ctx }) => {
      const summary = await planAccessSummary(ctx.services, ctx.actor.id);
      const locale = contextLocale(ctx);
      const inLocale = (refusal: string | null) => refusal && translate(locale, refusal);
      const { events, audioTitle, videoTitle } = summary.refusals;
      return { ...summary, refusals: { events: inLocale(events), audioTitle: inLocale(audioTitle), videoTitle: inLocale(videoTitle) } };
    }),

  /** Settings → Plans: the lines a plan card lists (null restores the built-in list). */
  updateFeatures: adminProcedure
    .input(updateProductFeaturesInput)
    .output(productOutput)
    .mutation(({ ctx, input }) => billingService.updateProductFeatures(ctx.services.db, input.id, input.features)),
});
