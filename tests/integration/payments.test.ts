import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { eventAccess } from '@db/schema/events';
import { users } from '@db/schema/users';
import { firstRow } from '@db/store';
import { ledgerEntries, localProviderObjects, payments, tips, webhookEvents } from '@db/schema/payments';
import { paymentMessages } from '@server/domains/payments/payments.schemas';
import { applyIntentToPayment } from '@server/domains/payments/payment-records';
import { hubTopic } from '@server/domains/hub/hub.service';
import { newId } from '@server/lib/ids';
import { bearer, callerAs } from '../helpers/app';
import { signWebhookPayload } from '@server/providers/payments/webhook-signature';
import { cards, confirmCard, createPaymentsApp, createPaywall, createTip, expectedSplit, reportPaymentStatus, stage, testWebhookSecret } from '../helpers/payments';

const validYear = new Date().getUTCFullYear() + 3;

/** The mails written to DATA_DIR/outbox. */
function outboxMails(): { to: string; subject: string; text: string }[] {
  const folder = join(test.dataDir, 'outbox');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as { to: string; subject: string; text: string });
}
const test = await createPaymentsApp({ PAYMENT_RATE_LIMIT: '1000' });
const { app } = test;
const db = app.services.db;
afterAll(() => test.close());

async function ledgerOf(paymentId: string) {
  return db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId));
}

describe('tips with the local provider', () => {
  it('a tip paid with 4242 succeeds: payment, tip record and a 60/40 ledger of the net', async () => {
    const s = await stage(app, { tipCents: 500 });
    const hub: string[] = [];
    const unsubscribe = app.services.bus.subscribe(hubTopic(`${s.creator.id}-${s.eventId}`), (delivery) => hub.push(delivery.message.text));
    const created = await createTip(app, s);
    expect(created.statusCode, created.body).toBe(200);
    const intent = created.json() as { client_secret: string; paymentIntentId: string; paymentId: string; amountCents: number; amount: number };
    expect(intent).toMatchObject({ amountCents: 500, amount: 5, status: 'requires_payment_method' });
    expect(intent.client_secret).toMatch(/^pi_local_\w+_secret_\w+$/);

    expect(await confirmCard(app, intent.client_secret, cards.success)).toEqual({ status: 'succeeded' });

    const report = await reportPaymentStatus(app, s.viewer.token, intent.paymentIntentId);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toMatchObject({ id: intent.paymentId, status: 'succeeded', kind: 'tip', providerStatus: 'succeeded', cardLast4: '4242' });

    const split = expectedSplit(500);
    const row = (await firstRow(db.select().from(payments).where(eq(payments.id, intent.paymentId))))!;
    expect(row).toMatchObject({ status: 'succeeded', feeCents: split.fee, creatorId: s.creator.id, payerId: s.viewer.id });
    const ledger = await ledgerOf(intent.paymentId);
    expect(ledger.map((entry) => [entry.account, entry.amountCents, entry.source]).sort()).toEqual(
      [
        ['creator', split.creator, 'tips'],
        ['platform', split.platform, 'tips'],
      ].sort(),
    );
    expect(split.creator + split.platform).toBe(500 - split.fee);
    expect(await db.select().from(tips).where(eq(tips.paymentId, intent.paymentId))).toMatchObject([{ title: 'Coffee', amountCents: 500, viewerId: s.viewer.id }]);
    // Through Redis on a TEST_ENGINES run: the message comes back from the server a moment later.
    await expect.poll(() => hub).toEqual(['Test viewer sent a tip: Coffee ($5.00). Thank you!']);
    unsubscribe();
  });

  it('the tip message reaches the hub group of a creator whose id starts with "-" (random ids may)', async () => {
    const s = await stage(app, { creatorId: `-${newId()}` });
    const hub: string[] = [];
    const unsubscribe = app.services.bus.subscribe(hubTopic(`${s.creator.id}-${s.eventId}`), (delivery) => hub.push(delivery.message.text));
    const intent = (await createTip(app, s)).json() as { client_secret: string };
    expect(await confirmCard(app, intent.client_secret, cards.success)).toEqual({ status: 'succeeded' });
    // Through Redis on a TEST_ENGINES run: the message comes back from the server a moment later.
    await expect.poll(() => hub).toEqual(['Test viewer sent a tip: Coffee ($5.00). Thank you!']);
    unsubscribe();
  });

  it('a declined card answers the provider error and credits nothing', async () => {
    const s = await stage(app);
    const intent = (await createTip(app, s)).json() as { client_secret: string; paymentId: string; paymentIntentId: string };
    const result = await confirmCard(app, intent.client_secret, cards.declined);
    expect(result).toEqual({
      status: 'requires_payment_method',
      error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
    });
    const report = await app.inject({
      method: 'POST',
      url: '/api/payment/status',
      headers: bearer(s.viewer.token),
      payload: { stripePaymentIntentId: intent.paymentIntentId, status: 'requires_payment_method', type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' },
    });
    expect(report.json()).toMatchObject({ status: 'failed', error: { code: 'card_declined', decline_code: 'generic_decline' } });
    expect(await ledgerOf(intent.paymentId)).toEqual([]);
    expect(await db.select().from(tips).where(eq(tips.paymentId, intent.paymentId))).toEqual([]);
  });

  it('the authentication card needs the extra step: completed succeeds, failed is refused', async () => {
    const s = await stage(app);
    const first = (await createTip(app, s)).json() as { client_secret: string; paymentId: string };
    expect(await confirmCard(app, first.client_secret, cards.authentication)).toEqual({ status: 'requires_action' });
    expect((await firstRow(db.select().from(payments).where(eq(payments.id, first.paymentId))))?.status).toBe('requires_action');
    const completed = await app.inject({ method: 'POST', url: '/api/payment/local/authenticate', payload: { clientSecret: first.client_secret, outcome: 'complete' } });
    expect(completed.json()).toEqual({ status: 'succeeded' });
    expect(await ledgerOf(first.paymentId)).toHaveLength(2);

    const second = (await createTip(app, s)).json() as { client_secret: string; paymentId: string };
    await confirmCard(app, second.client_secret, cards.authentication);
    const failed = await app.inject({ method: 'POST', url: '/api/payment/local/authenticate', payload: { clientSecret: second.client_secret, outcome: 'fail' } });
    expect(failed.json()).toMatchObject({ status: 'requires_payment_method', error: { code: 'payment_intent_authentication_failure' } });
    expect(await ledgerOf(second.paymentId)).toEqual([]);
  });

  it('card form validation errors come back as validation_error (nothing is charged)', async () => {
    const s = await stage(app);
    const intent = (await createTip(app, s)).json() as { client_secret: string; paymentId: string };
    const response = await app.inject({
      method: 'POST',
      url: '/api/payment/local/confirm',
      payload: { clientSecret: intent.client_secret, cardNumber: '4242424242424241', expMonth: 12, expYear: validYear, cvc: '123', name: 'Sam' },
    });
    expect(response.json()).toEqual({ status: 'requires_payment_method', error: { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' } });
    const badName = await app.inject({
      method: 'POST',
      url: '/api/payment/local/confirm',
      payload: { clientSecret: intent.client_secret, cardNumber: cards.success, expMonth: 12, expYear: validYear, cvc: '123', name: ' Sam' },
    });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().message).toBe('Please enter a valid name');
    expect((await firstRow(db.select().from(payments).where(eq(payments.id, intent.paymentId))))?.status).toBe('pending');
  });
});

describe('amounts come from the server records', () => {
  it('a tampered tip amount is refused and nothing is created', async () => {
    const s = await stage(app, { tipCents: 500 });
    const paymentsBefore = (await db.select().from(payments)).length;
    const objectsBefore = (await db.select().from(localProviderObjects)).length;
    const response = await createTip(app, s, { tipsAmount: 0.5 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(paymentMessages.tipAmountMismatch);
    const withOption = await createTip(app, s, { tipsAmount: 4.99, tipOptionId: s.tipOptionId });
    expect(withOption.statusCode).toBe(400);
    expect((await db.select().from(payments)).length).toBe(paymentsBefore);
    expect((await db.select().from(localProviderObjects)).length).toBe(objectsBefore);
  });

  it('a tampered premium price is refused and nothing is created', async () => {
    const s = await stage(app, { premiumCents: 1299 });
    const paymentsBefore = (await db.select().from(payments)).length;
    const objectsBefore = (await db.select().from(localProviderObjects)).length;
    const response = await createPaywall(app, s, { premiumPrice: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(paymentMessages.premiumPriceMismatch);
    expect((await db.select().from(payments)).length).toBe(paymentsBefore);
    expect((await db.select().from(localProviderObjects)).length).toBe(objectsBefore);
  });

  it('refuses paying for someone else, for a free event and for your own event', async () => {
    const s = await stage(app);
    expect((await createPaywall(app, s, { viewerId: s.creator.id })).statusCode).toBe(403);
    expect((await createPaywall(app, s, { eventId: s.eventId })).json().message).toBe(paymentMessages.eventNotPremium);
    const own = await app.inject({
      method: 'POST',
      url: '/api/payment/create-paywall-one-time-payment',
      headers: bearer(s.creator.token),
      payload: { userId: s.creator.id, premiumPrice: s.premiumCents / 100, eventId: s.premiumEventId },
    });
    expect(own.json().message).toBe(paymentMessages.ownEvent);
    expect((await createTip(app, s, { eventId: 'missing' })).statusCode).toBe(404);
    const guest = await app.inject({ method: 'POST', url: '/api/payment/create-tips-one-time-payment', payload: { userId: s.creator.id, tipsAmount: 5, eventId: s.eventId } });
    expect(guest.statusCode).toBe(401);
  });
});

describe('paywall and webhooks', () => {
  it('a paid paywall writes the access row once; a webhook replayed three times credits once and welcomes once', async () => {
    const s = await stage(app);
    const hub: string[] = [];
    const unsubscribe = app.services.bus.subscribe(hubTopic(`${s.creator.id}-${s.premiumEventId}`), (delivery) => hub.push(delivery.message.text));
    const intent = (await createPaywall(app, s)).json() as { client_secret: string; paymentId: string; paymentIntentId: string };
    expect(await confirmCard(app, intent.client_secret, cards.success)).toEqual({ status: 'succeeded' });
    expect(await db.select().from(eventAccess).where(eq(eventAccess.viewerId, s.viewer.id))).toMatchObject([{ eventId: s.premiumEventId, paymentId: intent.paymentId }]);

    const payload = JSON.stringify({ id: 'evt_replayed_once', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: intent.paymentIntentId, object: 'payment_intent' } } });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': test.provider.signWebhookPayload(payload) },
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ received: true, duplicate: attempt > 0 });
    }
    // Other events about the same intent and concurrent status reports change nothing either.
    await Promise.all(
      Array.from({ length: 3 }, (_, index) => {
        const other = JSON.stringify({ id: `evt_other_${index}`, object: 'event', type: 'payment_intent.succeeded', data: { object: { id: intent.paymentIntentId, object: 'payment_intent' } } });
        return app.inject({ method: 'POST', url: '/api/payment/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': test.provider.signWebhookPayload(other) }, payload: other });
      }),
    );
    await Promise.all(
      Array.from({ length: 5 }, () =>
        app.inject({ method: 'POST', url: '/api/payment/finalize', headers: bearer(s.viewer.token), payload: { stripePaymentIntentId: intent.paymentIntentId, status: 'succeeded' } }),
      ),
    );
    expect(await ledgerOf(intent.paymentId)).toHaveLength(2);
    expect(await db.select().from(eventAccess).where(eq(eventAccess.viewerId, s.viewer.id))).toHaveLength(1);
    expect(hub).toEqual(['Welcome Test viewer! Thanks for joining Midnight Set.']);
    unsubscribe();
    expect((await createPaywall(app, s)).json().message).toBe(paymentMessages.alreadyHasAccess);
  });

  it('applying one succeeded intent twice credits (and announces) only the first time', async () => {
    const s = await stage(app);
    const intent = (await createTip(app, s)).json() as { client_secret: string; paymentId: string; paymentIntentId: string };
    const row = (await firstRow(db.select().from(payments).where(eq(payments.id, intent.paymentId))))!;
    const succeeded = { ...(await test.provider.retrievePaymentIntent(intent.paymentIntentId)), status: 'succeeded' as const, feeCents: 45 };
    const first = await db.transaction((tx) => applyIntentToPayment(tx, row, succeeded));
    const second = await db.transaction((tx) => applyIntentToPayment(tx, row, succeeded));
    expect([first.newlySucceeded, second.newlySucceeded]).toEqual([true, false]);
    expect(await ledgerOf(intent.paymentId)).toHaveLength(2);
    // A provider answer with another amount is never credited.
    const other = (await createTip(app, s)).json() as { paymentId: string; paymentIntentId: string };
    const otherRow = (await firstRow(db.select().from(payments).where(eq(payments.id, other.paymentId))))!;
    const wrongAmount = { ...(await test.provider.retrievePaymentIntent(other.paymentIntentId)), status: 'succeeded' as const, amountCents: 1, feeCents: 0 };
    await expect(db.transaction((tx) => applyIntentToPayment(tx, otherRow, wrongAmount))).rejects.toThrow();
    expect(await ledgerOf(other.paymentId)).toEqual([]);
  });

  it('a paid ticket mails the payer a receipt (item, amount, date, creator, last four digits) and the creator a notice, once', async () => {
    const s = await stage(app, { premiumCents: 1299 });
    await db.update(users).set({ displayName: 'Mara Receipts', email: `mara-${s.creator.id}@example.test`.toLowerCase() }).where(eq(users.id, s.creator.id));
    const intent = (await createPaywall(app, s)).json() as { clientSecret?: string; client_secret: string; paymentIntentId: string };
    expect(await confirmCard(app, intent.client_secret, cards.success)).toEqual({ status: 'succeeded' });
    for (let report = 0; report < 2; report += 1) {
      await app.inject({ method: 'POST', url: '/api/payment/status', headers: bearer(s.viewer.token), payload: { stripePaymentIntentId: intent.paymentIntentId } });
    }
    const mailsTo = (email: string) => outboxMails().filter((mail) => mail.to === email);
    await expect.poll(() => mailsTo(s.viewer.email).length).toBe(1);
    const receipt = mailsTo(s.viewer.email)[0]!;
    expect(receipt.subject).toBe('Your receipt from Cuepoint: $12.99 CAD');
    for (const line of ['Item: Ticket: Midnight Set', 'Amount: $12.99 CAD', 'Paid with: card ending in 4242', 'Paid to: Mara Receipts']) expect(receipt.text).toContain(line);
    expect(receipt.text).toMatch(/Date: \w{3}, \d{2} \w{3} \d{4}/);
    await expect.poll(() => mailsTo(`mara-${s.creator.id}@example.test`.toLowerCase()).length).toBe(1);
    expect(mailsTo(`mara-${s.creator.id}@example.test`.toLowerCase())[0]!.subject).toBe('New ticket: $12.99 CAD from Test viewer');
  });

  it('a creator who turned the notice off gets no "new tip" mail; the payer still gets the receipt', async () => {
    const s = await stage(app);
    const creatorMail = `quiet-${s.creator.id}@example.test`.toLowerCase();
    await db.update(users).set({ email: creatorMail }).where(eq(users.id, s.creator.id));
    const creatorCaller = await callerAs(app, s.creator.token);
    const turnedOff = await creatorCaller.profile.update({ notifyNewPayments: false });
    expect(turnedOff.profile.notifyNewPayments).toBe(false);
    expect(await firstRow(db.select({ on: users.notifyNewPayments }).from(users).where(eq(users.id, s.creator.id)))).toEqual({ on: false });

    const intent = (await createTip(app, s)).json() as { client_secret: string; paymentIntentId: string };
    expect(await confirmCard(app, intent.client_secret, cards.success)).toEqual({ status: 'succeeded' });
    await app.inject({ method: 'POST', url: '/api/payment/status', headers: bearer(s.viewer.token), payload: { stripePaymentIntentId: intent.paymentIntentId } });
    const mailsTo = (email: string) => outboxMails().filter((mail) => mail.to === email);
    await expect.poll(() => mailsTo(s.viewer.email).length).toBe(1);
    // Give the creator's notice every chance to arrive: it never does.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailsTo(creatorMail)).toEqual([]);

    await creatorCaller.profile.update({ notifyNewPayments: true });
    const again = (await createTip(app, s)).json() as { client_secret: string; paymentIntentId: string };
    expect(await confirmCard(app, again.client_secret, cards.success)).toEqual({ status: 'succeeded' });
    await app.inject({ method: 'POST', url: '/api/payment/status', headers: bearer(s.viewer.token), payload: { stripePaymentIntentId: again.paymentIntentId } });
    await expect.poll(() => mailsTo(creatorMail).length).toBe(1);
    expect(mailsTo(creatorMail)[0]!.subject).toMatch(/^New tip: /);
  });

  it('a webhook with a bad signature is a 400 and writes nothing', async () => {
    const s = await stage(app);
    const intent = (await createPaywall(app, s)).json() as { paymentId: string; paymentIntentId: string };
    const payload = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: intent.paymentIntentId, object: 'payment_intent' } } });
    const forged = `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`;
    for (const signature of [forged, undefined]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(paymentMessages.invalidWebhook);
    }
    // Signed over other bytes (the body was changed after signing).
    const tampered = await app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': test.provider.signWebhookPayload(payload) },
      payload: payload.replace('evt_forged', 'evt_forgeD'),
    });
    expect(tampered.statusCode).toBe(400);
    expect(await db.select().from(webhookEvents).where(eq(webhookEvents.id, 'evt_forged'))).toEqual([]);
    expect((await firstRow(db.select().from(payments).where(eq(payments.id, intent.paymentId))))?.status).toBe('pending');
  });

  it('a correctly signed webhook older than 5 minutes is refused (a replayed capture); a 4-minute-old one is taken', async () => {
    const s = await stage(app);
    const intent = (await createPaywall(app, s)).json() as { paymentId: string; paymentIntentId: string };
    const eventFor = (id: string) =>
      JSON.stringify({ id, object: 'event', type: 'payment_intent.succeeded', data: { object: { id: intent.paymentIntentId, object: 'payment_intent' } } });
    const post = (payload: string, secondsAgo: number) =>
      app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signWebhookPayload(testWebhookSecret, payload, Math.floor(Date.now() / 1000) - secondsAgo) },
        payload,
      });
    const stale = await post(eventFor('evt_stale'), 6 * 60);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(paymentMessages.invalidWebhook);
    expect(await db.select().from(webhookEvents).where(eq(webhookEvents.id, 'evt_stale'))).toEqual([]);
    const recent = await post(eventFor('evt_recent'), 4 * 60);
    expect(recent.statusCode).toBe(200);
    expect(await db.select().from(webhookEvents).where(eq(webhookEvents.id, 'evt_recent'))).toHaveLength(1);
  });

  it('only the payer (or the creator, or an admin) can look a payment up', async () => {
    const s = await stage(app);
    const other = await stage(app);
    const intent = (await createTip(app, s)).json() as { paymentId: string };
    expect((await app.inject({ method: 'GET', url: `/api/payment/${intent.paymentId}`, headers: bearer(s.viewer.token) })).json()).toMatchObject({ id: intent.paymentId, amount: 5 });
    expect((await app.inject({ method: 'GET', url: `/api/payment/${intent.paymentId}`, headers: bearer(s.creator.token) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/payment/${intent.paymentId}`, headers: bearer(other.viewer.token) })).statusCode).toBe(404);
  });
});

describe('concurrency', () => {
  it('one succeeded intent reported at once (a webhook delivered twice, another event, status reports) is credited once', async () => {
    const quiet = await createPaymentsApp({ PAYMENT_RATE_LIMIT: '1000' });
    try {
      // The provider's own deliveries are dropped: only the reports below reach the app, all at the same time.
      quiet.provider.setEventSink(async () => {});
      const s = await stage(quiet.app);
      const hub: string[] = [];
      const unsubscribe = quiet.app.services.bus.subscribe(hubTopic(`${s.creator.id}-${s.eventId}`), (delivery) => hub.push(delivery.message.text));
      const intent = (await createTip(quiet.app, s)).json() as { client_secret: string; paymentId: string; paymentIntentId: string };
      expect(await confirmCard(quiet.app, intent.client_secret, cards.success)).toEqual({ status: 'succeeded' });
      const stored = () => firstRow(quiet.app.services.db.select().from(payments).where(eq(payments.id, intent.paymentId)));
      expect((await stored())?.status).toBe('pending');

      const event = (id: string) => JSON.stringify({ id, object: 'event', type: 'payment_intent.succeeded', data: { object: { id: intent.paymentIntentId, object: 'payment_intent' } } });
      const webhook = (payload: string) =>
        quiet.app.inject({ method: 'POST', url: '/api/payment/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': quiet.provider.signWebhookPayload(payload) }, payload });
      const report = () => quiet.app.inject({ method: 'POST', url: '/api/payment/status', headers: bearer(s.viewer.token), payload: { stripePaymentIntentId: intent.paymentIntentId } });
      const [twice, again, other, ...reports] = await Promise.all([webhook(event('evt_at_once')), webhook(event('evt_at_once')), webhook(event('evt_at_once_other')), report(), report(), report()]);
      for (const response of [twice!, again!, other!, ...reports]) expect(response.statusCode, response.body).toBe(200);
      expect([twice!.json().duplicate, again!.json().duplicate].sort()).toEqual([false, true]);

      expect((await stored())?.status).toBe('succeeded');
      const entries = await quiet.app.services.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, intent.paymentId));
      const split = expectedSplit(s.tipCents);
      expect(entries.map((entry) => [entry.account, entry.amountCents]).sort()).toEqual([
        ['creator', split.creator],
        ['platform', split.platform],
      ]);
      expect(await quiet.app.services.db.select().from(tips).where(eq(tips.paymentId, intent.paymentId))).toHaveLength(1);
      await expect.poll(() => hub.length).toBe(1);
      unsubscribe();
    } finally {
      await quiet.close();
    }
  });

  it('200 concurrent tip payments leave the ledger exact to the cent', async () => {
    const s = await stage(app, { tipCents: 333 });
    const created = await Promise.all(Array.from({ length: 200 }, () => createTip(app, s)));
    const intents = created.map((response) => response.json() as { client_secret: string; paymentId: string });
    const results = await Promise.all(intents.map((intent) => confirmCard(app, intent.client_secret, cards.success)));
    expect(results.every((result) => result.status === 'succeeded')).toBe(true);
    const ids = intents.map((intent) => intent.paymentId);
    const rows = await db.select().from(payments).where(eq(payments.creatorId, s.creator.id));
    expect(rows).toHaveLength(200);
    const entries = (await db.select().from(ledgerEntries)).filter((entry) => ids.includes(entry.paymentId));
    expect(entries).toHaveLength(400);
    const split = expectedSplit(333);
    const gross = rows.reduce((sum, row) => sum + row.amountCents, 0);
    const fees = rows.reduce((sum, row) => sum + (row.feeCents ?? 0), 0);
    const creatorTotal = entries.filter((entry) => entry.account === 'creator').reduce((sum, entry) => sum + entry.amountCents, 0);
    const platformTotal = entries.filter((entry) => entry.account === 'platform').reduce((sum, entry) => sum + entry.amountCents, 0);
    expect(gross).toBe(200 * 333);
    expect(fees).toBe(200 * split.fee);
    expect(creatorTotal).toBe(200 * split.creator);
    expect(platformTotal).toBe(200 * split.platform);
    expect(creatorTotal + platformTotal).toBe(gross - fees);

    const summary = await app.inject({ method: 'GET', url: '/trpc/earnings.summary', headers: bearer(s.creator.token) });
    expect(summary.json().result.data.totals).toEqual({
      count: 200,
      grossCents: gross,
      feeCents: fees,
      netCents: gross - fees,
      creatorShareCents: creatorTotal,
      platformShareCents: platformTotal,
    });
  }, 60_000);
});

describe('rate limit', () => {
  it('payment creation is limited per account', async () => {
    const limited = await createPaymentsApp({ PAYMENT_RATE_LIMIT: '3' });
    try {
      const s = await stage(limited.app);
      const statuses = [];
      for (let index = 0; index < 4; index += 1) statuses.push((await createTip(limited.app, s)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      // Card attempts on the local form are limited per client address (60 a minute).
      const intent = (await createTip(limited.app, await stage(limited.app))).json() as { client_secret: string };
      const attempts = [];
      for (let index = 0; index < 61; index += 1) {
        attempts.push(
          (
            await limited.app.inject({
              method: 'POST',
              url: '/api/payment/local/confirm',
              payload: { clientSecret: intent.client_secret, cardNumber: '4000000000000002', expMonth: 12, expYear: validYear, cvc: '123', name: 'Sam' },
            })
          ).statusCode,
        );
      }
      expect(attempts.slice(0, 60).every((status) => status === 200)).toBe(true);
      expect(attempts[60]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
