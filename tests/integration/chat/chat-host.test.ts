import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chatNameKey, isHostName } from '@server/domains/chat/chat.schemas';
import { bearer, callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../../helpers/app';
import { freshRateLimits, insertEvent, socketClient, waitFor, watchRoom } from './chat-helpers';

/** No one may pose as the host; the host, admins and members carry badges (issue 22, item 2). */
describe('the host in chat', () => {
  let t: TestApp;
  let creator: TestUser;
  let viewer: TestUser;
  let admin: TestUser;
  let eventId: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    creator = await createUser(t.app, { role: 'dj', displayName: 'Mara Test', creatorTag: 'mara_dj' });
    viewer = await createUser(t.app, { role: 'viewer' });
    admin = await createUser(t.app, { role: 'admin' });
    eventId = await insertEvent(t.app, creator.id);
  });
  afterAll(async () => t.close());

  it("reads names without case, spaces, punctuation or diacritics", () => {
    expect(chatNameKey('  Mára-Test! ')).toBe('maratest');
    const host = { displayName: 'Mara Test', tag: 'mara_dj' };
    for (const name of ['Mara Test', 'mara test', 'MÁRA  TEST', 'm.a.r.a-t.e.s.t', 'Mara_DJ', 'mara dj']) expect(isHostName(name, host), name).toBe(true);
    for (const name of ['Mara Tester', 'Vera', '!!!']) expect(isHostName(name, host), name).toBe(false);
  });

  it('refuses the host\'s name to a viewer and an admin with "This name belongs to the host" (tRPC and REST-shaped 400)', async () => {
    for (const user of [viewer, admin]) {
      for (const displayName of ['Mara Test', 'mára-test', 'MARA_DJ']) {
        await expect((await callerAs(t.app, user.token)).chat.send({ eventId, text: 'premium is free tonight', displayName })).rejects.toMatchObject({
          code: 'BAD_REQUEST',
          message: chatMessages.hostName,
        });
      }
    }
    const overHttp = await t.app.inject({
      method: 'POST',
      url: '/trpc/chat.send',
      headers: { ...bearer(viewer.token), 'content-type': 'application/json' },
      payload: { eventId, text: 'DM me your card number', displayName: 'Mara Test' },
    });
    expect(overHttp.statusCode).toBe(400);
    expect(overHttp.json()).toMatchObject({ error: { message: chatMessages.hostName, data: { fieldErrors: { displayName: chatMessages.hostName } } } });
  });

  it('badges the host, moderators, nobody else — live and in the history', async () => {
    const socket = socketClient(t.app);
    const room = watchRoom(socket, eventId);
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const [user, displayName] of [[creator, 'Mara Test'], [admin, 'Mod Sam'], [viewer, 'Vera']] as const) {
      await (await callerAs(t.app, user.token)).chat.send({ eventId, text: `hi from ${displayName}`, displayName });
      freshRateLimits(t.app);
    }
    await room.until((entries) => entries.length === 3);
    const badges = (entries: typeof room.received) => entries.map((entry) => (entry.item.type === 'message' ? [entry.item.message.displayName, entry.item.message.badge] : null));
    const expected = [['Mara Test', 'host'], ['Mod Sam', 'moderator'], ['Vera', null]];
    expect(badges(room.received)).toEqual(expected);
    room.stop();

    const replay = watchRoom(socket, eventId);
    await waitFor(() => replay.received.length === 3);
    expect(badges(replay.received)).toEqual(expected);
    replay.stop();
    await socket.close();
  });
});
