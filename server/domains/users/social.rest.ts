import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RestModule } from '@server/rest/kit';
import { requestLocale } from '@server/i18n/request-locale';
import {
  AppleLoginStates,
  appleCallbackPath,
  appleMessages,
  completeAppleSignIn,
  renderApplePopupPage,
  serverOrigin,
  startAppleSignIn,
  type ApplePopupPage,
} from './social.service';

export const appleStartQuery = z.strictObject({
  host: z.string({ error: appleMessages.invalidHost }).max(2048, appleMessages.invalidHost),
  roleId: z.literal('viewer', { error: 'roleId can only be "viewer"' }).optional(),
});

/** Form posts (Apple's response_mode=form_post) are small; anything bigger is not a callback. */
const formBodyLimit = 64 * 1024;

/** The connection itself, never X-Forwarded-*: whether it is TLS and the Host header the client sent. */
function directConnection(request: FastifyRequest) {
  const encrypted = 'encrypted' in request.raw.socket && request.raw.socket.encrypted === true;
  return { directProtocol: encrypted ? ('https' as const) : ('http' as const), directHost: request.raw.headers.host };
}

/** The popup page, in the visitor's language (a popup carries no account: Accept-Language). */
function sendPopupPage(request: FastifyRequest, reply: FastifyReply, status: number, page: ApplePopupPage) {
  const { html, contentSecurityPolicy } = renderApplePopupPage(page, requestLocale(null, request.headers['accept-language']));
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('vary', 'Accept-Language')
    .header('content-security-policy', contentSecurityPolicy)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    // The popup must keep window.opener across the provider's pages, so it opts out of isolation.
    .header('cross-origin-opener-policy', 'unsafe-none')
    .send(html);
}

/** Social sign-in that needs its own HTTP flow: Apple's OpenID Connect popup (Google is in users.rest). */
export const socialRest: RestModule = async (app, { services }) => {
  const states = new AppleLoginStates(services.once);

  await app.register(async (scope) => {
    // Only this route group parses form bodies (the callback may arrive as a form_post).
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: formBodyLimit }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    scope.get('/api/user/apple', async (request, reply) => {
      await services.rateLimiter.consume(`apple-start:ip:${request.ip}`, { limit: 30, windowMs: 60_000 });
      const query = appleStartQuery.parse(request.query);
      const result = await startAppleSignIn(services, states, {
        host: query.host,
        roleId: query.roleId,
        ownOrigin: serverOrigin(services.config, directConnection(request)),
      });
      switch (result.kind) {
        case 'invalid-host':
          return reply.code(400).send({ message: result.message });
        case 'unknown-origin':
          return reply.code(503).send({ message: result.message });
        case 'redirect':
          return reply.header('cache-control', 'no-store').header('cross-origin-opener-policy', 'unsafe-none').redirect(result.location, 302);
        case 'page':
          return sendPopupPage(request, reply, result.status, result.page);
      }
    });

    const callback = async (request: FastifyRequest, reply: FastifyReply) => {
      const params = (request.method === 'POST' ? request.body : request.query) ?? {};
      const { status, page } = await completeAppleSignIn(
        services,
        states,
        typeof params === 'object' ? (params as Record<string, unknown>) : {},
        serverOrigin(services.config, directConnection(request)),
      );
      return sendPopupPage(request, reply, status, page);
    };
    scope.get(appleCallbackPath, callback);
    scope.post(appleCallbackPath, callback);
  });
};
