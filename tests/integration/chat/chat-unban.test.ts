import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { forbiddenMessage } from '@server/trpc/init';
import { chatMessages } from '@server/domains/chat/chat.schemas';
import { bearer, callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../../helpers/app';
import { freshRateLimits, insertEvent, socketClient, watchRoom } from './chat-helpers';

describe('lifting a chat ban', () => {
  let t: TestApp;
  let creator: TestUser;
  let viewer: TestUser;

  const post = (path: string, token: string, payload: object) => t.app.inject({ method: 'POST', url: `/trpc/${path}`, headers: bearer(token), payload });
  const get = (path: string, token: string, input: object) =>
    t.app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, headers: bearer(token) });

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    creator = await createUser(t.app, { role: 'dj', displayName: 'Mara Host' });
    viewer = await createUser(t.app, { role: 'viewer', displayName: 'Vera Account' });
  });
  afterAll(async () => t.close());

  it('a banned viewer is refused; the creator lists and unbans them, their open chat hears it, and they can post again', async () => {
    const eventId = await insertEvent(t.app, creator.id);
    const moderator = await callerAs(t.app, creator.token);
    await (await callerAs(t.app, viewer.token)).chat.send({ eventId, text: 'first', displayName: 'Vera' });
    freshRateLimits(t.app);
    await moderator.chat.ban({ eventId, userId: viewer.id });

    const refused = await post('chat.send', viewer.token, { eventId, text: 'let me talk', displayName: 'Vera' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(chatMessages.banned);

    const listed = await moderator.chat.bannedUsers({ eventId });
    expect(listed).toEqual([
      { userId: viewer.id, displayName: 'Vera Account', chatName: 'Vera', bannedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/), bannedBy: { userId: creator.id, displayName: 'Mara Host' }, origin: null },
    ]);

    const viewerSocket = socketClient(t.app, viewer.token);
    const viewerRoom = watchRoom(viewerSocket, eventId);
    await viewerRoom.until((entries) => entries.length === 1);
    const logged = vi.spyOn(t.app.services.log, 'info');

    const unbanned = await post('chat.unban', creator.token, { eventId, userId: viewer.id });
    expect(unbanned.statusCode).toBe(200);
    expect(unbanned.json().result.data).toEqual({ userId: viewer.id, unbanned: true });
    await viewerRoom.until((entries) => entries.length === 2);
    expect(viewerRoom.received[1]!.item).toEqual({ type: 'unbanned', userId: viewer.id });
    expect(viewerRoom.received[1]!.id > viewerRoom.received[0]!.id).toBe(true);
    expect(logged).toHaveBeenCalledWith({ eventId, userId: viewer.id, moderatorId: creator.id }, 'chat user unbanned');
    logged.mockRestore();

    expect(await moderator.chat.bannedUsers({ eventId })).toEqual([]);
    expect((await (await callerAs(t.app, viewer.token)).chat.session({ eventId })).isBanned).toBe(false);
    const again = await viewerSocket.client.chat.send.mutate({ eventId, text: 'thanks for letting me back', displayName: 'Vera' });
    await viewerRoom.until((entries) => entries.length === 3);
    expect(viewerRoom.received[2]!.item).toEqual({ type: 'message', message: again });
    viewerRoom.stop();
    await viewerSocket.close();
  });

  it('unbanning someone who is not banned changes nothing and publishes nothing', async () => {
    const eventId = await insertEvent(t.app, creator.id);
    const bystander = await createUser(t.app, { role: 'viewer' });
    const socket = socketClient(t.app);
    const room = watchRoom(socket, eventId);
    const logged = vi.spyOn(t.app.services.log, 'info');

    const moderator = await callerAs(t.app, creator.token);
    expect(await moderator.chat.unban({ eventId, userId: bystander.id })).toEqual({ userId: bystander.id, unbanned: false });
    expect(await moderator.chat.unban({ eventId, userId: 'no-such-user' })).toEqual({ userId: 'no-such-user', unbanned: false });
    expect(logged).not.toHaveBeenCalledWith(expect.anything(), 'chat user unbanned');
    logged.mockRestore();

    const marker = await moderator.chat.send({ eventId, text: 'marker', displayName: 'Host' });
    await room.until((entries) => entries.length === 1);
    expect(room.received.map((entry) => entry.item)).toEqual([{ type: 'message', message: marker }]);
    room.stop();
    await socket.close();
  });

  it('only the event creator and admins see the banned list or unban: another creator and viewers get 403', async () => {
    const eventId = await insertEvent(t.app, creator.id);
    const otherCreator = await createUser(t.app, { role: 'dj' });
    const otherViewer = await createUser(t.app, { role: 'viewer' });
    await (await callerAs(t.app, creator.token)).chat.ban({ eventId, userId: viewer.id });

    for (const outsider of [otherCreator, otherViewer, viewer]) {
      const listed = await get('chat.bannedUsers', outsider.token, { eventId });
      expect(listed.statusCode).toBe(403);
      expect(listed.json().error.message).toBe(forbiddenMessage);
      const unbanned = await post('chat.unban', outsider.token, { eventId, userId: viewer.id });
      expect(unbanned.statusCode).toBe(403);
      expect(unbanned.json().error.message).toBe(forbiddenMessage);
    }
    expect((await (await callerAs(t.app, viewer.token)).chat.session({ eventId })).isBanned).toBe(true);

    const admin = await createUser(t.app, { role: 'admin', displayName: 'Ada Admin' });
    const asAdmin = await callerAs(t.app, admin.token);
    expect((await asAdmin.chat.bannedUsers({ eventId })).map((banned) => banned.userId)).toEqual([viewer.id]);
    expect(await asAdmin.chat.unban({ eventId, userId: viewer.id })).toEqual({ userId: viewer.id, unbanned: true });
    expect(await asAdmin.chat.bannedUsers({ eventId })).toEqual([]);
  });

  it('lists bans latest first, with the banning moderator, and answers clear errors for bad input', async () => {
    const eventId = await insertEvent(t.app, creator.id);
    const [quiet, loud] = await Promise.all([createUser(t.app, { role: 'viewer', displayName: 'Quiet One' }), createUser(t.app, { role: 'viewer' })]);
    const admin = await createUser(t.app, { role: 'admin', displayName: 'Ada Admin' });
    await (await callerAs(t.app, creator.token)).chat.ban({ eventId, userId: quiet.id });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await (await callerAs(t.app, admin.token)).chat.ban({ eventId, userId: loud.id });

    const listed = await (await callerAs(t.app, creator.token)).chat.bannedUsers({ eventId });
    expect(listed.map(({ userId, chatName, bannedBy }) => ({ userId, chatName, bannedBy }))).toEqual([
      { userId: loud.id, chatName: null, bannedBy: { userId: admin.id, displayName: 'Ada Admin' } },
      { userId: quiet.id, chatName: null, bannedBy: { userId: creator.id, displayName: 'Mara Host' } },
    ]);

    const otherEvent = await insertEvent(t.app, creator.id);
    expect(await (await callerAs(t.app, creator.token)).chat.bannedUsers({ eventId: otherEvent })).toEqual([]);

    const missing = await post('chat.unban', creator.token, { eventId: 'no-such-event', userId: quiet.id });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(chatMessages.eventNotFound);
    expect((await get('chat.bannedUsers', creator.token, { eventId: 'no-such-event' })).statusCode).toBe(404);
    expect((await post('chat.unban', creator.token, { eventId, userId: '' })).statusCode).toBe(400);
    expect((await post('chat.unban', creator.token, { eventId, userId: quiet.id, extra: true })).statusCode).toBe(400);
    expect((await get('chat.bannedUsers', creator.token, {})).statusCode).toBe(400);
    const guest = await t.app.inject({ method: 'POST', url: '/trpc/chat.unban', payload: { eventId, userId: quiet.id } });
    expect(guest.statusCode).toBe(401);
  });
});
