import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import WebSocket from 'ws';
import type { AppRouter } from '@server/trpc/root';
import { createTestApp, createUser, type TestApp } from '../helpers/app';

describe('tRPC over a real websocket', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/trpc`;
  });
  afterAll(async () => t.close());

  it('streams a subscription and resumes after the last event id', async () => {
    const wsClient = createWSClient({ url, WebSocket: WebSocket as never });
    const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
    const received: Array<{ id: string; sequence: number }> = [];
    await new Promise<void>((resolve, reject) => {
      const subscription = client.system.ticks.subscribe(
        { count: 3, intervalMs: 10, lastEventId: '4' },
        {
          onData: (event) => {
            received.push({ id: event.id, sequence: event.data.sequence });
            if (received.length === 3) {
              subscription.unsubscribe();
              resolve();
            }
          },
          onError: reject,
        },
      );
    });
    expect(received).toEqual([
      { id: '5', sequence: 5 },
      { id: '6', sequence: 6 },
      { id: '7', sequence: 7 },
    ]);
    await wsClient.close();
  });

  it('authenticates queries with the token passed in connectionParams', async () => {
    const dj = await createUser(t.app, { role: 'dj' });
    const wsClient = createWSClient({ url, WebSocket: WebSocket as never, connectionParams: { token: dj.token } });
    const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
    const session = await client.users.alive.query();
    expect(session.user.id).toBe(dj.id);
    await wsClient.close();

    const guestClient = createWSClient({ url, WebSocket: WebSocket as never });
    const guest = createTRPCClient<AppRouter>({ links: [wsLink({ client: guestClient })] });
    await expect(guest.users.alive.query()).rejects.toThrow('Invalid access_token');
    await guestClient.close();
  });
});
