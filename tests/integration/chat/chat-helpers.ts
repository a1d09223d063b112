import type { FastifyInstance } from 'fastify';
import { createTRPCClient, createWSClient, wsLink, type TRPCClient } from '@trpc/client';
import WebSocket from 'ws';
import { events } from '@db/schema/events';
import { newId } from '@server/lib/ids';
import { RateLimiter } from '@server/platform/rate-limit';
import type { ChatStreamItem } from '@server/domains/chat/chat.schemas';
import type { AppRouter } from '@server/trpc/root';

/** Inserts an event for a creator (the events domain is not needed for chat tests). */
export async function insertEvent(app: FastifyInstance, userId: string, overrides: Partial<typeof events.$inferInsert> = {}): Promise<string> {
  const id = overrides.id ?? newId();
  await app.services.db.insert(events).values({ id, userId, name: 'Friday Night Live', isActive: true, ...overrides });
  return id;
}

export function baseUrl(app: FastifyInstance, protocol: 'http' | 'ws'): string {
  const address = app.server.address();
  return `${protocol}://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

export interface SocketClient {
  client: TRPCClient<AppRouter>;
  close(): Promise<void>;
}

export function socketClient(app: FastifyInstance, token?: string): SocketClient {
  const wsClient = createWSClient({
    url: `${baseUrl(app, 'ws')}/trpc`,
    WebSocket: WebSocket as never,
    retryDelayMs: () => 50,
    ...(token ? { connectionParams: { token } } : {}),
  });
  return { client: createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] }), close: () => wsClient.close() };
}

export interface Received {
  id: string;
  item: ChatStreamItem;
}

/** Subscribes to a room and collects what arrives; `until` waits for a condition on the collected events. */
export function watchRoom(socket: SocketClient, eventId: string, lastEventId?: string) {
  const received: Received[] = [];
  const errors: unknown[] = [];
  const subscription = socket.client.chat.messages.subscribe(
    { eventId, ...(lastEventId ? { lastEventId } : {}) },
    {
      onData: (event) => received.push({ id: event.id, item: event.data }),
      onError: (error) => errors.push(error),
    },
  );
  return {
    received,
    errors,
    texts: () => received.flatMap((entry) => (entry.item.type === 'message' ? [entry.item.message.text] : [])),
    until: (condition: (entries: Received[]) => boolean, timeoutMs = 5000) => waitFor(() => condition(received), timeoutMs),
    stop: () => subscription.unsubscribe(),
  };
}

export async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('Timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Forgets every rate-limit budget (tests that send more than 3 messages as one sender). */
export function freshRateLimits(app: FastifyInstance): void {
  app.services.rateLimiter = new RateLimiter();
}
