import type { FastifyRequest } from 'fastify';
import { toDollars } from '@common/money';
import type { RestModule } from '@server/rest/kit';

const webhookBodyLimit = 512 * 1024;

/** The documented /api/payment/... paths for tips, the paywall and lookups; each one calls the payments procedures. */
export const paymentsRest: RestModule = async (app, { caller }) => {
  const body = (request: FastifyRequest) => request.body as never;
  const withDollars = <T extends { amountCents: number }>(answer: T) => ({ ...answer, amount: toDollars(answer.amountCents) });

  app.get('/api/payment/config', async (request) => (await caller(request)).payments.config());
  app.get<{ Params: { id: string } }>('/api/payment/coupon/:id', async (request) => (await caller(request)).payments.coupon({ id: request.params.id }));
  app.get<{ Params: { id: string } }>('/api/payment/:id', async (request) => withDollars(await (await caller(request)).payments.byId({ id: request.params.id })));

  app.post('/api/payment/create-tips-one-time-payment', async (request) => withDollars(await (await caller(request)).payments.createTipsPayment(body(request))));
  app.post('/api/payment/create-tips-payment-with-token', async (request) =>
    withDollars(await (await caller(request)).payments.createTipsPaymentWithToken(body(request))),
  );
  app.post('/api/payment/create-paywall-one-time-payment', async (request) =>
    withDollars(await (await caller(request)).payments.createPaywallPayment(body(request))),
  );
  app.post('/api/payment/create-paywall-payment-with-token', async (request) =>
    withDollars(await (await caller(request)).payments.createPaywallPaymentWithToken(body(request))),
  );

  // Three documented names for one thing: "here is my intent, look it up again".
  for (const path of ['/api/payment/update-event-page-payment-status', '/api/payment/status', '/api/payment/finalize']) {
    app.post(path, async (request) => withDollars(await (await caller(request)).payments.reportStatus(body(request))));
  }

  app.post('/api/payment/local/confirm', async (request) => (await caller(request)).payments.localConfirm(body(request)));
  app.post('/api/payment/local/authenticate', async (request) => (await caller(request)).payments.localAuthenticate(body(request)));
  app.post('/api/payment/local/payment-methods', async (request) => (await caller(request)).payments.localPaymentMethod(body(request)));

  // The webhook is verified over the exact bytes the provider signed: its own scope reads the body raw.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(['application/json'], { parseAs: 'buffer', bodyLimit: webhookBodyLimit }, (_request, raw, done) => done(null, raw));
    scope.post('/api/payment/webhook', async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      return (await caller(request)).payments.webhook({
        payload: raw.toString('utf8'),
        ...(typeof signature === 'string' ? { signature } : {}),
      });
    });
  });
};
