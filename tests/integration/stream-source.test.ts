import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventAccess, events } from '@db/schema/events';
import { eventMessages } from '@server/domains/events/events.schemas';
import { bearer, callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/app';

const hour = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const streamUrl = 'https://example.test/creator-live.m3u8';
const none = { kind: 'none', url: null, live: false, expiresAt: null };

/** The creator's one external stream URL (profile) plays their premium event: no free event or public answer hands it out. */
describe('the external stream source while a premium event is not over', () => {
  let test: TestApp;
  let creator: TestUser;
  let viewer: TestUser;
  let premiumId: string;
  let freeId: string;

  beforeEach(async () => {
    test = await createTestApp();
    creator = await createUser(test.app, { role: 'dj', creatorTag: 'premium_dj', streamValue: streamUrl });
    viewer = await createUser(test.app, { role: 'viewer' });
    const caller = await callerAs(test.app, creator.token);
    premiumId = (await caller.events.create({ name: 'Paid set', startDateTime: iso(2 * hour), endDateTime: iso(4 * hour), isPremium: true, premiumPrice: 9 })).id;
    freeId = (await caller.events.create({ name: 'Free set', startDateTime: iso(-hour), endDateTime: iso(hour) })).id;
  });
  afterEach(async () => test.close());

  const get = (url: string, token?: string) => test.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  it('a free event answers no external source to anyone, REST or tRPC', async () => {
    for (const token of [undefined, viewer.token, creator.token]) {
      const rest = await get(`/api/event/${freeId}/stream`, token);
      expect(rest.statusCode).toBe(200);
      expect(rest.json()).toEqual(none);
      expect(await (await callerAs(test.app, token)).events.stream({ eventId: freeId })).toEqual(none);
    }
  });

  it('events.publicById and events.latest carry no stream URL anywhere in the body, REST or tRPC', async () => {
    await test.app.services.db.insert(eventAccess).values({ viewerId: viewer.id, eventId: premiumId, paymentId: 'pay_test' });
    for (const token of [undefined, viewer.token, creator.token]) {
      for (const url of [`/api/event/${freeId}`, `/api/event/${premiumId}`, '/api/event/latest/premium_dj']) {
        const rest = await get(url, token);
        expect(rest.statusCode, url).toBe(200);
        expect(rest.body, url).not.toContain(streamUrl);
      }
      const caller = await callerAs(test.app, token);
      const answers = [
        await caller.events.publicById({ id: freeId }),
        await caller.events.publicById({ id: premiumId }),
        await caller.events.latest({ subdomain: 'premium_dj' }),
      ];
      expect(JSON.stringify(answers)).not.toContain(streamUrl);
    }
  });

  it("the premium event's stream is refused to a guest and plays for a viewer who paid", async () => {
    const refused = await get(`/api/event/${premiumId}/stream`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: eventMessages.buyToWatch });
    expect(refused.body).not.toContain(streamUrl);
    await expect((await callerAs(test.app)).events.stream({ eventId: premiumId })).rejects.toMatchObject({ code: 'FORBIDDEN' });

    await test.app.services.db.insert(eventAccess).values({ viewerId: viewer.id, eventId: premiumId, paymentId: 'pay_test' });
    const playing = { kind: 'hls', url: streamUrl, live: false, expiresAt: null };
    expect((await get(`/api/event/${premiumId}/stream`, viewer.token)).json()).toEqual(playing);
    expect(await (await callerAs(test.app, viewer.token)).events.stream({ eventId: premiumId })).toEqual(playing);
  });

  it('a premium event without an end ("TBA") keeps the free events silent too', async () => {
    await test.app.services.db.update(events).set({ startDateTime: null, endDateTime: null }).where(eq(events.id, premiumId));
    expect((await get(`/api/event/${freeId}/stream`)).json()).toEqual(none);
  });

  it('once the premium event has ended, the free event plays the external source again', async () => {
    await test.app.services.db.update(events).set({ startDateTime: iso(-3 * hour), endDateTime: iso(-2 * hour) }).where(eq(events.id, premiumId));
    const playing = { kind: 'hls', url: streamUrl, live: true, expiresAt: null };
    expect((await get(`/api/event/${freeId}/stream`)).json()).toEqual(playing);
    expect(await (await callerAs(test.app)).events.stream({ eventId: freeId })).toEqual(playing);
  });
});
