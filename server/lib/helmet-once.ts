import Fastify, { type FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/**
 * The headers helmet sets for these options, computed once. @fastify/helmet rebuilds the helmet middleware and
 * runs a dozen header functions on every request (it held the app's trivial route to about half of bare
 * Fastify); the answer never changes without per-request nonces, so we ask helmet once, through a throwaway
 * Fastify instance, and keep what it added.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  if (options.enableCSPNonces) throw new Error('CSP nonces differ per request: register @fastify/helmet itself for them');
  const answerOf = async (withHelmet: boolean) => {
    const probe = Fastify({ logger: false });
    if (withHelmet) await probe.register(fastifyHelmet, options);
    probe.get('/', async () => 'probe');
    const response = await probe.inject({ method: 'GET', url: '/' });
    await probe.close();
    return response.headers;
  };
  const [plain, helmeted] = await Promise.all([answerOf(false), answerOf(true)]);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(helmeted)) {
    if (value === undefined || plain[name] === value) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/**
 * Drop-in for `app.register(fastifyHelmet, options)` (same options, same headers on every answer, including 404s
 * and errors) at the cost of one synchronous hook that copies a ready-made object.
 */
export const helmetOnce = fastifyPlugin(
  async (app: FastifyInstance, options: FastifyHelmetOptions) => {
    const headers = await helmetHeaders(options);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'helmet-once' },
);
