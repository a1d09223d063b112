import { z } from 'zod';
import { router } from '@server/trpc/init';
import { demoProcedure } from '../demo.procedure';
import { order, orderIdInput, product, productIdInput } from './ecommerce.schemas';
import * as ecommerce from './ecommerce.service';

export const ecommerceRouter = router({
  products: demoProcedure.output(z.array(product)).query(({ ctx }) => ecommerce.listProducts(ctx.services.db)),
  product: demoProcedure
    .input(productIdInput)
    .output(product)
    .query(({ ctx, input }) => ecommerce.getProduct(ctx.services.db, input.productId)),
  saveProduct: demoProcedure
    .input(product)
    .output(product)
    .mutation(({ ctx, input }) => ecommerce.saveProduct(ctx.services.db, input)),
  orders: demoProcedure.output(z.array(order)).query(({ ctx }) => ecommerce.listOrders(ctx.services.db)),
  order: demoProcedure
    .input(orderIdInput)
    .output(order)
    .query(({ ctx, input }) => ecommerce.getOrder(ctx.services.db, input.orderId)),
});
