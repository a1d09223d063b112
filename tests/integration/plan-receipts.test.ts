import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { products } from '@db/schema/billing';
import { payments, subscriptionInvoices, subscriptions } from '@db/schema/payments';
import { firstRow } from '@db/store';
import { newId } from '@server/lib/ids';
import { seedProducts } from '../../seed/accounts';
import { bearer, callerAs, createTestApp, createUser, type TestUser } from '../helpers/app';
import { card, cards, confirmCard, createPaymentsApp } from '../helpers/payments';
import { StripeFake } from '../helpers/stripe-fake';

// Receipts for everything that charges or changes a creator's plan: the first payment, renewals, a new card, cancel,
// resume (and a failed renewal, the end), each once, in the outbox (no SMTP in tests).

interface Mail {
  to: string;
  subject: string;
  text: string;
}

function outboxOf(dataDir: string): Mail[] {
  const folder = joinPath(dataDir, 'outbox');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(joinPath(folder, name), 'utf8')) as Mail);
}

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);
const day = (iso: string) => new Date(iso).toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, '');

describe('plan receipts with the local provider', async () => {
  const test = await createPaymentsApp({ PAYMENT_RATE_LIMIT: '1000', LOG_LEVEL: 'info' }, { logStream });
  const { app } = test;
  const db = app.services.db;
  afterAll(() => test.close());
  const mailsTo = (user: TestUser) => outboxOf(test.dataDir).filter((mail) => mail.to === user.email);
  const row = async (id: string) => (await firstRow(db.select().from(subscriptions).where(eq(subscriptions.id, id))))!;
  const post = (body: string) =>
    app.inject({ method: 'POST', url: '/api/payment/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': test.provider.signWebhookPayload(body) }, payload: body });
  const event = (type: string, object: Record<string, unknown>, id = `evt_replay_${newId()}`) =>
    JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });

  async function subscribe(productId: string, cardNumber: string = cards.success) {
    const creator = await createUser(app, { role: 'dj' });
    const response = await app.inject({ method: 'POST', url: '/api/payment/create-one-time-payment', headers: bearer(creator.token), payload: { productId } });
    expect(response.statusCode, response.body).toBe(200);
    const start = response.json() as { client_secret: string; paymentIntentId: string; paymentId: string; subscriptionId: string };
    expect(await confirmCard(app, start.client_secret, cardNumber)).toEqual({ status: 'succeeded' });
    return { creator, start, caller: await callerAs(app, creator.token), providerId: (await row(start.subscriptionId)).providerSubscriptionId! };
  }

  it('the first payment mails one receipt (plan, amount with its setup fee, date, next renewal); replays mail nothing more', async () => {
    const { creator, start, providerId } = await subscribe('PODCAST_TITLE');
    const subscription = await row(start.subscriptionId);
    const receipts = mailsTo(creator);
    expect(receipts.map((mail) => mail.subject)).toEqual(['Your receipt from Cuepoint: Podcast plan, $29.98 CAD']);
    const text = receipts[0]!.text;
    expect(text).toContain('Thank you! Your Podcast plan is active.');
    expect(text).toContain('Item: Podcast plan (monthly)');
    expect(text).toContain('Setup fee (one time): $19.99 CAD');
    expect(text).toContain('Amount: $29.98 CAD');
    expect(text).toContain('Paid with: your card ending in 4242');
    expect(text).toMatch(/Date: \w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT/);
    expect(text).toContain(`Next renewal: ${day(subscription.currentPeriodEnd!)} ($9.99 CAD)`);

    // The same event twice, the other events of the same invoice and intent, and the page's status reports.
    const [line] = await db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.subscriptionId, start.subscriptionId));
    const paid = event('invoice.paid', { id: line!.providerInvoiceId, object: 'invoice' }, `evt_same_${newId()}`);
    expect((await post(paid)).json()).toEqual({ received: true, duplicate: false });
    expect((await post(paid)).json()).toEqual({ received: true, duplicate: true });
    for (const body of [
      event('invoice.payment_succeeded', { id: line!.providerInvoiceId, object: 'invoice' }),
      event('payment_intent.succeeded', { id: start.paymentIntentId, object: 'payment_intent' }),
      event('customer.subscription.updated', { id: providerId, object: 'subscription' }),
    ]) {
      expect((await post(body)).statusCode).toBe(200);
    }
    await Promise.all(
      Array.from({ length: 3 }, () =>
        app.inject({ method: 'POST', url: '/api/payment/status', headers: bearer(creator.token), payload: { stripePaymentIntentId: start.paymentIntentId, status: 'succeeded' } }),
      ),
    );
    expect(mailsTo(creator)).toHaveLength(1);

    // What the mail and the log carry: never the card form's client secret, the account's token or a mail's text.
    expect(JSON.stringify(mailsTo(creator))).not.toContain(start.client_secret);
    const log = logLines.join('');
    expect(log).toContain('mail written to the outbox');
    for (const secret of [start.client_secret, creator.token, 'Your receipt from']) expect(log).not.toContain(secret);
  });

  it('a renewal mails a receipt with the next renewal date, once; a failed one mails that it failed and paying it mails the receipt', async () => {
    const { creator, start } = await subscribe('PODCAST_TITLE_ADD_ON');
    const realNow = test.clock.now;
    try {
      test.clock.now = addDays(realNow, 32);
      await test.provider.renewDueSubscriptions();
    } finally {
      test.clock.now = realNow;
    }
    const renewed = await row(start.subscriptionId);
    const mails = mailsTo(creator);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your receipt from Cuepoint: Podcast Add On plan, $4.99 CAD', 'Your receipt from Cuepoint: Podcast Add On plan, $4.99 CAD']);
    expect(mails[1]!.text).toContain('Your Podcast Add On plan was renewed.');
    expect(mails[1]!.text).toContain(`Next renewal: ${day(renewed.currentPeriodEnd!)} ($4.99 CAD)`);
    expect(mails[1]!.text).not.toContain('Setup fee');
    const cycle = (await db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.subscriptionId, start.subscriptionId))).find((line) => line.billingReason === 'subscription_cycle')!;
    expect((await post(event('invoice.paid', { id: cycle.providerInvoiceId, object: 'invoice' }))).statusCode).toBe(200);
    const renewalPayment = (await firstRow(db.select().from(payments).where(eq(payments.id, cycle.paymentId!))))!;
    expect((await post(event('payment_intent.succeeded', { id: renewalPayment.providerIntentId, object: 'payment_intent' }))).statusCode).toBe(200);
    expect(mailsTo(creator)).toHaveLength(2);

    // A renewal the card declines.
    const failing = await subscribe('LIVE_STREAM', cards.laterDeclines);
    try {
      test.clock.now = addDays(realNow, 32);
      await test.provider.renewDueSubscriptions();
      await test.provider.renewDueSubscriptions();
    } finally {
      test.clock.now = realNow;
    }
    expect((await row(failing.start.subscriptionId)).status).toBe('past_due');
    expect(mailsTo(failing.creator).map((mail) => mail.subject)).toEqual(['Your receipt from Cuepoint: Live Stream plan, $29.99 CAD', 'Your Live Stream plan payment failed']);
    expect(mailsTo(failing.creator)[1]!.text).toContain('We could not charge your card ending in 0341 for the renewal of your Live Stream plan ($29.99 CAD).');
    const due = (await app.inject({ method: 'POST', url: `/api/subscription/reactivate/${failing.start.subscriptionId}`, headers: bearer(failing.creator.token) })).json() as { client_secret: string };
    expect(await confirmCard(app, due.client_secret, cards.success)).toEqual({ status: 'succeeded' });
    expect(mailsTo(failing.creator).map((mail) => mail.subject).slice(2)).toEqual(['Your receipt from Cuepoint: Live Stream plan, $29.99 CAD']);
    expect(mailsTo(failing.creator)[2]!.text).toContain('Your Live Stream plan was renewed.');
  });

  it('cancel and resume each mail once (the end date, the next renewal); asking again or a replayed webhook mails nothing; the end mails once', async () => {
    const { creator, start, caller, providerId } = await subscribe('LIVE_STREAM');
    const periodEnd = day((await row(start.subscriptionId)).currentPeriodEnd!);
    await caller.subscriptions.cancel({ id: start.subscriptionId });
    await caller.subscriptions.cancel({ id: start.subscriptionId });
    const updated = event('customer.subscription.updated', { id: providerId, object: 'subscription' });
    expect((await post(updated)).statusCode).toBe(200);
    expect((await post(updated)).json()).toMatchObject({ duplicate: true });
    let mails = mailsTo(creator);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your receipt from Cuepoint: Live Stream plan, $29.99 CAD', `Your Live Stream plan is canceled and ends on ${periodEnd}`]);
    expect(mails[1]!.text).toContain(`It stays active until ${periodEnd} and will not be charged again.`);
    expect(mails[1]!.text).toContain('Plan: Live Stream plan ($29.99 CAD a month)');

    await caller.subscriptions.resume({ id: start.subscriptionId });
    await caller.subscriptions.resume({ id: start.subscriptionId });
    expect((await post(event('customer.subscription.updated', { id: providerId, object: 'subscription' }))).statusCode).toBe(200);
    mails = mailsTo(creator);
    expect(mails.map((mail) => mail.subject).slice(2)).toEqual(['Your Live Stream plan will renew again']);
    expect(mails[2]!.text).toContain(`Next renewal: ${periodEnd} ($29.99 CAD, charged to your card ending in 4242)`);

    // Canceled again, then the period ends: the plan's end is mailed once.
    await caller.subscriptions.cancel({ id: start.subscriptionId });
    const realNow = test.clock.now;
    try {
      test.clock.now = addDays(realNow, 32);
      await test.provider.renewDueSubscriptions();
    } finally {
      test.clock.now = realNow;
    }
    expect((await row(start.subscriptionId)).status).toBe('canceled');
    expect((await post(event('customer.subscription.deleted', { id: providerId, object: 'subscription' }))).statusCode).toBe(200);
    expect(mailsTo(creator).map((mail) => mail.subject).slice(3)).toEqual([`Your Live Stream plan is canceled and ends on ${periodEnd}`, 'Your Live Stream plan has ended']);
  });

  it('a card change mails once, naming the new card; the same card again mails nothing; a declined card mails nothing', async () => {
    const { creator, start, caller, providerId } = await subscribe('PODCAST_TITLE_ADD_ON');
    const method = (await app.inject({ method: 'POST', url: '/api/payment/local/payment-methods', payload: card('5555555555554444') })).json() as { id: string };
    await caller.subscriptions.updatePaymentMethod({ id: start.subscriptionId, paymentMethodId: method.id });
    await caller.subscriptions.updatePaymentMethod({ id: start.subscriptionId, paymentMethodId: method.id });
    expect((await post(event('customer.subscription.updated', { id: providerId, object: 'subscription' }))).statusCode).toBe(200);
    const declined = (await app.inject({ method: 'POST', url: '/api/payment/local/payment-methods', payload: card(cards.declined) })).json() as { id: string };
    await expect(caller.subscriptions.updatePaymentMethod({ id: start.subscriptionId, paymentMethodId: declined.id })).rejects.toMatchObject({ message: 'Your card was declined.' });
    const mails = mailsTo(creator);
    expect(mails.map((mail) => mail.subject).slice(1)).toEqual(['The card for your Podcast Add On plan was changed']);
    expect(mails[1]!.text).toContain('Your Podcast Add On plan is now charged to your card ending in 4444.');
    expect(mails[1]!.text).toContain(`Next renewal: ${day((await row(start.subscriptionId)).currentPeriodEnd!)} ($4.99 CAD)`);
    // The payment method's id is not in the mail.
    expect(mails[1]!.text).not.toContain(method.id);
  });
});

describe('plan receipts with Stripe (wire-format fake)', async () => {
  const webhookSecret = 'whsec_plan_receipts_test';
  const fake = new StripeFake();
  const base = await fake.start();
  const test = await createTestApp({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_receipts',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_receipts',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: base,
  });
  const { app } = test;
  const db = app.services.db;
  await db.insert(products).values([...seedProducts]).onConflictDoNothing();
  afterAll(async () => {
    await test.close();
    await fake.stop();
  });
  const post = (payload: string) =>
    app.inject({ method: 'POST', url: '/api/payment/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) }, payload });

  it('invoice.paid mails the receipt once (replays and the intent event too); cancel, resume, a new card and the deletion mail once each', async () => {
    const creator = await createUser(app, { role: 'dj' });
    const mailsTo = () => outboxOf(test.dataDir).filter((mail) => mail.to === creator.email);
    const start = (await app.inject({ method: 'POST', url: '/api/payment/create-one-time-payment', headers: bearer(creator.token), payload: { productId: 'PODCAST_TITLE' } })).json() as {
      paymentIntentId: string;
      subscriptionId: string;
    };
    const providerId = (await firstRow(db.select().from(subscriptions).where(eq(subscriptions.id, start.subscriptionId))))!.providerSubscriptionId!;
    fake.succeedIntent(start.paymentIntentId, { feeCents: 117 });
    const invoiceId = (fake.object(providerId) as { latest_invoice: string }).latest_invoice;
    const paid = fake.eventPayload('invoice.paid', invoiceId);
    expect((await post(paid)).statusCode).toBe(200);
    expect((await post(paid)).json()).toMatchObject({ duplicate: true });
    expect((await post(fake.eventPayload('invoice.paid', invoiceId))).statusCode).toBe(200);
    expect((await post(fake.eventPayload('payment_intent.succeeded', start.paymentIntentId))).statusCode).toBe(200);
    expect(mailsTo().map((mail) => mail.subject)).toEqual(['Your receipt from Cuepoint: Podcast plan, $29.98 CAD']);
    expect(mailsTo()[0]!.text).toContain('Setup fee (one time): $19.99 CAD');

    const caller = await callerAs(app, creator.token);
    await caller.subscriptions.cancel({ id: start.subscriptionId });
    expect((await post(fake.eventPayload('customer.subscription.updated', providerId))).statusCode).toBe(200);
    await caller.subscriptions.resume({ id: start.subscriptionId });
    expect((await post(fake.eventPayload('customer.subscription.updated', providerId))).statusCode).toBe(200);
    const setup = await caller.subscriptions.createSetupIntent({ id: start.subscriptionId });
    fake.confirmSetupIntent(setup.setupIntentId, 'pm_card_mastercard');
    await caller.subscriptions.updatePaymentMethod({ id: start.subscriptionId, paymentMethodId: 'pm_card_mastercard' });
    await caller.subscriptions.updatePaymentMethod({ id: start.subscriptionId, paymentMethodId: 'pm_card_mastercard' });
    expect((await post(fake.eventPayload('customer.subscription.updated', providerId))).statusCode).toBe(200);
    await caller.subscriptions.cancel({ id: start.subscriptionId });
    fake.endPeriod(providerId);
    const deleted = fake.eventPayload('customer.subscription.deleted', providerId);
    expect((await post(deleted)).statusCode).toBe(200);
    expect((await post(fake.eventPayload('customer.subscription.deleted', providerId))).statusCode).toBe(200);

    const subjects = mailsTo().map((mail) => mail.subject);
    expect(subjects.slice(1).map((subject) => subject.replace(/ends on .*/, 'ends on …'))).toEqual([
      'Your Podcast plan is canceled and ends on …',
      'Your Podcast plan will renew again',
      'The card for your Podcast plan was changed',
      'Your Podcast plan is canceled and ends on …',
      'Your Podcast plan has ended',
    ]);
    expect(mailsTo()[3]!.text).toContain('your card ending in 4444');
  });
});
