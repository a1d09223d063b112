import type { FastifyRequest } from 'fastify';
import type { RestModule } from '@server/rest/kit';

/** The documented /api/push paths; each calls the push procedures (subscribing needs no account; sending is a creator's). */
export const pushRest: RestModule = (app, { caller }) => {
  const body = (request: FastifyRequest) => request.body as never;

  app.get('/api/push/public-key', async (request) => (await caller(request)).push.publicKey());
  app.post('/api/push/subscribe', async (request) => (await caller(request)).push.subscribe(body(request)));
  app.post('/api/push/unsubscribe', async (request) => (await caller(request)).push.unsubscribe(body(request)));
  app.post('/api/push/send', async (request) => (await caller(request)).push.send(body(request)));
};
