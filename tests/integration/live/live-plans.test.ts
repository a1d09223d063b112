import { afterEach, describe, expect, it } from 'vitest';
import { subscriptions } from '@db/schema/payments';
import { planRefusals } from '@server/domains/billing/plan-access';
import { channelOf } from '@server/domains/live/live.keys';
import { newId } from '@server/lib/ids';
import { callerAs, createTestApp, createUser, type TestApp } from '../../helpers/app';
import { publishTestStream, startIngest, stopAllPublishers, waitFor } from '../../helpers/live';

const apps: TestApp[] = [];
afterEach(async () => {
  await stopAllPublishers();
  await Promise.all(apps.splice(0).map((test) => test.close()));
});

describe('going live under "Features require a plan"', () => {
  it('refuses a publish from a creator without the LIVE STREAM plan (the Go live page says why); the plan lets it through', async () => {
    const test = await createTestApp({ RTMP_HOST: '127.0.0.1', RTMP_PORT: '0' });
    apps.push(test);
    const { app } = test;
    const port = await startIngest(app);
    const admin = await createUser(app, { role: 'admin' });
    await (await callerAs(app, admin.token)).settings.update({ group: 'general', values: { plansRequired: true } });

    const creator = await createUser(app, { role: 'dj' });
    const caller = await callerAs(app, creator.token);
    const settings = await caller.live.settings();
    expect(settings).toMatchObject({ enabled: true, reason: planRefusals.liveStream });
    const refused = publishTestStream(port, settings.streamKey, { seconds: 3 });
    expect(await refused.exited).not.toBe(0);
    expect((await channelOf(app.services.db, creator.id)).lastRefusalReason).toBe(planRefusals.liveStream);
    expect((await caller.live.dashboard()).lastRefusal?.reason).toBe(planRefusals.liveStream);
    expect((await caller.live.dashboard()).state).toBe('offline');

    await app.services.db
      .insert(subscriptions)
      .values({ id: newId(), userId: creator.id, productId: 'LIVE_STREAM', provider: 'local', providerCustomerId: 'cus_x', status: 'active', priceCents: 2999, currentPeriodEnd: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await caller.live.settings()).reason).toBeNull();
    publishTestStream(port, settings.streamKey, { seconds: 30 });
    await waitFor('the creator to be live', async () => (await caller.live.dashboard()).state === 'live');
  });
});
