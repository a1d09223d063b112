import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { firstRow } from '@db/store';
import { payments, tips } from '@db/schema/payments';
import { hubTopic } from '@server/domains/hub/hub.service';
import type { HubMessage } from '@server/domains/hub/hub.schemas';
import { paymentMessages } from '@server/domains/payments/payments.schemas';
import { earningsMessages } from '@server/domains/earnings/earnings.schemas';
import { bearer, callerAs, createTestApp, createUser } from '../helpers/app';
import { cards, confirmCard, createPaymentsApp, createTip, stage, type Stage } from '../helpers/payments';
import { StripeFake } from '../helpers/stripe-fake';

const test = await createPaymentsApp({ PAYMENT_RATE_LIMIT: '1000' });
const { app } = test;
const db = app.services.db;
afterAll(() => test.close());

/** A tip through the REST shim, confirmed with a good card; answers the payment id. */
async function tipWith(s: Stage, message: unknown): Promise<string> {
  const created = await createTip(app, s, { message });
  expect(created.statusCode, created.body).toBe(200);
  const intent = created.json() as { client_secret: string; paymentId: string };
  expect(await confirmCard(app, intent.client_secret, cards.success)).toEqual({ status: 'succeeded' });
  return intent.paymentId;
}

async function tipRow(paymentId: string) {
  return firstRow(db.select().from(tips).where(eq(tips.paymentId, paymentId)));
}

describe('tip messages', () => {
  it('are validated: 1–140 characters after trimming, empty means none, longer is a clear 400 (REST) and error (tRPC)', async () => {
    const s = await stage(app);
    const tooLong = 'x'.repeat(141);
    const rest = await createTip(app, s, { message: tooLong });
    expect(rest.statusCode).toBe(400);
    expect(rest.body).toContain(paymentMessages.tipMessageTooLong);
    const withToken = await app.inject({
      method: 'POST',
      url: '/api/payment/create-tips-payment-with-token',
      headers: bearer(s.viewer.token),
      payload: { userId: s.creator.id, tipsAmount: 5, eventId: s.eventId, tokenId: 'pm_card_visa', message: tooLong },
    });
    expect(withToken.statusCode).toBe(400);
    expect(withToken.body).toContain(paymentMessages.tipMessageTooLong);
    const viewer = await callerAs(app, s.viewer.token);
    await expect(viewer.payments.createTipsPayment({ userId: s.creator.id, tipsAmount: 5, eventId: s.eventId, message: tooLong })).rejects.toThrow(paymentMessages.tipMessageTooLong);
    expect((await createTip(app, s, { message: 42 })).statusCode).toBe(400);
    // Nothing was recorded for the refused ones.
    expect(await db.select().from(payments).where(eq(payments.payerId, s.viewer.id))).toEqual([]);

    // 140 characters (emoji count as one) with spaces around: accepted, trimmed.
    const longest = `${'🎶'.repeat(10)}${'a'.repeat(130)}`;
    const accepted = await tipWith(s, `   ${longest}  `);
    expect((await tipRow(accepted))?.message).toBe(longest);
    // Only whitespace, empty or null: no message at all.
    for (const empty of ['   ', '', null]) {
      const paymentId = await tipWith(s, empty);
      expect((await firstRow(db.select({ message: payments.message }).from(payments).where(eq(payments.id, paymentId))))?.message).toBeNull();
      expect((await tipRow(paymentId))?.message).toBeNull();
    }
  });

  it('is stored on the payment, copied to the tip, and the hub line carries it (as text, never markup)', async () => {
    const s = await stage(app);
    const heard: HubMessage[] = [];
    const unsubscribe = app.services.bus.subscribe(hubTopic(`${s.creator.id}-${s.eventId}`), (delivery) => heard.push(delivery.message));
    const message = '  Loved the <b>encore</b>!\n\nSee you  soon ';
    const created = await createTip(app, s, { message });
    const intent = created.json() as { client_secret: string; paymentId: string };
    // Stored when the payment is created, before it succeeds.
    expect((await firstRow(db.select().from(payments).where(eq(payments.id, intent.paymentId))))?.message).toBe('Loved the <b>encore</b>! See you soon');
    expect(await tipRow(intent.paymentId)).toBeUndefined();
    expect(await confirmCard(app, intent.client_secret, cards.success)).toEqual({ status: 'succeeded' });
    expect(await tipRow(intent.paymentId)).toMatchObject({ message: 'Loved the <b>encore</b>! See you soon', messageHiddenAt: null });
    await expect.poll(() => heard.length).toBe(1);
    unsubscribe();
    expect(heard[0]).toMatchObject({
      text: 'Test viewer sent a tip: Coffee ($5.00). Thank you! “Loved the <b>encore</b>! See you soon”',
      tipMessage: 'Loved the <b>encore</b>! See you soon',
    });

    // A tip without a message keeps the line as it was.
    const plain: HubMessage[] = [];
    const stop = app.services.bus.subscribe(hubTopic(`${s.creator.id}-${s.eventId}`), (delivery) => plain.push(delivery.message));
    await tipWith(s, undefined);
    await expect.poll(() => plain.length).toBe(1);
    stop();
    expect(plain[0]!.text).toBe('Test viewer sent a tip: Coffee ($5.00). Thank you!');
    expect(plain[0]!.tipMessage).toBeUndefined();
  });

  it('the creator hides and unhides it (own tips only); hidden, it leaves every public answer and the creator sees it marked', async () => {
    const s = await stage(app);
    const paymentId = await tipWith(s, 'Secret handshake 7731');
    const creator = await callerAs(app, s.creator.token);
    const row = () => creator.earnings.payments().then((answer) => answer.items.find((item) => item.id === paymentId)!);
    const { tipId } = await row();
    expect(tipId).toEqual(expect.any(String));

    // Another creator, an admin (not their tip) and the viewer who tipped cannot hide it.
    const other = await createUser(app, { role: 'dj' });
    const admin = await createUser(app, { role: 'admin' });
    for (const token of [other.token, admin.token]) {
      const refused = await app.inject({ method: 'POST', url: `/api/earnings/tips/${tipId}/hide-message`, headers: bearer(token) });
      expect(refused.statusCode).toBe(404);
      expect(refused.body).toContain(earningsMessages.tipNotFound);
    }
    expect((await app.inject({ method: 'POST', url: `/api/earnings/tips/${tipId}/hide-message`, headers: bearer(s.viewer.token) })).statusCode).toBe(403);
    expect((await tipRow(paymentId))?.messageHiddenAt).toBeNull();

    const hidden = await app.inject({ method: 'POST', url: `/api/earnings/tips/${tipId}/hide-message`, headers: bearer(s.creator.token) });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toEqual({ tipId, tipMessageHidden: true });
    expect(await row()).toMatchObject({ tipMessage: 'Secret handshake 7731', tipMessageHidden: true });
    expect((await tipRow(paymentId))?.messageHiddenAt).toEqual(expect.any(String));

    // Public answers about the creator and the event never carry it.
    const guest = await callerAs(app);
    const answers = [
      await guest.tips.publicList({ userId: s.creator.id }),
      await guest.events.publicById({ id: s.eventId }).catch((error: Error) => error.message),
      (await app.inject({ method: 'GET', url: `/api/tips/get-tips-public/${s.creator.id}` })).body,
      (await app.inject({ method: 'GET', url: `/api/event/${s.eventId}/stream` })).body,
    ];
    expect(JSON.stringify(answers)).not.toContain('Secret handshake');

    const shown = await creator.earnings.unhideTipMessage({ tipId: tipId! });
    expect(shown).toEqual({ tipId, tipMessageHidden: false });
    expect(await row()).toMatchObject({ tipMessage: 'Secret handshake 7731', tipMessageHidden: false });
    await expect(creator.earnings.hideTipMessage({ tipId: 'no-such-tip' })).rejects.toThrow(earningsMessages.tipNotFound);
  });
});

describe('tip messages with Stripe', () => {
  it('the message goes from the payment to the tip when the verified webhook reports success', async () => {
    const webhookSecret = 'whsec_tip_messages_test';
    const fake = new StripeFake();
    const base = await fake.start();
    const stripeApp = await createTestApp({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_tip_messages',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_tip_messages',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: base,
    });
    try {
      const s = await stage(stripeApp.app, { tipCents: 500 });
      const created = await createTip(stripeApp.app, s, { message: 'From Stripe with love' });
      expect(created.statusCode, created.body).toBe(200);
      const intent = created.json() as { paymentIntentId: string; paymentId: string };
      fake.succeedIntent(intent.paymentIntentId, { feeCents: 45, last4: '4242' });
      const payload = fake.eventPayload('payment_intent.succeeded', intent.paymentIntentId);
      const headers = { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
      const response = await stripeApp.app.inject({ method: 'POST', url: '/api/payment/webhook', headers, payload });
      expect(response.statusCode, response.body).toBe(200);
      const tip = await firstRow(stripeApp.app.services.db.select().from(tips).where(eq(tips.paymentId, intent.paymentId)));
      expect(tip?.message).toBe('From Stripe with love');
      const listed = await (await callerAs(stripeApp.app, s.creator.token)).earnings.payments({ source: 'tips' });
      expect(listed.items).toEqual([expect.objectContaining({ id: intent.paymentId, tipMessage: 'From Stripe with love', creatorShareCents: 273 })]);
    } finally {
      await stripeApp.close();
      await fake.stop();
    }
  });
});
