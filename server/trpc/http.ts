import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import type { TRPCError } from '@trpc/server';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { createContext, type AppServices } from './context';
import { trpcFastPath } from './fast-path';
import { appRouter, type AppRouter } from './root';

/** tRPC's onError for both transports: a procedure's unexpected failure is logged (its answer says only "internal"). */
export function logInternalErrors(log: FastifyBaseLogger) {
  return ({ error, path }: { error: TRPCError; path?: string | undefined }) => {
    if (error.code === 'INTERNAL_SERVER_ERROR') log.error({ err: error, path }, 'procedure failed');
  };
}

export interface TrpcHttpOptions {
  services: AppServices;
  /** The logger failed procedures are written to (the app's). */
  log: FastifyBaseLogger;
  /** How answers are compressed in this scope (the same as the REST routes'). */
  compression: FastifyCompressOptions;
}

/**
 * tRPC over HTTP, an encapsulated plugin (register it with `prefix: '/trpc'`): single queries and mutations are
 * answered by the fast path (fast-path.ts); the stock adapter (`fastifyTRPCPlugin`) takes everything else.
 */
export async function trpcHttp(trpc: FastifyInstance, { services, log, compression }: TrpcHttpOptions): Promise<void> {
  const trpcOptions: FastifyTRPCPluginOptions<AppRouter>['trpcOptions'] = {
    router: appRouter,
    createContext: ({ req, info }) => createContext(services, req, info.connectionParams),
    onError: logInternalErrors(log),
  };
  await trpc.register(fastifyCompress, compression);
  trpc.addHook('preHandler', trpcFastPath(trpcOptions));
  await trpc.register(fastifyTRPCPlugin, { trpcOptions } satisfies FastifyTRPCPluginOptions<AppRouter>);
}
