import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createContext, type AppServices, type Context } from '@server/trpc/context';
import { createCaller, type AppCaller } from '@server/trpc/root';

/** What a REST shim gets: the services and a caller bound to the request's identity. */
export interface RestKit {
  services: AppServices;
  context(request: FastifyRequest): Context | Promise<Context>;
  /** A caller for the request's identity: without a promise when its context is had so (`createContext`). */
  caller(request: FastifyRequest): AppCaller | Promise<AppCaller>;
  callerFor(context: Context): AppCaller;
}

export function createRestKit(services: AppServices): RestKit {
  return {
    services,
    context: (request) => createContext(services, request),
    caller: (request) => {
      const context = createContext(services, request);
      return context instanceof Promise ? context.then(createCaller) : createCaller(context);
    },
    callerFor: (context) => createCaller(context),
  };
}

export type RestModule = (app: FastifyInstance, kit: RestKit) => void | Promise<void>;
