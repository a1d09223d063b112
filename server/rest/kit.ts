import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { createContext, type AppServices, type Context } from '@server/trpc/context';
import { createCaller, type AppCaller } from '@server/trpc/root';

/** What a REST shim gets: the services and a caller bound to the request's identity. */
export interface RestKit {
  services: AppServices;
  context(request: FastifyRequest): Promise<Context>;
  caller(request: FastifyRequest): Promise<AppCaller>;
  callerFor(context: Context): AppCaller;
}

export function createRestKit(services: AppServices): RestKit {
  return {
    services,
    context: (request) => createContext(services, request),
    caller: async (request) => createCaller(await createContext(services, request)),
    callerFor: (context) => createCaller(context),
  };
}

export type RestModule = (app: FastifyInstance, kit: RestKit) => void | Promise<void>;

/** What any one upload request may send (per-file size limits are the upload rules' own). */
const multipartLimits = { fields: 30, fieldSize: 64 * 1024, files: 4, parts: 40 };

/**
 * Routes that take multipart/form-data, in a scope of their own with the multipart plugin: its per-request hooks
 * (a close listener, an upload clean-up after each answer) stay off every other route.
 */
export function uploadRoutes(app: FastifyInstance, defineRoutes: (uploads: FastifyInstance) => void): void {
  void app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, { limits: multipartLimits });
    defineRoutes(uploads);
  });
}
