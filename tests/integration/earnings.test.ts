import { afterAll, describe, expect, it } from 'vitest';
import { callerAs, createUser } from '../helpers/app';
import { cards, confirmCard, createPaymentsApp, createPaywall, createTip, expectedSplit, stage } from '../helpers/payments';

const test = await createPaymentsApp({ PAYMENT_RATE_LIMIT: '1000' });
const { app } = test;
afterAll(() => test.close());

async function pay(response: { json(): unknown }) {
  const intent = response.json() as { client_secret: string };
  expect(await confirmCard(app, intent.client_secret, cards.success)).toEqual({ status: 'succeeded' });
}

describe('earnings.summary', () => {
  it('per source and per month for the creator; the platform total for an admin; other creators are private', async () => {
    const s = await stage(app, { tipCents: 500, premiumCents: 1299 });
    await pay(await createTip(app, s));
    await pay(await createTip(app, s));
    await pay(await createPaywall(app, s));
    // A declined payment counts nowhere.
    const declined = (await createTip(app, s)).json() as { client_secret: string };
    await confirmCard(app, declined.client_secret, cards.declined);

    const tip = expectedSplit(500);
    const premium = expectedSplit(1299);
    const summary = await (await callerAs(app, s.creator.token)).earnings.summary();
    expect(summary.scope).toBe('creator');
    expect(summary.totals).toEqual({
      count: 3,
      grossCents: 2299,
      feeCents: 2 * tip.fee + premium.fee,
      netCents: 2 * tip.net + premium.net,
      creatorShareCents: 2 * tip.creator + premium.creator,
      platformShareCents: 2 * tip.platform + premium.platform,
    });
    expect(summary.bySource).toEqual([
      { source: 'tips', count: 2, grossCents: 1000, feeCents: 2 * tip.fee, netCents: 2 * tip.net, creatorShareCents: 2 * tip.creator, platformShareCents: 2 * tip.platform },
      { source: 'paywall', count: 1, grossCents: 1299, feeCents: premium.fee, netCents: premium.net, creatorShareCents: premium.creator, platformShareCents: premium.platform },
      { source: 'subscriptions', count: 0, grossCents: 0, feeCents: 0, netCents: 0, creatorShareCents: 0, platformShareCents: 0 },
      { source: 'memberships', count: 0, grossCents: 0, feeCents: 0, netCents: 0, creatorShareCents: 0, platformShareCents: 0 },
    ]);
    const month = new Date().toISOString().slice(0, 7);
    expect(summary.byMonth).toEqual([{ month, ...summary.totals }]);

    // A range that ends before today holds nothing.
    const empty = await (await callerAs(app, s.creator.token)).earnings.summary({ to: '2000-01-01' });
    expect(empty.totals.count).toBe(0);

    const other = await createUser(app, { role: 'dj' });
    await expect((await callerAs(app, other.token)).earnings.summary({ creatorId: s.creator.id })).rejects.toThrow('You do not have permission to do this');
    expect((await (await callerAs(app, other.token)).earnings.summary()).totals.count).toBe(0);

    const admin = await createUser(app, { role: 'admin' });
    const adminCaller = await callerAs(app, admin.token);
    expect((await adminCaller.earnings.summary({ creatorId: s.creator.id })).totals).toEqual(summary.totals);
    const platform = await adminCaller.earnings.summary();
    expect(platform.scope).toBe('platform');
    expect(platform.totals.grossCents).toBeGreaterThanOrEqual(2299);
    const viewer = await callerAs(app, s.viewer.token);
    await expect(viewer.earnings.summary()).rejects.toThrow('You do not have permission to do this');
  });
});
