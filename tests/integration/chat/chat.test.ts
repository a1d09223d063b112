import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { buildApp } from '@server/app';
import { chatMessages as chatMessagesTable } from '@db/schema/chat';
import { chatMessages } from '@server/domains/chat/chat.schemas';
import { bearer, callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../../helpers/app';
import { RateLimiter } from '@server/platform/rate-limit';
import { freshRateLimits, insertEvent, socketClient, watchRoom } from './chat-helpers';

async function expectTrpcError(promise: Promise<unknown>, code: TRPCError['code'], message?: string) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  expect((error as TRPCError).code).toBe(code);
  if (message) expect((error as TRPCError).message).toBe(message);
}

describe('live chat', () => {
  let t: TestApp;
  let creator: TestUser;
  let viewer: TestUser;
  let otherViewer: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    creator = await createUser(t.app, { role: 'dj' });
    viewer = await createUser(t.app, { role: 'viewer' });
    otherViewer = await createUser(t.app, { role: 'viewer' });
  });
  afterAll(async () => t.close());

  it('replays the history, then streams live messages sent over the socket with connectionParams.token', async () => {
    const eventId = await insertEvent(t.app, creator.id);
    const caller = await callerAs(t.app, viewer.token);
    for (const text of ['first', 'second', 'third']) {
      await caller.chat.send({ eventId, text, displayName: 'Vera' });
      freshRateLimits(t.app);
    }
    const socket = socketClient(t.app, viewer.token);
    const room = watchRoom(socket, eventId);
    await room.until((entries) => entries.length === 3);
    expect(room.texts()).toEqual(['first', 'second', 'third']);

    const sent = await socket.client.chat.send.mutate({ eventId, text: '  live one  ', displayName: 'Vera', photoURL: '/uploads/abcdefghij.png' });
    expect(sent).toMatchObject({ eventId, userId: viewer.id, displayName: 'Vera', photoURL: '/uploads/abcdefghij.png', text: 'live one' });
    await room.until((entries) => entries.length === 4);
    expect(room.received[3]).toEqual({ id: sent.id, item: { type: 'message', message: sent } });
    const ids = room.received.map((entry) => entry.id);
    expect([...ids].sort()).toEqual(ids);
    room.stop();
    await socket.close();
  });

  it('replays only the last 100 messages', async () => {
    const eventId = await insertEvent(t.app, creator.id);
    const { chat } = t.app.services;
    for (let index = 0; index < 120; index += 1) {
      chat.store.enqueue({ id: chat.nextId(), eventId, userId: viewer.id, displayName: 'Vera', photoURL: null, text: `m${index}`, createdAt: new Date().toISOString(), badge: null, memberBadge: false, origin: null });
    }
    const socket = socketClient(t.app);
    const room = watchRoom(socket, eventId);
    await room.until((entries) => entries.length === 100);
    expect(room.texts()[0]).toBe('m20');
    expect(room.texts()[99]).toBe('m119');
    await socket.close();
  });

  it('resumes after a server-side socket drop with nothing lost or doubled, deletions included', async () => {
    const eventId = await insertEvent(t.app, creator.id);
    const creatorCaller = await callerAs(t.app, creator.token);
    const send = async (text: string) => {
      freshRateLimits(t.app);
      return creatorCaller.chat.send({ eventId, text, displayName: 'Host' });
    };
    const before = await send('before drop');
    const socket = socketClient(t.app);
    const room = watchRoom(socket, eventId);
    await room.until((entries) => entries.length === 1);

    for (const client of t.app.websocketServer.clients) client.terminate();
    const whileAway = await send('while away');
    await creatorCaller.chat.deleteMessage({ eventId, messageId: before.id });
    await send('after delete');

    await room.until((entries) => entries.length === 4);
    await send('live again');
    await room.until((entries) => entries.length === 5);
    expect(room.received.map((entry) => entry.item)).toEqual([
      { type: 'message', message: before },
      { type: 'message', message: whileAway },
      { type: 'deleted', messageId: before.id },
      expect.objectContaining({ type: 'message', message: expect.objectContaining({ text: 'after delete' }) }),
      expect.objectContaining({ type: 'message', message: expect.objectContaining({ text: 'live again' }) }),
    ]);
    expect(new Set(room.received.map((entry) => entry.id)).size).toBe(5);
    await socket.close();
  });

  it('allows at most 3 messages per 2 seconds per sender', async () => {
    const eventId = await insertEvent(t.app, creator.id);
    const caller = await callerAs(t.app, otherViewer.token);
    for (const text of ['one', 'two', 'three']) await caller.chat.send({ eventId, text, displayName: 'Otto' });
    await expectTrpcError(caller.chat.send({ eventId, text: 'four', displayName: 'Otto' }), 'TOO_MANY_REQUESTS', chatMessages.tooFast);
    const stored = (await t.app.services.chat.store.history(eventId)).map((entry) => (entry.item.type === 'message' ? entry.item.message.text : ''));
    expect(stored).toEqual(['one', 'two', 'three']);
  });

  it('keeps counting for the whole 2-second window, and lets the sender go on after it', async () => {
    const eventId = await insertEvent(t.app, creator.id);
    const clock = { now: 1_000_000 };
    t.app.services.rateLimiter = new RateLimiter(() => clock.now);
    const caller = await callerAs(t.app, otherViewer.token);
    for (const text of ['one', 'two', 'three']) await caller.chat.send({ eventId, text, displayName: 'Otto' });
    clock.now += 1_900;
    await expectTrpcError(caller.chat.send({ eventId, text: 'too soon', displayName: 'Otto' }), 'TOO_MANY_REQUESTS', chatMessages.tooFast);
    clock.now += 101;
    await caller.chat.send({ eventId, text: 'after the window', displayName: 'Otto' });
    freshRateLimits(t.app);
  });

  it('checks the sender, the text and the event', async () => {
    const eventId = await insertEvent(t.app, creator.id);
    const inactiveId = await insertEvent(t.app, creator.id, { isActive: false });
    const guest = await t.app.inject({ method: 'POST', url: '/trpc/chat.send', payload: { eventId, text: 'hi', displayName: 'Guest' } });
    expect(guest.statusCode).toBe(401);
    const staff = await createUser(t.app, { role: 'staff' });
    await expectTrpcError((await callerAs(t.app, staff.token)).chat.send({ eventId, text: 'hi', displayName: 'Staff' }), 'FORBIDDEN');

    const freshViewer = await createUser(t.app, { role: 'viewer' });
    const headers = bearer(freshViewer.token);
    const blank = await t.app.inject({ method: 'POST', url: '/trpc/chat.send', headers, payload: { eventId, text: '   ', displayName: 'Vera' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(chatMessages.textRequired);
    const long = await t.app.inject({ method: 'POST', url: '/trpc/chat.send', headers, payload: { eventId, text: 'x'.repeat(501), displayName: 'Vera' } });
    expect(long.statusCode).toBe(400);
    const spacedName = await t.app.inject({ method: 'POST', url: '/trpc/chat.send', headers, payload: { eventId, text: 'hi', displayName: ' Vera' } });
    expect(spacedName.json().error.message).toBe(chatMessages.nameRequired);
    const inactive = await t.app.inject({ method: 'POST', url: '/trpc/chat.send', headers, payload: { eventId: inactiveId, text: 'hi', displayName: 'Vera' } });
    expect(inactive.statusCode).toBe(412);
    expect(inactive.json().error.message).toBe(chatMessages.inactive);
    const missing = await t.app.inject({ method: 'POST', url: '/trpc/chat.send', headers, payload: { eventId: 'no-such-event', text: 'hi', displayName: 'Vera' } });
    expect(missing.statusCode).toBe(404);
    const ok = await t.app.inject({ method: 'POST', url: '/trpc/chat.send', headers, payload: { eventId, text: 'x'.repeat(500), displayName: 'Vera' } });
    expect(ok.statusCode).toBe(200);
  });

  it('lets the creator delete and ban, seen live by every subscriber; a banned sender gets 403', async () => {
    const eventId = await insertEvent(t.app, creator.id);
    const spammer = await createUser(t.app, { role: 'viewer' });
    const spam = await (await callerAs(t.app, spammer.token)).chat.send({ eventId, text: 'buy my stuff', displayName: 'Spam' });

    const first = socketClient(t.app, viewer.token);
    const second = socketClient(t.app, otherViewer.token);
    const rooms = [watchRoom(first, eventId), watchRoom(second, eventId)];
    await Promise.all(rooms.map((room) => room.until((entries) => entries.length === 1)));

    await expectTrpcError((await callerAs(t.app, viewer.token)).chat.deleteMessage({ eventId, messageId: spam.id }), 'FORBIDDEN');
    const otherCreator = await createUser(t.app, { role: 'dj' });
    await expectTrpcError((await callerAs(t.app, otherCreator.token)).chat.ban({ eventId, userId: spammer.id }), 'FORBIDDEN');

    const moderator = await callerAs(t.app, creator.token);
    await moderator.chat.deleteMessage({ eventId, messageId: spam.id });
    await moderator.chat.ban({ eventId, userId: spammer.id });
    for (const room of rooms) {
      await room.until((entries) => entries.length === 3);
      expect(room.received.slice(1).map((entry) => entry.item)).toEqual([
        { type: 'deleted', messageId: spam.id },
        { type: 'banned', userId: spammer.id },
      ]);
    }
    const banned = await t.app.inject({ method: 'POST', url: '/trpc/chat.send', headers: bearer(spammer.token), payload: { eventId, text: 'again', displayName: 'Spam' } });
    expect(banned.statusCode).toBe(403);
    expect(banned.json().error.message).toBe(chatMessages.banned);
    expect((await (await callerAs(t.app, spammer.token)).chat.session({ eventId })).isBanned).toBe(true);

    const admin = await createUser(t.app, { role: 'admin' });
    const kept = await (await callerAs(t.app, viewer.token)).chat.send({ eventId, text: 'hello', displayName: 'Vera' });
    await (await callerAs(t.app, admin.token)).chat.deleteMessage({ eventId, messageId: kept.id });
    const marker = await moderator.chat.send({ eventId, text: 'welcome back', displayName: 'Host' });
    const fresh = socketClient(t.app);
    const late = watchRoom(fresh, eventId);
    await late.until((entries) => entries.length === 1);
    expect(late.received.map((entry) => entry.id)).toEqual([marker.id]);
    await Promise.all([first.close(), second.close(), fresh.close()]);
  });

  it('serves the same stream through the procedure (no websocket)', async () => {
    const eventId = await insertEvent(t.app, creator.id);
    const sent = await (await callerAs(t.app, creator.token)).chat.send({ eventId, text: 'via caller', displayName: 'Host' });
    const stream = await (await callerAs(t.app)).chat.messages({ eventId });
    const iterator = stream[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.value).toEqual([sent.id, { type: 'message', message: sent }, expect.anything()]);
    expect(t.app.services.chat.rooms.subscriberCount(eventId)).toBe(1);
    await iterator.return?.();
    expect(t.app.services.chat.rooms.subscriberCount(eventId)).toBe(0);
    await expectTrpcError((await callerAs(t.app)).chat.messages({ eventId: 'missing' }).then((it) => it[Symbol.asyncIterator]().next()), 'NOT_FOUND');
  });

  it('answers a clear error over the socket for an unknown room', async () => {
    const socket = socketClient(t.app);
    const error = await new Promise<unknown>((resolve) => {
      socket.client.chat.messages.subscribe({ eventId: 'no-such-event' }, { onError: resolve, onData: () => resolve('data') });
    });
    expect((error as Error).message).toBe(chatMessages.eventNotFound);
    await socket.close();
  });

  it('finds the room of a chat page by subdomain', async () => {
    const host = await createUser(t.app, { role: 'dj', creatorTag: 'night_owl', displayName: 'Night Owl' });
    const past = await insertEvent(t.app, host.id, { name: 'Past show', startDateTime: '2020-01-01T20:00:00.000Z', endDateTime: '2020-01-01T22:00:00.000Z' });
    const next = await insertEvent(t.app, host.id, { name: 'Next show', startDateTime: '2099-01-01T20:00:00.000Z', endDateTime: '2099-01-01T22:00:00.000Z' });
    const caller = await callerAs(t.app);
    expect(await caller.chat.room({ subdomain: 'Night_Owl' })).toMatchObject({ eventId: next, name: 'Next show', creatorDisplayName: 'Night Owl', creatorId: host.id });
    expect((await caller.chat.room({ subdomain: 'night_owl', eventId: past })).eventId).toBe(past);
    await expectTrpcError(caller.chat.room({ subdomain: 'night_owl', eventId: await insertEvent(t.app, creator.id) }), 'NOT_FOUND');
    await expectTrpcError(caller.chat.room({ subdomain: 'nobody_here' }), 'NOT_FOUND');
  });

  it('writes queued messages before the database closes', async () => {
    const own = await createTestApp();
    const host = await createUser(own.app, { role: 'dj' });
    const eventId = await insertEvent(own.app, host.id);
    const sent = await (await callerAs(own.app, host.token)).chat.send({ eventId, text: 'kept', displayName: 'Host' });
    expect(own.app.services.chat.store.queued).toBe(1);
    await own.app.close();
    const reopened = await buildApp(own.config);
    const rows = await reopened.services.db.select().from(chatMessagesTable);
    expect(rows.map((row) => row.id)).toEqual([sent.id]);
    await reopened.close();
    await own.close().catch(() => undefined);
  });
});
