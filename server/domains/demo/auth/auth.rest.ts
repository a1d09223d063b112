import type { FastifyRequest } from 'fastify';
import type { RestModule } from '@server/rest/kit';

/**
 * The template's mock auth paths, answered from the real accounts:
 * GET /api/auth → { user } of the bearer token's account; GET /api/auth/access-token → { access_token, user }
 * (re-issued through users.alive, like /api/user/alive); POST /api/auth/register → users.register, answered
 * as { user, access_token? } (a token only for accounts that are active at once).
 */
export const authRest: RestModule = (app, { caller }) => {
  app.get('/api/auth', async (request) => {
    const { user } = await (await caller(request)).users.alive();
    return { user };
  });
  app.get('/api/auth/access-token', async (request) => {
    const { token, user } = await (await caller(request)).users.alive();
    return { access_token: token, user };
  });
  app.post('/api/auth/register', async (request: FastifyRequest) => {
    const answer = await (await caller(request)).users.register(request.body as never);
    return answer.token ? { user: answer.user, access_token: answer.token } : { user: answer.user };
  });
};
