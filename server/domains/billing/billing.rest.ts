import { toDollars } from '@common/money';
import type { RestModule } from '@server/rest/kit';
import type { ProductOutput } from './billing.schemas';

/** Documented product lookups. Cents stay the source of truth; dollar fields are added for the documented `price`/`setUpFee`. */
function withDollars(product: ProductOutput) {
  return { ...product, price: toDollars(product.pricePerMonthCents), setUpFee: toDollars(product.setUpFeeCents) };
}

export const billingRest: RestModule = (app, { caller }) => {
  app.get('/api/payment/products', async (request) => (await (await caller(request)).billing.products()).map(withDollars));
  app.get<{ Params: { id: string } }>('/api/payment/product/:id', async (request) =>
    withDollars(await (await caller(request)).billing.product({ id: request.params.id })),
  );
};
