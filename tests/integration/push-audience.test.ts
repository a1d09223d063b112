import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memberships } from '@db/schema/memberships';
import { firstRow } from '@db/store';
import { pushNotifications, pushSubscriptions } from '@db/schema/push';
import { pushMessages } from '@server/domains/push/push.schemas';
import { bearer, callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/app';
import { insertMembership, insertTier } from '../helpers/membership-rows';
import { FakeBrowserKeys, LocalPushService, waitFor } from '../helpers/push-service';

function subscribe(app: FastifyInstance, creatorId: string, subscription: unknown, token?: string) {
  return app.inject({ method: 'POST', url: '/api/push/subscribe', payload: { creatorId, subscription }, headers: token ? bearer(token) : {} });
}

describe('push audience: all subscribers or members only', () => {
  let test: TestApp;
  let pushService: LocalPushService;
  let admin: TestUser;
  let creator: TestUser;
  let member: TestUser;
  let lapsedMember: TestUser;
  let fan: TestUser;
  let membershipId: string;

  beforeEach(async () => {
    pushService = await new LocalPushService().start();
    test = await createTestApp();
    admin = await createUser(test.app, { role: 'admin' });
    creator = await createUser(test.app, { role: 'dj', displayName: 'Mara Quill' });
    member = await createUser(test.app, { role: 'viewer' });
    lapsedMember = await createUser(test.app, { role: 'viewer' });
    fan = await createUser(test.app, { role: 'viewer' });
    const tier = await insertTier(test.app, creator.id);
    membershipId = (await insertMembership(test.app, tier, member.id)).id;
    await insertMembership(test.app, tier, lapsedMember.id, { status: 'lapsed', lapsedAt: new Date().toISOString() });
    // Each browser follows the creator: a member, a former member and a signed-in fan (each signed in), and a guest.
    for (const [name, token] of [['member', member.token], ['lapsed', lapsedMember.token], ['fan', fan.token], ['guest', undefined]] as const) {
      expect((await subscribe(test.app, creator.id, new FakeBrowserKeys().subscription(pushService.endpoint(name)), token)).statusCode).toBe(200);
    }
  });
  afterEach(async () => {
    await test.close();
    await pushService.stop();
  });

  const viewerOf = async (name: string) =>
    (await firstRow(test.app.services.db.select({ viewerId: pushSubscriptions.viewerId }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, pushService.endpoint(name)))))?.viewerId;

  it("records the signed-in viewer who subscribed, and keeps it when the same browser subscribes again without a session", async () => {
    expect(await viewerOf('member')).toBe(member.id);
    expect(await viewerOf('fan')).toBe(fan.id);
    expect(await viewerOf('guest')).toBeNull();
    const again = new FakeBrowserKeys().subscription(pushService.endpoint('member'));
    expect((await subscribe(test.app, creator.id, again)).statusCode).toBe(200);
    expect(await viewerOf('member')).toBe(member.id);
    // A guest's browser that subscribes again signed in becomes the viewer's.
    expect((await subscribe(test.app, creator.id, new FakeBrowserKeys().subscription(pushService.endpoint('guest')), fan.token)).statusCode).toBe(200);
    expect(await viewerOf('guest')).toBe(fan.id);
  });

  it("reaches only current members' browsers with audience members, everyone with the default", async () => {
    const caller = await callerAs(test.app, admin.token);
    expect((await caller.push.overview({ creatorId: creator.id })).memberSubscriberCount).toBe(1);
    const toMembers = await caller.push.send({ title: 'Members first', body: 'Tickets open for you today.', creatorId: creator.id, audience: 'members' });
    expect(toMembers.recipients).toBe(1);
    await waitFor(() => pushService.received.length === 1, 10_000, 'the members push');
    expect(pushService.receivedFor('member')).toHaveLength(1);
    expect((await firstRow(test.app.services.db.select().from(pushNotifications).where(eq(pushNotifications.id, toMembers.id))))!.audience).toBe('members');

    const toAll = await caller.push.send({ title: 'Everyone', body: 'Live tonight.', creatorId: creator.id });
    expect(toAll.recipients).toBe(4);
    await waitFor(() => pushService.received.length === 5, 10_000, 'the pushes to all');
    expect(pushService.receivedFor('guest')).toHaveLength(1);
    expect(pushService.receivedFor('lapsed')).toHaveLength(1);

    const history = await caller.push.history({ creatorId: creator.id });
    expect(history.map((item) => [item.title, item.audience, item.recipients])).toEqual([
      ['Everyone', 'all', 4],
      ['Members first', 'members', 1],
    ]);
  });

  it('counts a membership only while it opens its perks (a lapsed one reaches nothing)', async () => {
    await test.app.services.db.update(memberships).set({ status: 'lapsed' }).where(eq(memberships.id, membershipId));
    const caller = await callerAs(test.app, admin.token);
    const sent = await caller.push.send({ title: 'Members first', body: 'Only for you.', creatorId: creator.id, audience: 'members' });
    expect(sent.recipients).toBe(0);
    expect((await firstRow(test.app.services.db.select().from(pushNotifications).where(eq(pushNotifications.id, sent.id))))!.completedAt).not.toBeNull();
  });

  it('takes the audience over REST (POST /api/push/send) and refuses an unknown one with its message', async () => {
    const sent = await test.app.inject({
      method: 'POST',
      url: '/api/push/send',
      headers: bearer(admin.token),
      payload: { title: 'Members first', body: 'Only for you.', creatorId: creator.id, audience: 'members' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ recipients: 1 });
    const bad = await test.app.inject({ method: 'POST', url: '/api/push/send', headers: bearer(admin.token), payload: { title: 'x', body: 'y', creatorId: creator.id, audience: 'fans' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: pushMessages.audience, errors: { audience: pushMessages.audience } });
  });
});
