/**
 * The typed Cuepoint client for scripts: `createCuepointClient({ url, token })` answers a tRPC client typed with
 * the server's AppRouter (a type-only import: nothing from the server runs here). Queries and mutations go over
 * HTTP (batched), subscriptions over one websocket opened on first use (the `ws` package on Node).
 */
import { createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink, type TRPCClient } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import WebSocket from 'ws';
import type { AppRouter } from '../server/trpc/root';

export type { AppRouter };
export type CuepointInputs = inferRouterInputs<AppRouter>;
export type CuepointOutputs = inferRouterOutputs<AppRouter>;

export interface CuepointClientOptions {
  /** Where Cuepoint runs, e.g. `https://cuepoint.example.com` (the `/trpc` path is added). */
  url: string;
  /** A personal API token (`cp_...`) or a session token. */
  token?: string | undefined;
}

export type CuepointClient = TRPCClient<AppRouter> & {
  /** Closes the websocket, if a subscription opened one, so a script can exit. */
  close(): Promise<void>;
};

function trpcUrls(base: string): { http: string; ws: string } {
  const url = new URL(base);
  const path = url.pathname.replace(/\/+$/, '');
  const httpUrl = `${url.origin}${path.endsWith('/trpc') ? path : `${path}/trpc`}`;
  return { http: httpUrl, ws: httpUrl.replace(/^http/, 'ws') };
}

export function createCuepointClient({ url, token }: CuepointClientOptions): CuepointClient {
  const urls = trpcUrls(url);
  const wsClient = createWSClient({
    url: urls.ws,
    WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
    connectionParams: token ? { token } : null,
    // Opened by the first subscription, closed shortly after the last one ends.
    lazy: { enabled: true, closeMs: 1000 },
  });
  const client = createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (operation) => operation.type === 'subscription',
        true: wsLink({ client: wsClient }),
        false: httpBatchLink({ url: urls.http, headers: () => (token ? { authorization: `Bearer ${token}` } : {}) }),
      }),
    ],
  });
  const close = () => wsClient.close();
  // The tRPC client is itself a proxy over procedure paths: answer `close` before it.
  return new Proxy(client, { get: (target, property, receiver) => (property === 'close' ? close : Reflect.get(target, property, receiver)) }) as CuepointClient;
}

/** Reads CUEPOINT_URL and CUEPOINT_TOKEN, the settings every example script takes. */
export function cuepointClientFromEnv(env: NodeJS.ProcessEnv = process.env): CuepointClient {
  const url = env.CUEPOINT_URL;
  const token = env.CUEPOINT_TOKEN;
  if (!url) throw new Error('Set CUEPOINT_URL to where Cuepoint runs, e.g. http://localhost:3000');
  if (!token) throw new Error('Set CUEPOINT_TOKEN to an API token (Profile → API)');
  return createCuepointClient({ url, token });
}
