import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstRow } from '@db/store';
import { events } from '@db/schema/events';
import { tipOptions } from '@db/schema/tips';
import { users } from '@db/schema/users';
import { seedCoreData } from '../../seed/accounts';
import { demoEventPagePath, seedEvents } from '../../seed/events';
import { createTestApp, type TestApp } from '../helpers/app';

describe('event seed', () => {
  let test: TestApp;
  beforeEach(async () => {
    test = await createTestApp();
    await seedCoreData(test.app.services.db, test.config);
  });
  afterEach(async () => test.close());

  const db = () => test.app.services.db;
  const creator = async (tag: string) => (await firstRow(db().select().from(users).where(eq(users.creatorTag, tag))))!;

  it('gives each demo creator a stream, an event live now, an upcoming, a premium and a TBA event, and tip buttons', async () => {
    const now = new Date();
    await seedEvents(db(), now);
    for (const tag of ['mara_quill', 'tobin_live']) {
      const user = await creator(tag);
      expect(user.streamValue).toMatch(/^https:\/\//);
      const rows = await db().select().from(events).where(eq(events.userId, user.id));
      const at = now.toISOString();
      expect(rows.filter((row) => row.startDateTime! <= at && row.endDateTime! > at && row.isActive)).toHaveLength(1);
      expect(rows.filter((row) => row.startDateTime! > at && !row.isPremium)).toHaveLength(1);
      expect(rows.filter((row) => row.isPremium && row.premiumPriceCents > 0)).toHaveLength(1);
      expect(rows.filter((row) => row.startDateTime === null && row.endDateTime === null)).toHaveLength(1);
      const tips = await db().select().from(tipOptions).where(eq(tipOptions.userId, user.id));
      expect(tips.length).toBeGreaterThanOrEqual(2);

      const latest = await test.app.inject({ method: 'GET', url: `/api/event/latest/${tag}` });
      expect((latest.json() as { startDateTime: string }).startDateTime <= at).toBe(true);
    }
    expect(await demoEventPagePath(db())).toBe('/events/mara_quill');
  });

  it('adds nothing on a second run and leaves a changed stream alone', async () => {
    await seedEvents(db());
    const mara = await creator('mara_quill');
    await db().update(users).set({ streamValue: 'https://www.twitch.tv/mara' }).where(eq(users.id, mara.id));
    const before = { events: (await db().select().from(events)).length, tips: (await db().select().from(tipOptions)).length };
    await seedEvents(db());
    expect({ events: (await db().select().from(events)).length, tips: (await db().select().from(tipOptions)).length }).toEqual(before);
    expect((await creator('mara_quill')).streamValue).toBe('https://www.twitch.tv/mara');
  });
});
