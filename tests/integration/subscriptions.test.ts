import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ledgerEntries, payments, subscriptionInvoices, subscriptions } from '@db/schema/payments';
import { firstRow } from '@db/store';
import { invoices } from '@db/schema/users';
import { subscriptionMessages } from '@server/domains/subscriptions/subscriptions.schemas';
import { paymentMessages } from '@server/domains/payments/payments.schemas';
import { pendingPaymentMessage } from '@server/trpc/init';
import { bearer, callerAs, createUser } from '../helpers/app';
import { card, cards, confirmCard, createPaymentsApp } from '../helpers/payments';
import { startReceiver } from '../helpers/webhook-receiver';

const test = await createPaymentsApp({ PAYMENT_RATE_LIMIT: '1000' });
const { app } = test;
const db = app.services.db;
afterAll(() => test.close());

interface StartAnswer {
  client_secret: string;
  paymentIntentId: string;
  paymentId: string;
  amountCents: number;
  subscriptionId: string;
}

async function startCheckout(token: string, productId: string, amount?: number): Promise<StartAnswer> {
  const response = await app.inject({ method: 'POST', url: '/api/payment/create-one-time-payment', headers: bearer(token), payload: { productId, ...(amount ? { amount } : {}) } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as StartAnswer;
}

async function alive(token: string) {
  return (await app.inject({ method: 'GET', url: '/api/user/alive', headers: bearer(token) })).json() as { user: { hasUnpaidInvoices: string } };
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

describe('checkout', () => {
  it('a subscription with a setup fee bills price + fee on its first invoice and activates on payment', async () => {
    const creator = await createUser(app, { role: 'dj' });
    const summary = await (await callerAs(app, creator.token)).subscriptions.checkoutSummary({ productId: 'PODCAST_TITLE' });
    expect(summary).toEqual({ productId: 'PODCAST_TITLE', productName: 'Podcast', priceCents: 999, setUpFeeCents: 1999, totalCents: 2998, alreadySubscribed: false });

    const start = await startCheckout(creator.token, 'PODCAST_TITLE', 29.98);
    expect(start.amountCents).toBe(2998);
    // Nothing is outstanding while the checkout waits for the card.
    expect((await alive(creator.token)).user.hasUnpaidInvoices).toBe('false');
    // Asking again resumes the same first invoice instead of opening a second subscription.
    expect((await startCheckout(creator.token, 'PODCAST_TITLE')).paymentIntentId).toBe(start.paymentIntentId);

    expect(await confirmCard(app, start.client_secret, cards.success)).toEqual({ status: 'succeeded' });
    const status = await app.inject({ method: 'POST', url: '/api/payment/status', headers: bearer(creator.token), payload: { stripePaymentIntentId: start.paymentIntentId, status: 'succeeded' } });
    expect(status.json()).toMatchObject({ kind: 'subscription', status: 'succeeded', amountCents: 2998 });

    const invoiceRows = await db.select().from(subscriptionInvoices).innerJoin(invoices, eq(invoices.id, subscriptionInvoices.invoiceId));
    const mine = invoiceRows.filter((row) => row.subscription_invoices.subscriptionId === start.subscriptionId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      invoices: { amountCents: 2998, status: 'paid', userId: creator.id },
      subscription_invoices: { subscriptionCents: 999, setUpFeeCents: 1999, billingReason: 'subscription_create' },
    });
    const subscription = (await firstRow(db.select().from(subscriptions).where(eq(subscriptions.id, start.subscriptionId))))!;
    expect(subscription).toMatchObject({ status: 'active', cardLast4: '4242', productId: 'PODCAST_TITLE' });
    const start0 = new Date(subscription.currentPeriodStart!);
    const end = new Date(subscription.currentPeriodEnd!);
    expect(end.getUTCMonth()).toBe((start0.getUTCMonth() + 1) % 12);
    // A subscription is the platform's revenue: one platform entry of the whole net.
    const ledger = await db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, start.paymentId));
    expect(ledger).toMatchObject([{ account: 'platform', source: 'subscriptions', amountCents: 2998 - (Math.round((2998 * 29) / 1000) + 30) }]);

    const info = await app.inject({ method: 'GET', url: '/api/subscription/info', headers: bearer(creator.token) });
    expect(info.json()).toMatchObject([{ productId: 'PODCAST_TITLE', subscriptionName: 'Podcast', status: 'active', cardLast4: '4242', reactivationItemId: null }]);
    const permission = await app.inject({ method: 'GET', url: '/api/subscription/check-has-notification-creation-permission', headers: bearer(creator.token) });
    expect(permission.json()).toEqual({ hasPermission: true });
    // A second checkout of the same product is refused.
    const again = await app.inject({ method: 'POST', url: '/api/payment/create-one-time-payment', headers: bearer(creator.token), payload: { productId: 'PODCAST_TITLE' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(subscriptionMessages.alreadySubscribed);
  });

  it('a product without a setup fee bills only the month; a tampered amount is refused and nothing is created', async () => {
    const creator = await createUser(app, { role: 'dj' });
    const before = (await db.select().from(subscriptions)).length;
    const tampered = await app.inject({ method: 'POST', url: '/api/payment/create-one-time-payment', headers: bearer(creator.token), payload: { productId: 'LIVE_STREAM', amount: 1 } });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toBe(paymentMessages.productAmountMismatch);
    expect((await db.select().from(subscriptions)).length).toBe(before);
    const start = await startCheckout(creator.token, 'LIVE_STREAM');
    expect(start.amountCents).toBe(2999);
  });

  it('without an active subscription there is no notification permission; viewers and guests are refused', async () => {
    const creator = await createUser(app, { role: 'dj' });
    const viewer = await createUser(app, { role: 'viewer' });
    expect((await app.inject({ method: 'GET', url: '/api/subscription/check-has-notification-creation-permission', headers: bearer(creator.token) })).json()).toEqual({ hasPermission: false });
    expect((await app.inject({ method: 'POST', url: '/api/payment/create-one-time-payment', headers: bearer(viewer.token), payload: { productId: 'LIVE_STREAM' } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/payment/create-one-time-payment', payload: { productId: 'LIVE_STREAM' } })).statusCode).toBe(401);
  });

  it('create-subscription with a payment method charges at once; get-customer answers the same customer', async () => {
    const creator = await createUser(app, { role: 'dj' });
    const method = await app.inject({ method: 'POST', url: '/api/payment/local/payment-methods', payload: card(cards.success) });
    const { id } = method.json() as { id: string };
    const response = await app.inject({ method: 'POST', url: '/api/payment/create-subscription', headers: bearer(creator.token), payload: { paymentMethodId: id, productId: 'PODCAST_VIDEO_TITLE' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'succeeded', amountCents: 1999 + 2999 });
    const sub = await firstRow(db.select().from(subscriptions).where(eq(subscriptions.userId, creator.id)));
    expect(sub?.status).toBe('active');
    const customer = await app.inject({ method: 'POST', url: '/api/payment/get-customer', headers: bearer(creator.token), payload: { email: creator.email } });
    expect(customer.json()).toEqual({ customerId: sub?.providerCustomerId, email: creator.email });
    expect((await app.inject({ method: 'POST', url: '/api/payment/get-customer', headers: bearer(creator.token), payload: { email: 'someone@else.test' } })).statusCode).toBe(403);

    const declined = await app.inject({ method: 'POST', url: '/api/payment/create-subscription', headers: bearer(creator.token), payload: { paymentMethodId: 'pm_card_chargeDeclined', productId: 'LIVE_STREAM' } });
    expect(declined.json()).toMatchObject({ status: 'requires_payment_method', error: { code: 'card_declined' } });
  });
});

describe('a creator who registered at checkout', () => {
  it('is limited to checkout until the first subscription payment is confirmed, and has full access after', async () => {
    const registered = await app.inject({
      method: 'POST',
      url: '/api/user/register-with-sign-in',
      payload: { referrerId: null, email: 'checkout-buyer@example.test', firstName: 'Bea', lastName: 'Buyer', subDomain: 'bea_buyer', password: 'buyer-password', roleId: 'dj' },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const { token, user } = registered.json() as { token: string; user: { id: string; pendingPayment: boolean } };
    expect(user.pendingPayment).toBe(true);

    // Creator areas are refused; the checkout calls are not.
    const tipsBefore = await app.inject({ method: 'GET', url: '/api/tips/options', headers: bearer(token) });
    expect(tipsBefore.statusCode).toBe(403);
    expect(tipsBefore.json()).toEqual({ message: pendingPaymentMessage });
    const start = await startCheckout(token, 'LIVE_STREAM');
    // A declined card changes nothing.
    await confirmCard(app, start.client_secret, cards.declined);
    const failedReport = await app.inject({ method: 'POST', url: '/api/payment/status', headers: bearer(token), payload: { stripePaymentIntentId: start.paymentIntentId, status: 'requires_payment_method' } });
    expect(failedReport.json()).toMatchObject({ status: 'failed' });
    expect((await app.inject({ method: 'GET', url: '/api/tips/options', headers: bearer(token) })).statusCode).toBe(403);

    expect(await confirmCard(app, start.client_secret, cards.success)).toEqual({ status: 'succeeded' });
    const report = await app.inject({ method: 'POST', url: '/api/payment/finalize', headers: bearer(token), payload: { stripePaymentIntentId: start.paymentIntentId, status: 'succeeded' } });
    expect(report.json()).toMatchObject({ status: 'succeeded' });
    expect((await app.inject({ method: 'GET', url: `/api/payment/${start.paymentId}`, headers: bearer(token) })).json()).toMatchObject({ status: 'succeeded' });

    const session = (await app.inject({ method: 'GET', url: '/api/user/alive', headers: bearer(token) })).json() as { user: { pendingPayment: boolean } };
    expect(session.user.pendingPayment).toBe(false);
    const tipsAfter = await app.inject({ method: 'GET', url: '/api/tips/options', headers: bearer(token) });
    expect(tipsAfter.statusCode).toBe(200);
    expect(tipsAfter.json()).toEqual([]);
  });
});

describe('renewals and the unpaid-invoice banner', () => {
  it('a failed renewal leaves an open invoice (hasUnpaidInvoices "true"); paying it clears it', async () => {
    const creator = await createUser(app, { role: 'dj' });
    const start = await startCheckout(creator.token, 'LIVE_STREAM');
    expect(await confirmCard(app, start.client_secret, cards.laterDeclines)).toEqual({ status: 'succeeded' });
    expect((await alive(creator.token)).user.hasUnpaidInvoices).toBe('false');

    const realNow = test.clock.now;
    try {
      test.clock.now = addDays(realNow, 32);
      const admin = await createUser(app, { role: 'admin' });
      expect(await (await callerAs(app, admin.token)).subscriptions.runRenewals()).toMatchObject({ renewed: expect.any(Number) });
      const sub = (await firstRow(db.select().from(subscriptions).where(eq(subscriptions.id, start.subscriptionId))))!;
      expect(sub.status).toBe('past_due');
      expect((await alive(creator.token)).user.hasUnpaidInvoices).toBe('true');
      const open = (await db.select().from(invoices).where(eq(invoices.userId, creator.id))).filter((row) => row.status === 'open');
      expect(open).toMatchObject([{ amountCents: 2999 }]);

      const info = (await app.inject({ method: 'GET', url: '/api/subscription/info', headers: bearer(creator.token) })).json() as { reactivationItemId: string }[];
      expect(info[0]?.reactivationItemId).toBe(start.subscriptionId);
      const summary = await app.inject({ method: 'GET', url: `/api/subscription/reactivation/${start.subscriptionId}`, headers: bearer(creator.token) });
      expect(summary.json()).toMatchObject({ mode: 'invoice', amountDueCents: 2999 });

      const reactivation = await app.inject({ method: 'POST', url: `/api/subscription/reactivate/${start.subscriptionId}`, headers: bearer(creator.token) });
      expect(reactivation.statusCode, reactivation.body).toBe(200);
      const due = reactivation.json() as StartAnswer;
      expect(due.amountCents).toBe(2999);
      expect((await confirmCard(app, due.client_secret, cards.declined)).status).toBe('requires_payment_method');
      expect((await alive(creator.token)).user.hasUnpaidInvoices).toBe('true');
      expect(await confirmCard(app, due.client_secret, cards.success)).toEqual({ status: 'succeeded' });
      expect((await alive(creator.token)).user.hasUnpaidInvoices).toBe('false');
      expect((await firstRow(db.select().from(subscriptions).where(eq(subscriptions.id, start.subscriptionId))))?.status).toBe('active');
      const renewal = await firstRow(db.select().from(payments).where(eq(payments.id, due.paymentId)));
      expect(renewal).toMatchObject({ kind: 'subscription', status: 'succeeded' });
      const again = await app.inject({ method: 'POST', url: `/api/subscription/reactivate/${start.subscriptionId}`, headers: bearer(creator.token) });
      expect(again.statusCode).toBe(409);
    } finally {
      test.clock.now = realNow;
    }
  });

  it('a renewal that is charged fine leaves nothing outstanding', async () => {
    const creator = await createUser(app, { role: 'dj' });
    const start = await startCheckout(creator.token, 'PODCAST_TITLE_ADD_ON');
    await confirmCard(app, start.client_secret, cards.success);
    const realNow = test.clock.now;
    try {
      test.clock.now = addDays(realNow, 32);
      await test.provider.renewDueSubscriptions();
      const rows = await db.select().from(invoices).where(eq(invoices.userId, creator.id));
      expect(rows.map((row) => [row.status, row.amountCents])).toEqual([
        ['paid', 499],
        ['paid', 499],
      ]);
      expect((await alive(creator.token)).user.hasUnpaidInvoices).toBe('false');
      const listed = await app.inject({ method: 'GET', url: '/api/subscription/invoices', headers: bearer(creator.token) });
      expect((listed.json() as { billingReason: string }[]).map((invoice) => invoice.billingReason)).toEqual(['subscription_cycle', 'subscription_create']);
    } finally {
      test.clock.now = realNow;
    }
  });
});

describe('cancel, resume and change the card (Profile → Subscriptions)', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  async function activeSubscription(productId = 'LIVE_STREAM') {
    const creator = await createUser(app, { role: 'dj' });
    const start = await startCheckout(creator.token, productId);
    expect(await confirmCard(app, start.client_secret, cards.success)).toEqual({ status: 'succeeded' });
    const caller = await callerAs(app, creator.token);
    const [info] = await caller.subscriptions.mine();
    expect(info).toMatchObject({ id: start.subscriptionId, status: 'active', cancelAtPeriodEnd: false, cardLast4: '4242' });
    return { creator, start, caller, info: info!, providerId: info!.subscriptionId! };
  }

  const row = async (id: string) => (await firstRow(db.select().from(subscriptions).where(eq(subscriptions.id, id))))!;
  const updates = (path: string) => receiver.received.filter((request) => request.url === path && request.body.type === 'subscription.updated').map((request) => request.body.data as Record<string, unknown>);

  it('cancel keeps the subscription active until the period ends; resume undoes it; the provider hears of both', async () => {
    const { creator, start, caller, info, providerId } = await activeSubscription();
    await caller.webhooks.create({ url: `${receiver.url}?manage=${creator.id}`, events: ['subscription.updated'] });
    const path = `/hooks/cuepoint?manage=${creator.id}`;

    const canceled = await caller.subscriptions.cancel({ id: start.subscriptionId });
    expect(canceled).toMatchObject({ id: start.subscriptionId, status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: info.currentPeriodEnd, priceCents: 2999 });
    expect(await caller.subscriptions.mine()).toMatchObject([{ id: start.subscriptionId, status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: info.currentPeriodEnd }]);
    expect(await row(start.subscriptionId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, canceledAt: null });
    expect((await test.provider.retrieveSubscription(providerId)).cancelAtPeriodEnd).toBe(true);
    // Until the period ends the plan's features stay.
    expect((await app.inject({ method: 'GET', url: '/api/subscription/check-has-notification-creation-permission', headers: bearer(creator.token) })).json()).toEqual({ hasPermission: true });
    // Asking twice changes nothing more.
    expect(await caller.subscriptions.cancel({ id: start.subscriptionId })).toMatchObject({ cancelAtPeriodEnd: true });

    const resumed = await caller.subscriptions.resume({ id: start.subscriptionId });
    expect(resumed).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: info.currentPeriodEnd });
    expect((await row(start.subscriptionId)).cancelAtPeriodEnd).toBe(false);
    expect((await test.provider.retrieveSubscription(providerId)).cancelAtPeriodEnd).toBe(false);

    await expect.poll(() => updates(path).map((data) => data.cancelAtPeriodEnd), { timeout: 10_000 }).toEqual([true, false]);
    expect(updates(path)[0]).toMatchObject({ id: start.subscriptionId, status: 'active', previousStatus: 'active', currentPeriodEnd: info.currentPeriodEnd });
  });

  it('only the subscriber, and only by our id: another user (an admin too) or the provider’s id is 404 and nothing changes', async () => {
    const { start, caller, providerId } = await activeSubscription();
    const other = await callerAs(app, (await createUser(app, { role: 'dj' })).token);
    const admin = await callerAs(app, (await createUser(app, { role: 'admin' })).token);
    for (const someone of [other, admin]) {
      await expect(someone.subscriptions.cancel({ id: start.subscriptionId })).rejects.toMatchObject({ code: 'NOT_FOUND', message: subscriptionMessages.subscriptionNotFound });
      await expect(someone.subscriptions.updatePaymentMethod({ id: start.subscriptionId, paymentMethodId: 'pm_card_mastercard' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(someone.subscriptions.createSetupIntent({ id: start.subscriptionId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    await expect(caller.subscriptions.cancel({ id: providerId })).rejects.toMatchObject({ code: 'NOT_FOUND', message: subscriptionMessages.subscriptionNotFound });
    expect(await row(start.subscriptionId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, cardLast4: '4242' });
    const remote = await test.provider.retrieveSubscription(providerId);
    expect(remote).toMatchObject({ cancelAtPeriodEnd: false, cardLast4: '4242' });
    // Over REST-less tRPC HTTP the same answer is a 404.
    const other404 = await app.inject({ method: 'POST', url: '/trpc/subscriptions.cancel', headers: { ...bearer((await createUser(app, { role: 'dj' })).token), 'content-type': 'application/json' }, payload: { id: start.subscriptionId } });
    expect(other404.statusCode).toBe(404);
  });

  it('at the period end a subscription set to cancel is not renewed: it is canceled and the plan’s features stop', async () => {
    const { creator, start, caller } = await activeSubscription();
    await caller.webhooks.create({ url: `${receiver.url}?lapse=${creator.id}`, events: ['subscription.updated'] });
    await caller.subscriptions.cancel({ id: start.subscriptionId });
    const realNow = test.clock.now;
    try {
      test.clock.now = addDays(realNow, 32);
      await test.provider.renewDueSubscriptions();
    } finally {
      test.clock.now = realNow;
    }
    const invoiceLines = await db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.subscriptionId, start.subscriptionId));
    expect(invoiceLines.map((line) => line.billingReason)).toEqual(['subscription_create']);
    expect(await db.select().from(payments).where(eq(payments.subscriptionId, start.subscriptionId))).toHaveLength(1);
    expect(await row(start.subscriptionId)).toMatchObject({ status: 'canceled', canceledAt: expect.any(String) });
    expect(await caller.subscriptions.mine()).toMatchObject([{ id: start.subscriptionId, status: 'canceled', reactivationItemId: start.subscriptionId }]);
    expect(await caller.subscriptions.hasNotificationCreationPermission()).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/api/subscription/check-has-notification-creation-permission', headers: bearer(creator.token) })).json()).toEqual({ hasPermission: false });
    // Nothing left to cancel or resume; the plan can be started again from /reactivate.
    await expect(caller.subscriptions.resume({ id: start.subscriptionId })).rejects.toMatchObject({ code: 'CONFLICT', message: subscriptionMessages.notResumable });
    expect(await caller.subscriptions.reactivation({ itemId: start.subscriptionId })).toMatchObject({ mode: 'restart', amountDueCents: 2999 });

    const path = `/hooks/cuepoint?lapse=${creator.id}`;
    await expect
      .poll(() => updates(path).map((data) => [data.status, data.cancelAtPeriodEnd]), { timeout: 10_000 })
      .toEqual([
        ['active', true],
        ['canceled', true],
      ]);
  });

  it('a subscription whose period has ended stops its features even before the provider reports it canceled', async () => {
    const { creator, start, caller } = await activeSubscription();
    await caller.subscriptions.cancel({ id: start.subscriptionId });
    await db.update(subscriptions).set({ currentPeriodEnd: addDays(new Date(), -1).toISOString() }).where(eq(subscriptions.id, start.subscriptionId));
    expect((await row(start.subscriptionId)).status).toBe('active');
    expect((await app.inject({ method: 'GET', url: '/api/subscription/check-has-notification-creation-permission', headers: bearer(creator.token) })).json()).toEqual({ hasPermission: false });
  });

  it('change card: the local test card 5555 5555 5555 4444 becomes the card on file and renewals charge it; a declined card is refused', async () => {
    const { start, caller, providerId } = await activeSubscription('PODCAST_TITLE_ADD_ON');
    const method = await app.inject({ method: 'POST', url: '/api/payment/local/payment-methods', payload: card('5555555555554444') });
    expect(method.statusCode, method.body).toBe(200);
    const changed = await caller.subscriptions.updatePaymentMethod({ id: start.subscriptionId, paymentMethodId: (method.json() as { id: string }).id });
    expect(changed).toMatchObject({ id: start.subscriptionId, status: 'active', cardLast4: '4444' });
    expect((await row(start.subscriptionId)).cardLast4).toBe('4444');
    expect((await test.provider.retrieveSubscription(providerId)).cardLast4).toBe('4444');

    const declined = (await app.inject({ method: 'POST', url: '/api/payment/local/payment-methods', payload: card(cards.declined) })).json() as { id: string };
    await expect(caller.subscriptions.updatePaymentMethod({ id: start.subscriptionId, paymentMethodId: declined.id })).rejects.toMatchObject({ message: 'Your card was declined.' });
    expect((await row(start.subscriptionId)).cardLast4).toBe('4444');

    const realNow = test.clock.now;
    try {
      test.clock.now = addDays(realNow, 32);
      await test.provider.renewDueSubscriptions();
    } finally {
      test.clock.now = realNow;
    }
    const charged = await db.select().from(payments).where(eq(payments.subscriptionId, start.subscriptionId));
    expect(charged.map((payment) => [payment.status, payment.cardLast4]).sort()).toEqual([
      ['succeeded', '4242'],
      ['succeeded', '4444'],
    ]);
  });
});

describe('coupons', () => {
  it('answers a known coupon and 404 for an unknown one', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/payment/coupon/LAUNCH20' })).json()).toMatchObject({ id: 'LAUNCH20', percentOff: 20, valid: true });
    const missing = await app.inject({ method: 'GET', url: '/api/payment/coupon/NOPE' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(paymentMessages.couponNotFound);
  });
});
