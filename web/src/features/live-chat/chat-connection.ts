import { openSocketClient, type AppClient } from '@web/lib/trpc';

export interface ChatConnection {
  client: AppClient;
  close(): void;
}

/**
 * One chat's calls and room subscription, all on the app client's websocket for the given token (`connectionParams.token`:
 * the viewer token on viewer pages), opened now and held until `close()`. The socket reconnects by itself; on reconnect
 * tRPC re-subscribes with the last tracked id, so the room resumes with no gap and no duplicate.
 */
export function openChatConnection(token: string | null): ChatConnection {
  return openSocketClient(token);
}
