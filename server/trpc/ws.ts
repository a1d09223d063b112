import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { getWSConnectionHandler, type WSSHandlerOptions } from '@trpc/server/adapters/ws';
import { createContext, type AppServices } from './context';
import { logInternalErrors } from './http';
import { appRouter, type AppRouter } from './root';

/**
 * What of a socket message tRPC should still see: the message as it came, another one (what is left of a batch),
 * or null (all of it was answered below tRPC). It may await (in order: the socket's later messages wait for it).
 */
export type SocketMessageRoute = (data: RawData, isBinary: boolean) => RawData | null | Promise<RawData | null>;

/**
 * A fast path below tRPC's handler that a domain registers on the /trpc socket (the chat rooms' fan-out,
 * server/domains/chat/chat.socket.ts): told of every new socket, it sees that socket's messages before tRPC does.
 */
export interface TrpcSocketFastPath {
  connect(socket: WebSocket, request: IncomingMessage): SocketMessageRoute;
}

/** The hook of the /trpc websocket transport through which domains add their fast paths. */
export interface TrpcWebSocket {
  addFastPath(fastPath: TrpcSocketFastPath): void;
}

/**
 * The /trpc websocket: tRPC's own connection handler (`getWSConnectionHandler`), with the fast paths domains
 * registered on the returned hook seeing each socket's messages first, in the order they were added. The transport
 * knows no domain. Register it in a scope where @fastify/websocket is registered.
 */
export function registerTrpcWebSocket(app: FastifyInstance, { services, log }: { services: AppServices; log: FastifyBaseLogger }): TrpcWebSocket {
  const fastPaths: TrpcSocketFastPath[] = [];
  const options: Omit<WSSHandlerOptions<AppRouter>, 'wss'> = {
    router: appRouter,
    createContext: ({ req, info }) => createContext(services, { headers: req.headers, ip: req.socket.remoteAddress ?? '' }, info.connectionParams),
    onError: logInternalErrors(log),
  };
  // The connection handler never reads `wss` (only applyWSSHandler does).
  const handleConnection = getWSConnectionHandler(options as WSSHandlerOptions<AppRouter>);
  app.get('/trpc', { websocket: true }, (socket, request) => {
    if (fastPaths.length > 0) filterIncomingMessages(socket, chainRoutes(fastPaths.map((fastPath) => fastPath.connect(socket, request.raw))));
    handleConnection(socket, request.raw);
  });
  return { addFastPath: (fastPath) => void fastPaths.push(fastPath) };
}

/** One route that hands a message through each of `routes` in turn (what one leaves is what the next sees). */
function chainRoutes(routes: SocketMessageRoute[]): SocketMessageRoute {
  if (routes.length === 1) return routes[0]!;
  return (data, isBinary) =>
    routes.reduce<RawData | null | Promise<RawData | null>>((left, route) => {
      if (left instanceof Promise) return left.then((rest) => (rest === null ? null : route(rest, isBinary)));
      return left === null ? null : route(left, isBinary);
    }, data);
}

/**
 * Lets `route` see a socket's incoming messages before the listeners added after this call. While a message's
 * routing awaits (a room lookup), the messages after it wait too: the listener gets them in the order they came.
 */
function filterIncomingMessages(socket: WebSocket, route: SocketMessageRoute): void {
  const addListener = socket.on.bind(socket);
  socket.on = ((event: string, listener: (...args: unknown[]) => void) => {
    if (event !== 'message') return addListener(event, listener);
    let queue: Promise<void> | null = null;
    return addListener('message', (data: RawData, isBinary: boolean) => {
      const forward = (forwarded: RawData | null) => {
        if (forwarded !== null) listener(forwarded, isBinary);
      };
      const routed = queue ? queue.then(() => route(data, isBinary)) : route(data, isBinary);
      if (!(routed instanceof Promise)) {
        forward(routed);
        return;
      }
      // A routing that failed hands the message to tRPC as it came; tRPC's listener answers its own errors.
      const next: Promise<void> = routed.then(forward, () => forward(data)).catch(() => undefined);
      queue = next;
      void next.finally(() => {
        if (queue === next) queue = null;
      });
    });
  }) as WebSocket['on'];
}
