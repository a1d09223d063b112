import { QueryClient } from '@tanstack/react-query';
import { createTRPCReact } from '@trpc/react-query';
import { createWSClient, httpBatchLink, splitLink, wsLink, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '@server/trpc/root';
import { sessionMessages, shouldLogoutOnError } from '@web/app/session-rules';
import { useSession } from './session-store';

/** The one tRPC client module of the web app. */
export const trpc = createTRPCReact<AppRouter>();

/** A 401 on a call made with the session's token logs out ("Invalid access_token"), except on the permission check. */
const sessionLink: TRPCLink<AppRouter> = () => ({ op, next }) =>
  observable((observer) => {
    const tokenAtSend = useSession.getState().token;
    return next(op).subscribe({
      next: (value) => observer.next(value),
      complete: () => observer.complete(),
      error: (error) => {
        const status = error.data?.httpStatus ?? 0;
        const stillSameSession = useSession.getState().token === tokenAtSend;
        if (stillSameSession && shouldLogoutOnError({ status, path: op.path, sentToken: !!tokenAtSend })) {
          useSession.getState().logout(sessionMessages.invalidToken);
        }
        observer.error(error);
      },
    });
  });

/** The /trpc websocket address of this page's origin. */
export function wsUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/trpc`;
}

export function createTrpcClient() {
  const wsClient = createWSClient({
    url: wsUrl,
    lazy: { enabled: true, closeMs: 10_000 },
    connectionParams: () => {
      const token = useSession.getState().token;
      return token ? { token } : {};
    },
  });
  return trpc.createClient({
    links: [
      sessionLink,
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink({ client: wsClient }),
        false: httpBatchLink({
          url: '/trpc',
          headers: () => {
            const token = useSession.getState().token;
            return token ? { authorization: `Bearer ${token}` } : {};
          },
        }),
      }),
    ],
  });
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => {
          const status = (error as { data?: { httpStatus?: number } }).data?.httpStatus ?? 0;
          return status >= 500 && count < 2;
        },
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}
