import type { RestModule } from '@server/rest/kit';

/** /api/e-commerce-app/... (demo-apps.md §7): thin shims over the e-commerce procedures. */
export const ecommerceRest: RestModule = (app, { caller }) => {
  app.get('/api/e-commerce-app/products', async (request) => (await caller(request)).demo.ecommerce.products());
  app.get<{ Querystring: { productId?: string } }>('/api/e-commerce-app/product', async (request) =>
    (await caller(request)).demo.ecommerce.product({ productId: request.query.productId as string }),
  );
  app.post('/api/e-commerce-app/product/save', async (request) =>
    (await caller(request)).demo.ecommerce.saveProduct(request.body as never),
  );
  app.get('/api/e-commerce-app/orders', async (request) => (await caller(request)).demo.ecommerce.orders());
  app.get<{ Querystring: { orderId?: string } }>('/api/e-commerce-app/order', async (request) =>
    (await caller(request)).demo.ecommerce.order({ orderId: request.query.orderId as string }),
  );
};
