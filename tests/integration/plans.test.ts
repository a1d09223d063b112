import { afterAll, describe, expect, it } from 'vitest';
import type { ProductId } from '@db/schema/billing';
import { subscriptions } from '@db/schema/payments';
import { addOnExplanation, defaultProductFeatures } from '@server/domains/billing/billing.schemas';
import { plansPagePath, planRefusals } from '@server/domains/billing/plan-access';
import { newId } from '@server/lib/ids';
import { bearer, callerAs, createUser, type TestUser } from '../helpers/app';
import { makePng, multipart } from '../helpers/images';
import { cards, confirmCard, createPaymentsApp } from '../helpers/payments';

const test = await createPaymentsApp({ PAYMENT_RATE_LIMIT: '1000' });
const { app } = test;
const db = app.services.db;
afterAll(() => test.close());

const admin = await createUser(app, { role: 'admin' });
const adminCaller = await callerAs(app, admin.token);

async function setGating(on: boolean) {
  await adminCaller.settings.update({ group: 'general', values: { plansRequired: on } });
}

const day = 86_400_000;
async function subscribe(user: TestUser, productId: ProductId, overrides: Partial<typeof subscriptions.$inferInsert> = {}) {
  await db
    .insert(subscriptions)
    .values({
      id: newId(),
      userId: user.id,
      productId,
      provider: 'local',
      providerCustomerId: `cus_${user.id}`,
      status: 'active',
      priceCents: 999,
      currentPeriodStart: new Date(Date.now() - 5 * day).toISOString(),
      currentPeriodEnd: new Date(Date.now() + 25 * day).toISOString(),
      ...overrides,
    });
}

const event = () => ({ name: 'Friday set', startDateTime: new Date(Date.now() + day).toISOString(), endDateTime: new Date(Date.now() + day + 3600_000).toISOString() });

async function createEvent(user: TestUser) {
  return (await callerAs(app, user.token)).events.create(event());
}

/** Through the documented REST path (multipart), as the web's new-title dialog does. */
async function createTitleRest(user: TestUser, isVideo: boolean) {
  const body = multipart({ name: isVideo ? 'Video show' : 'Audio show', description: '', isVideo: String(isVideo) }, { image: { filename: 'cover.png', contentType: 'image/png', content: makePng(1400, 1400) } });
  return app.inject({ method: 'POST', url: '/api/podcast/titles', headers: { ...body.headers, ...bearer(user.token) }, payload: body.payload });
}

async function createTitle(user: TestUser, isVideo: boolean) {
  return (await callerAs(app, user.token)).podcasts.createTitle({ name: isVideo ? 'Video show' : 'Audio show', isVideo });
}

describe('plan cards', () => {
  it('each product lists what it includes (built-in until an admin edits it) and the add-ons say what "Add On" means', async () => {
    const products = await (await callerAs(app)).billing.products();
    for (const product of products) {
      expect(product.features).toEqual(defaultProductFeatures[product.id]);
      expect(product.addOnNote).toBe(product.id.endsWith('_ADD_ON') ? addOnExplanation : null);
    }
    expect(products.find((product) => product.id === 'LIVE_STREAM')!.features.join(' ')).toMatch(/events/i);
    const rest = await app.inject({ method: 'GET', url: '/api/payment/product/PODCAST_TITLE_ADD_ON' });
    expect(rest.json()).toMatchObject({ features: ['One more audio podcast title'], addOnNote: addOnExplanation });

    const edited = await adminCaller.billing.updateFeatures({ id: 'LIVE_STREAM', features: ['Unlimited events', '  ', 'Go live in HD'] });
    expect(edited.features).toEqual(['Unlimited events', 'Go live in HD']);
    expect((await (await callerAs(app)).billing.product({ id: 'LIVE_STREAM' })).features).toEqual(['Unlimited events', 'Go live in HD']);
    const creator = await createUser(app, { role: 'dj' });
    await expect((await callerAs(app, creator.token)).billing.updateFeatures({ id: 'LIVE_STREAM', features: [] })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await adminCaller.billing.updateFeatures({ id: 'LIVE_STREAM', features: null })).features).toEqual(defaultProductFeatures.LIVE_STREAM);
  });
});

describe('"Features require a plan"', () => {
  it('is off by default: a creator without any plan creates events and audio and video titles as before', async () => {
    // eslint-disable-next-line no-restricted-syntax -- the settings.get procedure, not a Drizzle query
    expect((await adminCaller.settings.get()).groups.find((group) => group.id === 'general')!.fields.find((field) => field.key === 'plansRequired')).toMatchObject({
      label: 'Features require a plan',
      value: false,
      source: 'default',
    });
    const creator = await createUser(app, { role: 'dj' });
    await expect(createEvent(creator)).resolves.toMatchObject({ name: 'Friday set' });
    expect((await createTitleRest(creator, false)).statusCode).toBe(201);
    expect((await createTitleRest(creator, false)).statusCode).toBe(201);
    expect((await createTitleRest(creator, true)).statusCode).toBe(201);
    expect(await (await callerAs(app, creator.token)).billing.myPlanAccess()).toMatchObject({ gated: false, events: true, audioTitles: null, videoTitles: null, refusals: { events: null, audioTitle: null, videoTitle: null } });
  });

  describe('when on', () => {
    it('refuses a creator without a plan events, audio and video titles (403, naming the plan, with the plans page)', async () => {
      await setGating(true);
      try {
        const creator = await createUser(app, { role: 'dj' });
        await expect(createEvent(creator)).rejects.toMatchObject({ code: 'FORBIDDEN', message: planRefusals.liveStream });
        expect(planRefusals.liveStream).toContain('LIVE STREAM plan');
        expect(planRefusals.liveStream).toContain(`Choose a plan: ${plansPagePath}`);
        const audio = await createTitleRest(creator, false);
        expect(audio.statusCode).toBe(403);
        expect(audio.json()).toEqual({ message: planRefusals.audioTitle, reason: 'plan-required' });
        const video = await createTitleRest(creator, true);
        expect(video.statusCode).toBe(403);
        expect(video.json()).toEqual({ message: planRefusals.videoTitle, reason: 'plan-required' });
        await expect(createTitle(creator, true)).rejects.toMatchObject({ code: 'FORBIDDEN', message: planRefusals.videoTitle });
        expect(await (await callerAs(app, creator.token)).billing.myPlanAccess()).toMatchObject({
          gated: true,
          events: false,
          audioTitles: 0,
          videoTitles: 0,
          plansPath: plansPagePath,
          refusals: { events: planRefusals.liveStream, audioTitle: planRefusals.audioTitle, videoTitle: planRefusals.videoTitle },
        });
        // Admins are never gated.
        await expect(createEvent(admin)).resolves.toMatchObject({ name: 'Friday set' });
        await expect(createTitle(admin, true)).resolves.toMatchObject({ isVideo: true });
      } finally {
        await setGating(false);
      }
    });

    it('the matching active plan allows it: LIVE STREAM events; PODCAST one audio title, its add-on one more; PODCAST VIDEO video titles', async () => {
      await setGating(true);
      try {
        const creator = await createUser(app, { role: 'dj' });
        await subscribe(creator, 'LIVE_STREAM');
        await expect(createEvent(creator)).resolves.toMatchObject({ userId: creator.id });
        // Events do not unlock titles.
        await expect(createTitle(creator, false)).rejects.toMatchObject({ code: 'FORBIDDEN', message: planRefusals.audioTitle });

        // An add-on alone adds to no plan.
        await subscribe(creator, 'PODCAST_TITLE_ADD_ON');
        await expect(createTitle(creator, false)).rejects.toMatchObject({ message: planRefusals.audioTitle });
        await subscribe(creator, 'PODCAST_TITLE');
        await expect(createTitle(creator, false)).resolves.toMatchObject({ isVideo: false });
        await expect(createTitle(creator, false)).resolves.toMatchObject({ isVideo: false });
        await expect(createTitle(creator, false)).rejects.toMatchObject({ code: 'FORBIDDEN', message: planRefusals.audioLimit(2) });
        // The audio plan does not unlock video titles, nor may an audio title be switched to video.
        await expect(createTitle(creator, true)).rejects.toMatchObject({ message: planRefusals.videoTitle });
        const [audioTitle] = await (await callerAs(app, creator.token)).podcasts.listTitles();
        await expect((await callerAs(app, creator.token)).podcasts.updateTitle({ id: audioTitle!.id, isVideo: true })).rejects.toMatchObject({
          code: 'FORBIDDEN',
          message: planRefusals.videoTitle,
        });

        const video = await createUser(app, { role: 'dj' });
        await subscribe(video, 'PODCAST_VIDEO_TITLE');
        expect((await createTitleRest(video, true)).statusCode).toBe(201);
        const second = await createTitleRest(video, true);
        expect(second.statusCode).toBe(403);
        expect(second.json().message).toBe(planRefusals.videoLimit(1));
        expect(planRefusals.videoLimit(1)).toContain('PODCAST VIDEO ADD ON');
        expect(await (await callerAs(app, video.token)).billing.myPlanAccess()).toMatchObject({ videoTitles: 1, usedVideoTitles: 1, refusals: { videoTitle: planRefusals.videoLimit(1) } });
        await subscribe(video, 'PODCAST_VIDEO_TITLE_ADD_ON');
        expect((await createTitleRest(video, true)).statusCode).toBe(201);
        expect((await createTitleRest(video, true)).statusCode).toBe(403);
      } finally {
        await setGating(false);
      }
    });

    it('counts active and past-due plans within their period; not one canceled, nor one set to cancel whose period has ended', async () => {
      await setGating(true);
      try {
        const lapsed = await createUser(app, { role: 'dj' });
        await subscribe(lapsed, 'LIVE_STREAM', { cancelAtPeriodEnd: true, currentPeriodEnd: new Date(Date.now() - day).toISOString() });
        await subscribe(lapsed, 'LIVE_STREAM', { status: 'canceled', canceledAt: new Date().toISOString() });
        await subscribe(lapsed, 'LIVE_STREAM', { status: 'incomplete' });
        await expect(createEvent(lapsed)).rejects.toMatchObject({ code: 'FORBIDDEN', message: planRefusals.liveStream });

        const cancelling = await createUser(app, { role: 'dj' });
        await subscribe(cancelling, 'LIVE_STREAM', { cancelAtPeriodEnd: true });
        await expect(createEvent(cancelling)).resolves.toBeTruthy();

        const pastDue = await createUser(app, { role: 'dj' });
        await subscribe(pastDue, 'LIVE_STREAM', { status: 'past_due' });
        await expect(createEvent(pastDue)).resolves.toBeTruthy();
        const pastDueLapsed = await createUser(app, { role: 'dj' });
        await subscribe(pastDueLapsed, 'LIVE_STREAM', { status: 'past_due', currentPeriodEnd: new Date(Date.now() - day).toISOString() });
        await expect(createEvent(pastDueLapsed)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      } finally {
        await setGating(false);
      }
    });

    it('a paid plan canceled at the period end stops at that end (billing clock moved)', async () => {
      const creator = await createUser(app, { role: 'dj' });
      const caller = await callerAs(app, creator.token);
      const start = await app.inject({ method: 'POST', url: '/api/payment/create-one-time-payment', headers: bearer(creator.token), payload: { productId: 'LIVE_STREAM' } });
      expect(start.statusCode, start.body).toBe(200);
      const { client_secret: clientSecret, subscriptionId } = start.json() as { client_secret: string; subscriptionId: string };
      expect(await confirmCard(app, clientSecret, cards.success)).toEqual({ status: 'succeeded' });
      await setGating(true);
      try {
        await expect(createEvent(creator)).resolves.toBeTruthy();
        await caller.subscriptions.cancel({ id: subscriptionId });
        await expect(createEvent(creator)).resolves.toBeTruthy();
        const realNow = test.clock.now;
        try {
          test.clock.now = new Date(realNow.getTime() + 32 * day);
          await test.provider.renewDueSubscriptions();
        } finally {
          test.clock.now = realNow;
        }
        expect((await caller.subscriptions.mine())[0]).toMatchObject({ status: 'canceled' });
        await expect(createEvent(creator)).rejects.toMatchObject({ code: 'FORBIDDEN', message: planRefusals.liveStream });
      } finally {
        await setGating(false);
      }
    });

    it('a complimentary plan granted on the user page allows it until revoked; only admins grant', async () => {
      await setGating(true);
      try {
        const creator = await createUser(app, { role: 'dj' });
        const other = await createUser(app, { role: 'dj' });
        await expect((await callerAs(app, other.token)).adminUsers.grantComplimentaryPlan({ userId: other.id, productId: 'LIVE_STREAM' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
        await expect(createEvent(creator)).rejects.toMatchObject({ code: 'FORBIDDEN' });

        const granted = await adminCaller.adminUsers.grantComplimentaryPlan({ userId: creator.id, productId: 'LIVE_STREAM' });
        expect(granted).toMatchObject({ gated: true, grants: [{ productId: 'LIVE_STREAM', name: 'Live Stream' }], access: { events: true } });
        await expect(adminCaller.adminUsers.grantComplimentaryPlan({ userId: creator.id, productId: 'LIVE_STREAM' })).rejects.toMatchObject({ code: 'CONFLICT' });
        await expect(createEvent(creator)).resolves.toBeTruthy();
        await adminCaller.adminUsers.grantComplimentaryPlan({ userId: creator.id, productId: 'PODCAST_VIDEO_TITLE' });
        expect((await createTitleRest(creator, true)).statusCode).toBe(201);
        expect(await adminCaller.adminUsers.plans({ userId: creator.id })).toMatchObject({ access: { videoTitles: 1, usedVideoTitles: 1 } });

        const revoked = await adminCaller.adminUsers.revokeComplimentaryPlan({ userId: creator.id, productId: 'LIVE_STREAM' });
        expect(revoked.grants.map((grant) => grant.productId)).toEqual(['PODCAST_VIDEO_TITLE']);
        await expect(createEvent(creator)).rejects.toMatchObject({ code: 'FORBIDDEN', message: planRefusals.liveStream });
        await expect(adminCaller.adminUsers.revokeComplimentaryPlan({ userId: creator.id, productId: 'LIVE_STREAM' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      } finally {
        await setGating(false);
      }
    });
  });
});
