import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, and } from 'drizzle-orm';
import { HubConnectionBuilder, HttpTransportType, LogLevel } from '@microsoft/signalr';
import { eventAccess, events } from '@db/schema/events';
import { memberships, membershipTierEvents } from '@db/schema/memberships';
import { users } from '@db/schema/users';
import { chatMessages } from '@server/domains/chat/chat.schemas';
import { publishHubMessage } from '@server/domains/hub/hub.service';
import { authMessages } from '@server/domains/users/users.schemas';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../helpers/app';
import { insertMembership, insertTier } from '../../helpers/membership-rows';
import { baseUrl, freshRateLimits, insertEvent, socketClient, waitFor, watchRoom, type SocketClient } from './chat-helpers';

/** Access is checked while a chat or hub subscription stays open, not only when it starts (every transport). */
describe('open subscriptions follow access', () => {
  let t: TestApp;
  let creator: TestUser;
  const sockets: SocketClient[] = [];
  const lossWithinMs = 5000;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    creator = await createUser(t.app, { role: 'dj', creatorTag: 'accessdj' });
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await t.close();
  });

  function socket(token?: string): SocketClient {
    const opened = socketClient(t.app, token);
    sockets.push(opened);
    return opened;
  }

  async function say(text: string, eventId: string): Promise<void> {
    freshRateLimits(t.app);
    const host = socket(creator.token);
    await host.client.chat.send.mutate({ eventId, displayName: 'Host', text });
  }

  function refusalOf(errors: unknown[]): string {
    return errors.map((error) => (error as Error).message).join(' | ');
  }

  it('a guest on a free event the creator turns premium stops receiving (websocket fast path)', async () => {
    const eventId = await insertEvent(t.app, creator.id);
    const guest = watchRoom(socket(), eventId);
    await say('free for all', eventId);
    await guest.until((entries) => entries.some((entry) => entry.item.type === 'message'));

    await t.app.services.db.update(events).set({ isPremium: true, premiumPriceCents: 500 }).where(eq(events.id, eventId));
    await waitFor(() => guest.errors.length > 0, lossWithinMs);
    expect(refusalOf(guest.errors)).toContain(chatMessages.buyToJoin);
    await say('paid only', eventId);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(guest.texts()).not.toContain('paid only');
  });

  it('a signed-in viewer reading a free room on the fast path stops receiving once deactivated; a guest goes on', async () => {
    const eventId = await insertEvent(t.app, creator.id);
    const viewer = await createUser(t.app, { role: 'viewer' });
    const reader = watchRoom(socket(viewer.token), eventId);
    const guest = watchRoom(socket(), eventId);
    await say('hello room', eventId);
    await reader.until((entries) => entries.some((entry) => entry.item.type === 'message'));

    await t.app.services.db.update(users).set({ isActive: false, deactivatedAt: new Date().toISOString() }).where(eq(users.id, viewer.id));
    await waitFor(() => reader.errors.length > 0, lossWithinMs);
    expect(refusalOf(reader.errors)).toContain(authMessages.accountDeactivated);
    await say('after deactivation', eventId);
    await guest.until((entries) => entries.some((entry) => entry.item.type === 'message' && entry.item.message.text === 'after deactivation'));
    expect(reader.texts()).not.toContain('after deactivation');
  });

  it('a member who lapses stops receiving a premium chat; a member who keeps access goes on (tRPC websocket)', async () => {
    const eventId = await insertEvent(t.app, creator.id, { isPremium: true, premiumPriceCents: 900 });
    const tier = await insertTier(t.app, creator.id);
    await t.app.services.db.insert(membershipTierEvents).values({ tierId: tier.id, eventId });
    const lapsing = await createUser(t.app, { role: 'viewer' });
    const staying = await createUser(t.app, { role: 'viewer' });
    const lapsingMembership = await insertMembership(t.app, tier, lapsing.id);
    await insertMembership(t.app, tier, staying.id);
    const lapsingRoom = watchRoom(socket(lapsing.token), eventId);
    const stayingRoom = watchRoom(socket(staying.token), eventId);
    await say('members first', eventId);
    await lapsingRoom.until((entries) => entries.some((entry) => entry.item.type === 'message'));
    await stayingRoom.until((entries) => entries.some((entry) => entry.item.type === 'message'));

    await t.app.services.db.update(memberships).set({ status: 'lapsed', lapsedAt: new Date().toISOString() }).where(eq(memberships.id, lapsingMembership.id));
    await waitFor(() => lapsingRoom.errors.length > 0, lossWithinMs);
    expect(refusalOf(lapsingRoom.errors)).toContain(chatMessages.buyToJoin);
    await say('members only now', eventId);
    await stayingRoom.until((entries) => entries.some((entry) => entry.item.type === 'message' && entry.item.message.text === 'members only now'));
    expect(lapsingRoom.texts()).not.toContain('members only now');
    expect(stayingRoom.errors).toEqual([]);
  });

  it('a deactivated viewer cannot send over the socket they still hold', async () => {
    const eventId = await insertEvent(t.app, creator.id);
    const viewer = await createUser(t.app, { role: 'viewer' });
    const viewerSocket = socket(viewer.token);
    const viewerRoom = watchRoom(viewerSocket, eventId);
    freshRateLimits(t.app);
    await viewerSocket.client.chat.send.mutate({ eventId, displayName: 'Viewer', text: 'hello' });
    await viewerRoom.until((entries) => entries.some((entry) => entry.item.type === 'message'));

    await t.app.services.db.update(users).set({ isActive: false, deactivatedAt: new Date().toISOString() }).where(eq(users.id, viewer.id));
    await expect(viewerSocket.client.chat.send.mutate({ eventId, displayName: 'Viewer', text: 'still here' })).rejects.toThrow(authMessages.accountDeactivated);
  });

  it('a viewer whose paid access is removed stops receiving over server-sent events', async () => {
    const eventId = await insertEvent(t.app, creator.id, { isPremium: true, premiumPriceCents: 700 });
    const viewer = await createUser(t.app, { role: 'viewer' });
    await t.app.services.db.insert(eventAccess).values({ viewerId: viewer.id, eventId });
    const controller = new AbortController();
    const response = await fetch(`${baseUrl(t.app, 'http')}/trpc/chat.messages?input=${encodeURIComponent(JSON.stringify({ eventId }))}`, {
      headers: { authorization: `Bearer ${viewer.token}`, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    let body = '';
    const reader = response.body!.getReader();
    const reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        body += new TextDecoder().decode(value);
      }
    })().catch(() => undefined);
    await say('sse visible', eventId);
    await waitFor(() => body.includes('sse visible'), lossWithinMs);

    await t.app.services.db.delete(eventAccess).where(and(eq(eventAccess.viewerId, viewer.id), eq(eventAccess.eventId, eventId)));
    await waitFor(() => body.includes(chatMessages.buyToJoin), lossWithinMs);
    await say('sse hidden', eventId);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(body).not.toContain('sse hidden');
    controller.abort();
    await reading;
  });

  it('a SignalR listener of a premium event whose access is removed is closed with the refusal', async () => {
    const eventId = await insertEvent(t.app, creator.id, { isPremium: true, premiumPriceCents: 700 });
    const viewer = await createUser(t.app, { role: 'viewer' });
    await t.app.services.db.insert(eventAccess).values({ viewerId: viewer.id, eventId });
    const group = `${creator.id}-${eventId}`;
    const connection = new HubConnectionBuilder()
      .withUrl(`${baseUrl(t.app, 'http')}/msgHub?groupId=${encodeURIComponent(group)}`, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => viewer.token })
      .configureLogging(LogLevel.None)
      .build();
    const received: unknown[][] = [];
    let closedWith: Error | undefined;
    let closed = false;
    connection.on('ReceiveMessage', (...args: unknown[]) => received.push(args));
    connection.onclose((error) => {
      closed = true;
      closedWith = error;
    });
    await connection.start();
    await publishHubMessage(t.app.services, group, 'welcome, payer');
    await waitFor(() => received.length === 1, lossWithinMs);

    await t.app.services.db.delete(eventAccess).where(eq(eventAccess.viewerId, viewer.id));
    await waitFor(() => closed, lossWithinMs);
    expect(closedWith?.message).toContain('Buy access');
    await publishHubMessage(t.app.services, group, 'after the refund');
    expect(received).toEqual([['welcome, payer', group]]);
  });
});
