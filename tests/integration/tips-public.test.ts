import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tipOptions } from '@db/schema/tips';
import { tipMessages } from '@server/domains/tips/tips.schemas';
import { callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/app';

describe('public tip options', () => {
  let test: TestApp;
  let creator: TestUser;

  beforeEach(async () => {
    test = await createTestApp();
    creator = await createUser(test.app, { role: 'dj' });
    const other = await createUser(test.app, { role: 'dj' });
    await test.app.services.db
      .insert(tipOptions)
      .values([
        { id: 'tip-b', userId: creator.id, title: 'Buy me a coffee', amountCents: 500, iconUrl: '/tip-icons/coffee.svg', position: 1 },
        { id: 'tip-a', userId: creator.id, title: 'Request a track', amountCents: 1250, iconUrl: null, position: 0 },
        { id: 'tip-c', userId: creator.id, title: 'Big thanks', amountCents: 10_000, iconUrl: '/tip-icons/heart.svg', position: 2 },
        { id: 'tip-x', userId: other.id, title: 'Not this one', amountCents: 100, position: 0 },
      ]);
  });
  afterEach(async () => test.close());

  it('GET /api/tips/get-tips-public/{userId} answers the creator’s options by position, amounts in dollars', async () => {
    const response = await test.app.inject({ method: 'GET', url: `/api/tips/get-tips-public/${creator.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: 'tip-a', title: 'Request a track', tipsAmount: 12.5, iconUrl: null },
      { id: 'tip-b', title: 'Buy me a coffee', tipsAmount: 5, iconUrl: '/tip-icons/coffee.svg' },
      { id: 'tip-c', title: 'Big thanks', tipsAmount: 100, iconUrl: '/tip-icons/heart.svg' },
    ]);
  });

  it('answers the same through tips.publicList for a guest', async () => {
    const list = await (await callerAs(test.app)).tips.publicList({ userId: creator.id });
    expect(list.map((tip) => tip.id)).toEqual(['tip-a', 'tip-b', 'tip-c']);
  });

  it('answers an empty list for a creator without options and 404 for someone who is not a creator', async () => {
    const quiet = await createUser(test.app, { role: 'dj' });
    const viewer = await createUser(test.app, { role: 'viewer' });
    expect((await test.app.inject({ method: 'GET', url: `/api/tips/get-tips-public/${quiet.id}` })).json()).toEqual([]);
    for (const id of [viewer.id, 'no-such-user']) {
      const response = await test.app.inject({ method: 'GET', url: `/api/tips/get-tips-public/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: tipMessages.creatorNotFound });
    }
  });
});
