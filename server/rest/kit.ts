import type { FastifyInstance, FastifyRequest } from 'fastify';
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
