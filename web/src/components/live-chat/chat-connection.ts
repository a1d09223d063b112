import { createTRPCClient, createWSClient, wsLink, type TRPCClient } from '@trpc/client';
import type { AppRouter } from '@server/trpc/root';
import { wsUrl } from '@web/lib/trpc';

export interface ChatConnection {
  client: TRPCClient<AppRouter>;
  close(): void;
}

/**
 * A websocket of its own for one chat: it signs in with the given token (`connectionParams.token`: the
 * viewer token on viewer pages), carries the room subscription and the chat calls, and reconnects by itself;
 * on reconnect tRPC re-subscribes with the last tracked id, so the room resumes with no gap and no duplicate.
 */
export function openChatConnection(token: string | null): ChatConnection {
  const wsClient = createWSClient({
    url: wsUrl,
    connectionParams: () => (token ? { token } : {}),
    retryDelayMs: (attempt) => Math.min(500 * 2 ** attempt, 10_000),
  });
  return {
    client: createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] }),
    close: () => void wsClient.close(),
  };
}
