import { publicProcedure, router } from '@server/trpc/init';
import { productIdInput, productOutput, productsOutput } from './billing.schemas';
import * as billingService from './billing.service';

export const billingRouter = router({
  /** The subscription catalogue shown on /product-page and the login page. */
  products: publicProcedure.meta({ scope: 'public' }).output(productsOutput).query(({ ctx }) => billingService.listProducts(ctx.services.db)),

  product: publicProcedure.meta({ scope: 'public' })
    .input(productIdInput)
    .output(productOutput)
    .query(({ ctx, input }) => billingService.getProduct(ctx.services.db, input.id)),
});
