import type { FastifyRequest } from 'fastify';
import type { RestModule } from '@server/rest/kit';

/** The documented subscription calls (under /api/payment and /api/subscription); each one calls the subscriptions procedures. */
export const subscriptionsRest: RestModule = (app, { caller }) => {
  const body = (request: FastifyRequest) => request.body as never;

  app.post('/api/payment/create-one-time-payment', async (request) => (await caller(request)).subscriptions.createProductPayment(body(request)));
  app.post('/api/payment/create-subscription', async (request) => (await caller(request)).subscriptions.createSubscription(body(request)));
  app.post('/api/payment/get-customer', async (request) => (await caller(request)).subscriptions.getCustomer(body(request)));

  app.get('/api/subscription/check-has-notification-creation-permission', async (request) => ({
    hasPermission: await (await caller(request)).subscriptions.hasNotificationCreationPermission(),
  }));
  app.get('/api/subscription/info', async (request) => (await caller(request)).subscriptions.mine());
  app.get('/api/subscription/invoices', async (request) => (await caller(request)).subscriptions.invoices());
  app.get<{ Params: { itemId: string } }>('/api/subscription/reactivation/:itemId', async (request) =>
    (await caller(request)).subscriptions.reactivation({ itemId: request.params.itemId }),
  );
  app.post<{ Params: { itemId: string } }>('/api/subscription/reactivate/:itemId', async (request) =>
    (await caller(request)).subscriptions.startReactivation({ itemId: request.params.itemId }),
  );
};
