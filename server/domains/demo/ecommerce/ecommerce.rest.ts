import type { RestModule } from '@server/rest/kit';
import { sampleImagePrefix, sampleProductImage } from './ecommerce.images';

/** /api/e-commerce-app/... (demo-apps.md §7): thin shims over the e-commerce procedures. */
export const ecommerceRest: RestModule = (app, { caller, services }) => {
  // The sample catalogue's pictures, drawn on request (ecommerce.images.ts).
  app.get<{ Params: { file: string } }>(`${sampleImagePrefix}:file`, async (request, reply) => {
    const image = await sampleProductImage(services.db, request.params.file);
    if (!image) return reply.code(404).send({ message: 'Not found' });
    return reply.type('image/jpeg').header('cache-control', 'public, max-age=86400').send(image);
  });
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
