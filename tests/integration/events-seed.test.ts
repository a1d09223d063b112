import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstRow } from '@db/store';
import { events } from '@db/schema/events';
import { liveSessions } from '@db/schema/live';
import { payments } from '@db/schema/payments';
import { tipOptions } from '@db/schema/tips';
import { users } from '@db/schema/users';
import { splitRevenue } from '@server/domains/payments/ledger';
import { seedCoreData } from '../../seed/accounts';
import { seedChatHistory, seededChatTexts } from '../../seed/chat';
import { demoEventPagePath, seedEvents } from '../../seed/events';
import { callerAs, createTestApp, type TestApp } from '../helpers/app';

describe('event seed', () => {
  let test: TestApp;
  beforeEach(async () => {
    test = await createTestApp();
    await seedCoreData(test.app.services.db, test.config);
  });
  afterEach(async () => test.close());

  const db = () => test.app.services.db;
  const creator = async (tag: string) => (await firstRow(db().select().from(users).where(eq(users.creatorTag, tag))))!;

  async function callerOf(tag: string) {
    const user = await creator(tag);
    return callerAs(test.app, await test.app.services.tokens.issue({ userId: user.id, role: user.role, typ: 'user', tokenVersion: user.tokenVersion }));
  }

  it('gives each demo creator a stream, an event live now, an upcoming, a premium, a TBA and a past event, and tip buttons', async () => {
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
      expect(rows.filter((row) => row.endDateTime !== null && row.endDateTime < at && !row.isPremium && row.isActive)).toHaveLength(1);
      const tips = await db().select().from(tipOptions).where(eq(tipOptions.userId, user.id));
      expect(tips.length).toBeGreaterThanOrEqual(2);

      const latest = await test.app.inject({ method: 'GET', url: `/api/event/latest/${tag}` });
      expect((latest.json() as { startDateTime: string }).startDateTime <= at).toBe(true);
    }
    expect(await demoEventPagePath(db())).toBe('/events/mara_quill');
  });

  it("streamed each creator's past event: it reads as ended, its tips are in Earnings and on the live card with its chat", async () => {
    const now = new Date();
    await seedEvents(db(), now);
    await seedChatHistory(db(), now.getTime());
    const expected = {
      mara_quill: { tips: [{ amountCents: 1000, payerName: 'Ana', tipMessage: 'Play the one with the strings!' }, { amountCents: 2500, payerName: 'Jules', tipMessage: null }] },
      tobin_live: { tips: [{ amountCents: 300, payerName: 'Ana', tipMessage: null }, { amountCents: 700, payerName: 'Jules', tipMessage: 'Great questions tonight' }] },
    };
    for (const [tag, { tips }] of Object.entries(expected)) {
      const user = await creator(tag);
      const past = (await db().select().from(events).where(eq(events.userId, user.id))).find((row) => row.endDateTime !== null && row.endDateTime < now.toISOString())!;
      expect(Date.parse(past.endDateTime!) - Date.parse(past.startDateTime!)).toBe(2 * 3_600_000);
      expect(Date.parse(past.startDateTime!)).toBeLessThan(now.getTime() - 7 * 24 * 3_600_000);

      // Its page's player knows our own stream went out and ended (not "offline").
      const status = await (await callerAs(test.app)).live.status({ eventId: past.id });
      expect(status).toMatchObject({ state: 'ended', startedAt: past.startDateTime });

      // Earnings lists the tips, paid during the event by the sample chat's viewers, with the creator's 60% of the net.
      const caller = await callerOf(tag);
      const paid = (await caller.earnings.payments({})).items.filter((item) => item.source === 'tips');
      expect(paid.map(({ amountCents, payerName, tipMessage }) => ({ amountCents, payerName, tipMessage })).sort((a, b) => a.amountCents - b.amountCents)).toEqual(tips);
      for (const item of paid) {
        expect(item.date >= past.startDateTime! && item.date <= past.endDateTime!, item.date).toBe(true);
        const fee = (await firstRow(db().select({ fee: payments.feeCents }).from(payments).where(eq(payments.id, item.id))))!.fee!;
        expect(fee).toBeGreaterThan(0);
        expect(item.creatorShareCents).toBe(splitRevenue(item.amountCents, fee).creatorCents);
      }
      const summary = await caller.earnings.summary({});
      expect(summary.totals.grossCents).toBe(tips.reduce((sum, tip) => sum + tip.amountCents, 0));

      // The live card: the chat written while it ran and the tips sent then.
      const live = await caller.analytics.live({ eventId: past.id });
      expect(live.chatMessages).toBe(seededChatTexts.length);
      expect(live.tipsCents).toBe(summary.totals.grossCents);
    }
  });

  it('adds nothing on a second run and leaves a changed stream alone', async () => {
    await seedEvents(db());
    const mara = await creator('mara_quill');
    await db().update(users).set({ streamValue: 'https://www.twitch.tv/mara' }).where(eq(users.id, mara.id));
    const counts = async () => ({
      events: (await db().select().from(events)).length,
      tips: (await db().select().from(tipOptions)).length,
      sessions: (await db().select().from(liveSessions)).length,
      payments: (await db().select().from(payments)).length,
    });
    const before = await counts();
    expect(before.sessions).toBe(2);
    await seedEvents(db());
    expect(await counts()).toEqual(before);
    expect((await creator('mara_quill')).streamValue).toBe('https://www.twitch.tv/mara');
  });
});
