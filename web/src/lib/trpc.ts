import { QueryClient } from '@tanstack/react-query';
import { createTRPCReact } from '@trpc/react-query';
import {
  createTRPCClientProxy,
  createTRPCUntypedClient,
  createWSClient,
  httpBatchLink,
  httpLink,
  splitLink,
  wsLink,
  type OperationContext,
  type OperationLink,
  type TRPCClient,
  type TRPCLink,
  type TRPCUntypedClient,
  type TRPCWebSocketClient,
} from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { inferRouterOutputs } from '@trpc/server';
import type { SessionAnswer } from '@server/domains/users/users.schemas';
import type { AppRouter } from '@server/trpc/root';
import { actingToken, afterFailedCall, type ActingAs } from './acting-session';
import { useSession } from './session-store';
import { i18n } from '@web/lib/i18n/i18n';

export type AppClient = TRPCClient<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** The React hooks of the one client (`Providers` gives them `sessionTrpc`). */
export const trpc = createTRPCReact<AppRouter>();

/** What a call says about its token and its way (tRPC's per-call `context`). */
interface CallContext {
  /** Whose token the call carries: the session's (the default) or the viewer's. */
  actingAs?: ActingAs;
  /** A token of the caller's instead (null: none): sign-in calls, a handed-back token, the admin's saved token. */
  token?: string | null;
  /** Over the websocket of its token, like subscriptions always are: a chat's calls travel with its room. */
  socket?: boolean;
}

/** The HTTP status of a failed call: the server's own, or the answer's when it was not tRPC's (a proxy); 0 without one. */
export function callStatus(error: unknown): number {
  const failure = (error && typeof error === 'object' ? error : {}) as { data?: { httpStatus?: unknown } | null; meta?: { response?: unknown } };
  if (typeof failure.data?.httpStatus === 'number') return failure.data.httpStatus;
  const response = failure.meta?.response;
  return response instanceof Response ? response.status : 0;
}

/** Decides once, as a call starts, which token it carries (`context.sentToken`), and applies the 401 rule to its failure. */
const tokenLink: TRPCLink<AppRouter> = () => ({ op, next }) =>
  observable((observer) => {
    const call = op.context as CallContext;
    const token = call.token !== undefined ? call.token : actingToken(call.actingAs ?? 'session');
    return next({ ...op, context: { ...op.context, sentToken: token } }).subscribe({
      next: (value) => observer.next(value),
      complete: () => observer.complete(),
      error: (error) => {
        afterFailedCall({ token, status: callStatus(error), path: op.path, message: error.message });
        observer.error(error);
      },
    });
  });

/** The token the call is made with, and the page's language (a guest's menu choice; the server answers errors in it). */
const callHeaders = (token: unknown): Record<string, string> => ({
  'accept-language': i18n.locale,
  ...(typeof token === 'string' && token ? { authorization: `Bearer ${token}` } : {}),
});
const batched = () => httpBatchLink({ url: '/trpc', headers: ({ opList }) => callHeaders(opList[0].context.sentToken) });

/** The /trpc websocket address of this page's origin. */
function wsUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/trpc`;
}

interface Socket {
  client: TRPCWebSocketClient;
  holders: number;
  idle?: ReturnType<typeof setTimeout>;
}

/** A websocket signs in once, with its first message (`connectionParams.token`): one socket per token in use. */
const sockets = new Map<string, Socket>();
/** How long a socket nothing uses stays open (a page that subscribes again soon finds it ready). */
const socketIdleMs = 10_000;

function takeSocket(token: string | null): Socket {
  const key = token ?? '';
  let socket = sockets.get(key);
  if (!socket) {
    socket = {
      client: createWSClient({
        url: wsUrl,
        connectionParams: () => (token ? { token } : {}),
        // It reconnects by itself; tRPC then re-subscribes with the last tracked id, so a chat resumes with no gap.
        retryDelayMs: (attempt) => Math.min(500 * 2 ** attempt, 10_000),
      }),
      holders: 0,
    };
    sockets.set(key, socket);
  }
  clearTimeout(socket.idle);
  socket.holders += 1;
  return socket;
}

function releaseSocket(token: string | null, socket: Socket): void {
  socket.holders -= 1;
  if (socket.holders > 0) return;
  socket.idle = setTimeout(() => {
    if (socket.holders > 0) return;
    sockets.delete(token ?? '');
    void socket.client.close();
  }, socketIdleMs);
}

/** tRPC's wsLink on the socket of the call's token, held while the call (or subscription) lasts. */
const socketLink: TRPCLink<AppRouter> = (runtime) => {
  const links = new WeakMap<TRPCWebSocketClient, OperationLink<AppRouter>>();
  return ({ op, next }) =>
    observable((observer) => {
      const token = (op.context.sentToken as string | null | undefined) ?? null;
      const socket = takeSocket(token);
      let link = links.get(socket.client);
      if (!link) links.set(socket.client, (link = wsLink<AppRouter>({ client: socket.client })(runtime)));
      const subscription = link({ op, next }).subscribe(observer);
      return () => {
        subscription.unsubscribe();
        releaseSocket(token, socket);
      };
    });
};

/**
 * The web app's one tRPC client. Subscriptions (and calls asking for it) go over the websocket of their token; calls
 * with a token of their own go alone (`httpLink`); the others are batched per acting session, so a batch never mixes
 * the creator's and the viewer's tokens.
 */
const client = createTRPCUntypedClient<AppRouter>({
  links: [
    tokenLink,
    splitLink({
      condition: (op) => op.type === 'subscription' || op.context.socket === true,
      true: socketLink,
      false: splitLink({
        condition: (op) => op.context.token !== undefined,
        true: httpLink({ url: '/trpc', headers: ({ op }) => callHeaders(op.context.sentToken) }),
        false: splitLink({ condition: (op) => op.context.actingAs === 'viewer', true: batched(), false: batched() }),
      }),
    }),
  ],
});

/** The one client with defaults for each call's context; tRPC's typed proxy (and its React hooks) call only these three methods. */
function clientWith(defaults: CallContext): AppClient {
  const withDefaults = <T extends { context?: OperationContext }>(opts: T | undefined): T => ({ ...opts, context: { ...defaults, ...opts?.context } }) as T;
  const view: Pick<TRPCUntypedClient<AppRouter>, 'query' | 'mutation' | 'subscription'> = {
    query: (path, input, opts) => client.query(path, input, withDefaults(opts)),
    mutation: (path, input, opts) => client.mutation(path, input, withDefaults(opts)),
    subscription: (path, input, opts) => client.subscription(path, input, withDefaults(opts)),
  };
  return createTRPCClientProxy(view as TRPCUntypedClient<AppRouter>);
}

/** The client acting as the dashboard session (the creator, the admin, or whom the admin emulates): the React hooks use it. */
export const sessionTrpc: AppClient = createTRPCClientProxy(client);
/** The client acting as the viewer of the event pages. */
export const viewerTrpc: AppClient = clientWith({ actingAs: 'viewer' });
/** The client with a given token (null: none), each call sent alone; a 401 still ends the session that token is. */
export function tokenTrpc(token: string | null): AppClient {
  return clientWith({ token });
}
/** Sign-in and registration calls: no token, whoever is signed in. */
export const guestTrpc: AppClient = tokenTrpc(null);

/**
 * A client whose every call goes over the websocket of `token`, and that socket held open until `close()`: one
 * chat's room subscription and the calls made in it.
 */
export function openSocketClient(token: string | null): { client: AppClient; close(): void } {
  const socket = takeSocket(token);
  let held = true;
  return {
    client: clientWith({ token, socket: true }),
    close: () => {
      if (held) releaseSocket(token, socket);
      held = false;
    },
  };
}

// The session's own calls live here, not in a module of their own: a small module shared by the first screen and
// lazy pages that imports this one makes the build split this client into a chunk of its own (one request more).

/** Re-validates a token with `users.alive` and answers the fresh token and user. */
export function alive(token: string): Promise<SessionAnswer> {
  return tokenTrpc(token).users.alive.query();
}

export const emulationMessages = { emulateFailed: 'Emulate user failed', exitFailed: 'Exit emulate failed' } as const;

/** Restores the admin's own session saved when the emulation started (re-validated with alive). */
export async function exitEmulation(): Promise<void> {
  const original = useSession.getState().originalToken;
  if (!original) throw new Error(emulationMessages.exitFailed);
  const answer = await alive(original);
  useSession.getState().finishEmulation(answer);
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => callStatus(error) >= 500 && count < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}
