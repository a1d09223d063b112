import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { HubConnectionBuilder, HttpTransportType, LogLevel, type HubConnection } from '@microsoft/signalr';
import { eventAccess } from '@db/schema/events';
import { chatMessages } from '@server/domains/chat/chat.schemas';
import { hubMessages } from '@server/domains/hub/hub.schemas';
import { callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../../helpers/app';
import { baseUrl, freshRateLimits, insertEvent, socketClient, waitFor, watchRoom } from './chat-helpers';

/** A premium event's chat is part of what is paid for (issue 22, item 1). */
describe('premium chat', () => {
  let t: TestApp;
  let creator: TestUser;
  let payer: TestUser;
  let guestViewer: TestUser;
  let admin: TestUser;
  let premiumId: string;
  let freeId: string;
  const hubs: HubConnection[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    creator = await createUser(t.app, { role: 'dj' });
    payer = await createUser(t.app, { role: 'viewer' });
    guestViewer = await createUser(t.app, { role: 'viewer' });
    admin = await createUser(t.app, { role: 'admin' });
    premiumId = await insertEvent(t.app, creator.id, { isPremium: true, premiumPriceCents: 500 });
    freeId = await insertEvent(t.app, creator.id);
    await t.app.services.db.insert(eventAccess).values({ viewerId: payer.id, eventId: premiumId, paymentId: 'pay_test' });
    await (await callerAs(t.app, payer.token)).chat.send({ eventId: premiumId, text: 'my card is on file, great set', displayName: 'Payer' });
    freshRateLimits(t.app);
  });
  afterAll(async () => {
    await Promise.all(hubs.map((hub) => hub.stop()));
    await t.close();
  });

  async function subscribe(eventId: string, token?: string) {
    const socket = socketClient(t.app, token);
    const room = watchRoom(socket, eventId);
    await waitFor(() => room.received.length > 0 || room.errors.length > 0);
    room.stop();
    await socket.close();
    return room;
  }

  it('refuses the history and live messages to a guest and a viewer without access, over the websocket', async () => {
    for (const token of [undefined, guestViewer.token]) {
      const room = await subscribe(premiumId, token);
      expect(room.received).toEqual([]);
      expect(room.errors[0]).toMatchObject({ message: chatMessages.buyToJoin, data: { code: 'FORBIDDEN' } });
    }
  });

  it('streams it to a viewer with access, the creator and an admin', async () => {
    for (const user of [payer, creator, admin]) {
      const room = await subscribe(premiumId, user.token);
      expect(room.errors).toEqual([]);
      expect(room.texts()).toEqual(['my card is on file, great set']);
    }
  });

  it('refuses sending to a premium chat without access; free rooms stay open to everyone', async () => {
    await expect((await callerAs(t.app, guestViewer.token)).chat.send({ eventId: premiumId, text: 'let me in', displayName: 'Sneaky' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: chatMessages.buyToJoin,
    });
    await (await callerAs(t.app, guestViewer.token)).chat.send({ eventId: freeId, text: 'hello all', displayName: 'Open' });
    freshRateLimits(t.app);
    expect((await subscribe(freeId)).texts()).toEqual(['hello all']);
  });

  it("refuses a premium event's hub group to those without access, over tRPC and SignalR", async () => {
    const group = `${creator.id}-${premiumId}`;
    const socket = socketClient(t.app);
    const errors: unknown[] = [];
    const subscription = socket.client.hub.messages.subscribe({ groupId: group }, { onError: (error) => errors.push(error) });
    await waitFor(() => errors.length > 0);
    subscription.unsubscribe();
    await socket.close();
    expect(errors[0]).toMatchObject({ message: hubMessages.buyToJoin });

    const connect = async (token?: string) => {
      const hub = new HubConnectionBuilder()
        .withUrl(`${baseUrl(t.app, 'http')}/msgHub?groupId=${encodeURIComponent(group)}`, {
          transport: HttpTransportType.WebSockets,
          ...(token ? { accessTokenFactory: () => token } : {}),
        })
        .configureLogging(LogLevel.None)
        .build();
      await hub.start();
      hubs.push(hub);
      return hub;
    };
    await expect(connect()).rejects.toThrow();
    await expect(connect(guestViewer.token)).rejects.toThrow();
    // Straight to the socket, without negotiating: refused there too.
    const raw = new WebSocket(`${baseUrl(t.app, 'ws')}/msgHub?groupId=${encodeURIComponent(group)}&access_token=${guestViewer.token}`);
    const closed = await new Promise<{ code: number; reason: string }>((resolve) => raw.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    expect(closed).toEqual({ code: 1008, reason: hubMessages.buyToJoin });
    const member = await connect(payer.token);
    const heard: unknown[][] = [];
    member.on('ReceiveMessage', (...args: unknown[]) => heard.push(args));
    await (await callerAs(t.app, creator.token)).hub.send({ group, text: 'thanks for paying' });
    await waitFor(() => heard.length === 1);
    expect(heard[0]).toEqual(['thanks for paying', group]);
  });
});
