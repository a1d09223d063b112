import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '@db/schema/memberships';
import { callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/app';
import { insertMembership, insertTier } from '../helpers/membership-rows';
import { freshRateLimits, insertEvent, socketClient, waitFor, watchRoom, type Received } from './chat/chat-helpers';

describe('the member badge in chat', () => {
  let t: TestApp;
  let creator: TestUser;
  let eventId: string;
  let badgeMember: TestUser;
  let plainMember: TestUser;
  let lapsedMember: TestUser;
  let otherCreatorsMember: TestUser;
  let fan: TestUser;
  let adminMember: TestUser;
  let badgeMembershipId: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    creator = await createUser(t.app, { role: 'dj', displayName: 'Mara Test', creatorTag: 'mara_dj' });
    const otherCreator = await createUser(t.app, { role: 'dj' });
    const viewer = () => createUser(t.app, { role: 'viewer' });
    [badgeMember, plainMember, lapsedMember, otherCreatorsMember, fan] = [await viewer(), await viewer(), await viewer(), await viewer(), await viewer()];
    const withBadge = await insertTier(t.app, creator.id, { chatBadge: true });
    const withoutBadge = await insertTier(t.app, creator.id, { chatBadge: false });
    badgeMembershipId = (await insertMembership(t.app, withBadge, badgeMember.id)).id;
    await insertMembership(t.app, withoutBadge, plainMember.id);
    adminMember = await createUser(t.app, { role: 'admin' });
    await insertMembership(t.app, withBadge, adminMember.id);
    await insertMembership(t.app, withBadge, lapsedMember.id, { status: 'lapsed', lapsedAt: new Date().toISOString() });
    await insertMembership(t.app, await insertTier(t.app, otherCreator.id, { chatBadge: true }), otherCreatorsMember.id);
    eventId = await insertEvent(t.app, creator.id);
  });
  afterAll(async () => t.close());

  const badges = (entries: Received[]) =>
    entries.flatMap((entry) => (entry.item.type === 'message' ? [[entry.item.message.displayName, entry.item.message.badge, entry.item.message.memberBadge]] : []));

  it("marks the messages of members whose tier has the chat badge, live and in the history, and nobody else's", async () => {
    const socket = socketClient(t.app);
    const room = watchRoom(socket, eventId);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const senders = [
      [badgeMember, 'Badge Bea'],
      [plainMember, 'Plain Pat'],
      [lapsedMember, 'Former Flo'],
      [otherCreatorsMember, 'Elsewhere Eli'],
      [fan, 'Fan Finn'],
      [adminMember, 'Mod Sam'],
      [creator, 'Mara Test'],
    ] as const;
    const answers: unknown[] = [];
    for (const [user, displayName] of senders) {
      const sent = await (await callerAs(t.app, user.token)).chat.send({ eventId, text: `hi from ${displayName}`, displayName });
      answers.push([sent.displayName, sent.badge, sent.memberBadge]);
      freshRateLimits(t.app);
    }
    const expected = [
      ['Badge Bea', 'member', true],
      ['Plain Pat', null, false],
      ['Former Flo', null, false],
      ['Elsewhere Eli', null, false],
      ['Fan Finn', null, false],
      ['Mod Sam', 'moderator', true],
      ['Mara Test', 'host', false],
    ];
    expect(answers).toEqual(expected);
    await room.until((entries) => entries.length === senders.length);
    expect(badges(room.received)).toEqual(expected);
    room.stop();

    const replay = watchRoom(socket, eventId);
    await waitFor(() => replay.received.length === senders.length);
    expect(badges(replay.received)).toEqual(expected);
    replay.stop();

    // The badge follows the membership: once it no longer opens its perks, the history shows none.
    await t.app.services.db.update(memberships).set({ status: 'lapsed' }).where(eq(memberships.id, badgeMembershipId));
    const later = watchRoom(socket, eventId);
    await waitFor(() => later.received.length === senders.length);
    expect(badges(later.received)[0]).toEqual(['Badge Bea', null, false]);
    later.stop();
    await socket.close();
  });
});
