import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import type { ProcedureScope } from '@server/domains/api-tokens/api-tokens.schemas';
import type { RateLimitRule } from '@server/platform/rate-limit';
import { readUpload, removeStored, type UploadedForm, type UploadKinds } from '@server/platform/uploads';
import type { Actor } from '@server/platform/actor';
import type { Context } from '@server/trpc/context';
import { admissionOf, admit, type Admission } from '@server/trpc/init';
import type { AppCaller } from '@server/trpc/root';
import type { RestKit } from './kit';

/** A signed-in procedure base of server/trpc/init.ts (`creatorProcedure`, `authedProcedure`, `roleProcedure(...)`). */
export interface ProcedureBase {
  _def: { middlewares: readonly unknown[] };
}

export interface UploadRouteOptions<Field extends string> {
  /** The base of the route's tRPC twin: the same role and pending-payment rules. */
  base: ProcedureBase;
  /** The scope the twin declares: an API token without it is refused before the body is read. */
  scope: ProcedureScope;
  /** The file fields and what each may be. */
  kinds: UploadKinds<Field>;
  /** The 415 answer to a body that is not multipart/form-data. */
  notMultipart?: string;
  /** Uploads per caller in a window (`name` keys the bucket). */
  rateLimit?: RateLimitRule & { name: string };
}

/** What an upload route's handler gets once the caller is admitted. */
export interface Upload<Route extends RouteGenericInterface, Field extends string> {
  request: FastifyRequest<Route>;
  reply: FastifyReply;
  context: Context;
  actor: Actor;
  /** A caller bound to the request, for the twin procedure (and ownership checks before the body is read). */
  caller: AppCaller;
  /** Reads the body (once): 415 unless multipart; files streamed and checked by their kinds. */
  read(): Promise<UploadedForm<Field>>;
}

/** Whom each upload route admits: the multipart scope takes only these handlers, and a test holds each to its tRPC twin. */
const routeAdmissions = new WeakMap<object, { admission: Admission; scope: ProcedureScope }>();

export function uploadRouteAdmission(handler: unknown): { admission: Admission; scope: ProcedureScope } | undefined {
  return typeof handler === 'function' ? routeAdmissions.get(handler) : undefined;
}

/**
 * The handler of one upload route (register it inside `uploadRoutes`). The admission checks of the twin's procedure
 * base (`admit`: API-token scope, signed in, role, pending checkout payment) and the rate limit run before a byte of
 * the body is read; files the handler read are removed again when it fails.
 */
export function uploadRoute<Route extends RouteGenericInterface = RouteGenericInterface, Field extends string = string, Answer = unknown>(
  kit: RestKit,
  options: UploadRouteOptions<Field>,
  handle: (upload: Upload<Route, Field>) => Promise<Answer>,
): (request: FastifyRequest<Route>, reply: FastifyReply) => Promise<Answer> {
  const admission = admissionOf(options.base._def.middlewares);
  if (!admission) throw new Error('Upload routes take a signed-in procedure base');
  const { services } = kit;
  const handler = async (request: FastifyRequest<Route>, reply: FastifyReply): Promise<Answer> => {
    const context = await kit.context(request);
    const actor = await admit(context, admission, options.scope);
    const { rateLimit } = options;
    if (rateLimit) await services.rateLimiter.consume(`${rateLimit.name}:${actor.id}`, rateLimit);
    let form: Promise<UploadedForm<Field>> | undefined;
    const read = () => (form ??= readUpload(request, services.storage, options.kinds, options.notMultipart));
    try {
      return await handle({ request, reply, context, actor, caller: kit.callerFor(context), read });
    } catch (error) {
      const files = await form?.catch(() => undefined);
      if (files) await removeStored(services.storage, Object.values(files.files));
      throw error;
    }
  };
  routeAdmissions.set(handler, { admission, scope: options.scope });
  return handler;
}

/** What any one upload request may send (per-file size limits are the kinds' own). */
const multipartLimits = { fields: 30, fieldSize: 64 * 1024, files: 4, parts: 40 };

/**
 * Routes that take multipart/form-data, in a scope of their own with the multipart plugin: its per-request hooks
 * (a close listener, an upload clean-up after each answer) stay off every other route. Every route in it is an
 * `uploadRoute`: anything else is refused when it is registered.
 */
export function uploadRoutes(app: FastifyInstance, defineRoutes: (uploads: FastifyInstance) => void): void {
  void app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, { limits: multipartLimits });
    uploads.addHook('onRoute', (route) => {
      if (!uploadRouteAdmission(route.handler)) throw new Error(`${route.method} ${route.url} takes uploads: make it an uploadRoute`);
    });
    uploads.addHook('onSend', async (request, reply) => {
      // A refusal sent before the body was read leaves the rest of it on the socket: close rather than keep it alive.
      if (!request.raw.complete) void reply.header('connection', 'close');
    });
    defineRoutes(uploads);
  });
}
