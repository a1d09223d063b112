import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { products } from '@db/schema/billing';
import { firstRow } from '@db/store';
import { ledgerEntries, payments, subscriptionInvoices, subscriptions, webhookEvents } from '@db/schema/payments';
import { invoices } from '@db/schema/users';
import { paymentMessages } from '@server/domains/payments/payments.schemas';
import { seedProducts } from '../../seed/accounts';
import { bearer, callerAs, createTestApp, createUser } from '../helpers/app';
import { createPaywall, createTip, reportPaymentStatus, stage } from '../helpers/payments';
import { StripeFake } from '../helpers/stripe-fake';

const webhookSecret = 'whsec_stripe_adapter_test';
const fake = new StripeFake();
const base = await fake.start();
const test = await createTestApp({
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_adapter',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_adapter',
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

function signed(payload: string, secret = webhookSecret) {
  return { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

describe('the stripe adapter against a wire-format fake', () => {
  it('uses the Stripe SDK pointed at STRIPE_API_BASE, and the browser gets the publishable key', async () => {
    expect(app.services.payments.name).toBe('stripe');
    const config = await app.inject({ method: 'GET', url: '/api/payment/config' });
    expect(config.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_adapter', offersWallets: true, currency: 'cad', country: 'CA' });
  });

  it('a tip creates a PaymentIntent with an idempotency key; the verified webhook credits the fee Stripe reports', async () => {
    const s = await stage(app, { tipCents: 500 });
    const created = await createTip(app, s);
    expect(created.statusCode, created.body).toBe(200);
    const intent = created.json() as { client_secret: string; paymentIntentId: string; paymentId: string };
    const request = fake.requests.find((entry) => entry.method === 'POST' && entry.path === '/v1/payment_intents' && entry.params.metadata && (entry.params.metadata as Record<string, string>).payment_id === intent.paymentId);
    expect(request).toMatchObject({ idempotencyKey: `payment-intent:${intent.paymentId}`, params: { amount: '500', currency: 'cad' } });
    expect(intent.client_secret).toBe(fake.object(intent.paymentIntentId)?.client_secret);

    fake.succeedIntent(intent.paymentIntentId, { feeCents: 45, last4: '1881' });
    const payload = fake.eventPayload('payment_intent.succeeded', intent.paymentIntentId);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await app.inject({ method: 'POST', url: '/api/payment/webhook', headers: signed(payload), payload });
      expect(response.statusCode, response.body).toBe(200);
    }
    const row = await firstRow(db.select().from(payments).where(eq(payments.id, intent.paymentId)));
    expect(row).toMatchObject({ status: 'succeeded', feeCents: 45, cardLast4: '1881' });
    const ledger = await db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, intent.paymentId));
    expect(ledger.map((entry) => [entry.account, entry.amountCents]).sort()).toEqual([
      ['creator', 273],
      ['platform', 182],
    ]);
  });

  it('a webhook with a bad signature is a 400 and writes nothing', async () => {
    const s = await stage(app);
    const intent = (await createPaywall(app, s)).json() as { paymentIntentId: string; paymentId: string };
    fake.succeedIntent(intent.paymentIntentId, { feeCents: 68 });
    const payload = fake.eventPayload('payment_intent.succeeded', intent.paymentIntentId);
    const eventsBefore = (await db.select().from(webhookEvents)).length;
    for (const headers of [signed(payload, 'whsec_someone_else'), { 'content-type': 'application/json' }]) {
      const response = await app.inject({ method: 'POST', url: '/api/payment/webhook', headers, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: paymentMessages.invalidWebhook });
    }
    expect((await db.select().from(webhookEvents)).length).toBe(eventsBefore);
    expect((await firstRow(db.select().from(payments).where(eq(payments.id, intent.paymentId))))?.status).toBe('pending');
    expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, intent.paymentId))).toEqual([]);
    // The page's own status report re-fetches from Stripe and records the success.
    const report = await reportPaymentStatus(app, s.viewer.token, intent.paymentIntentId);
    expect(report.json()).toMatchObject({ status: 'succeeded', providerStatus: 'succeeded' });
  });

  it('a declined wallet payment answers the decline and credits nothing', async () => {
    const s = await stage(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/payment/create-tips-payment-with-token',
      headers: bearer(s.viewer.token),
      payload: { tokenId: 'tok_chargeDeclined', userId: s.creator.id, tipsAmount: s.tipCents / 100, eventId: s.eventId, eventName: 'Open Rehearsal' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'requires_payment_method', error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } });
    const row = await firstRow(db.select().from(payments).where(eq(payments.id, (response.json() as { paymentId: string }).paymentId)));
    expect(row?.status).toBe('failed');
  });

  it('a subscription puts the setup fee on the first invoice as an invoice item; invoice.paid activates it', async () => {
    const s = await stage(app);
    const creator = s.creator;
    const response = await app.inject({ method: 'POST', url: '/api/payment/create-one-time-payment', headers: bearer(creator.token), payload: { productId: 'PODCAST_TITLE' } });
    expect(response.statusCode, response.body).toBe(200);
    const start = response.json() as { client_secret: string; paymentIntentId: string; subscriptionId: string; amountCents: number };
    expect(start.amountCents).toBe(2998);
    const customerCall = fake.requests.find((entry) => entry.path === '/v1/customers' && (entry.params.metadata as Record<string, string>)?.userId === creator.id);
    expect(customerCall?.idempotencyKey).toBe(`customer:stripe:${creator.id}`);
    const subscriptionCall = fake.requests.find((entry) => entry.path === '/v1/subscriptions' && entry.method === 'POST' && entry.idempotencyKey === `subscription:${start.subscriptionId}`);
    expect(subscriptionCall?.params).toMatchObject({
      items: [{ price: 'price_podcast_monthly' }],
      add_invoice_items: [{ price: 'price_podcast_setup' }],
      payment_behavior: 'default_incomplete',
    });

    const subscription = (await firstRow(db.select().from(subscriptions).where(eq(subscriptions.id, start.subscriptionId))))!;
    fake.succeedIntent(start.paymentIntentId, { feeCents: 117 });
    const invoiceId = (fake.object(subscription.providerSubscriptionId!) as { latest_invoice: string }).latest_invoice;
    const payload = fake.eventPayload('invoice.paid', invoiceId);
    const webhook = await app.inject({ method: 'POST', url: '/api/payment/webhook', headers: signed(payload), payload });
    expect(webhook.statusCode, webhook.body).toBe(200);
    expect((await firstRow(db.select().from(subscriptions).where(eq(subscriptions.id, start.subscriptionId))))?.status).toBe('active');
    const lines = await db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.subscriptionId, start.subscriptionId));
    expect(lines).toMatchObject([{ providerInvoiceId: invoiceId, subscriptionCents: 999, setUpFeeCents: 1999, billingReason: 'subscription_create' }]);
    expect(await firstRow(db.select().from(invoices).where(eq(invoices.id, lines[0]!.invoiceId)))).toMatchObject({ amountCents: 2998, status: 'paid' });
  });

  it('cancel and resume send cancel_at_period_end form-encoded; a new card goes through a SetupIntent; the period end cancels it', async () => {
    const s = await stage(app);
    const creator = s.creator;
    const start = (await app.inject({ method: 'POST', url: '/api/payment/create-one-time-payment', headers: bearer(creator.token), payload: { productId: 'LIVE_STREAM' } })).json() as {
      paymentIntentId: string;
      subscriptionId: string;
    };
    const providerId = (await firstRow(db.select().from(subscriptions).where(eq(subscriptions.id, start.subscriptionId))))!.providerSubscriptionId!;
    fake.succeedIntent(start.paymentIntentId, { feeCents: 117 });
    const paid = fake.eventPayload('invoice.paid', (fake.object(providerId) as { latest_invoice: string }).latest_invoice);
    expect((await app.inject({ method: 'POST', url: '/api/payment/webhook', headers: signed(paid), payload: paid })).statusCode).toBe(200);
    const caller = await callerAs(app, creator.token);
    expect(await caller.subscriptions.mine()).toMatchObject([{ id: start.subscriptionId, status: 'active', cancelAtPeriodEnd: false, cardLast4: '4242' }]);

    const updatesOf = () => fake.requests.filter((entry) => entry.method === 'POST' && entry.path === `/v1/subscriptions/${providerId}`);
    expect(await caller.subscriptions.cancel({ id: start.subscriptionId })).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    const [cancelCall] = updatesOf();
    expect(cancelCall?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(new URLSearchParams(cancelCall!.rawBody).get('cancel_at_period_end')).toBe('true');
    expect(cancelCall?.idempotencyKey).toMatch(new RegExp(`^subscription-cancel:${start.subscriptionId}:`));
    expect(fake.object(providerId)).toMatchObject({ cancel_at_period_end: true });
    // The provider's id is not ours.
    await expect(caller.subscriptions.resume({ id: providerId })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    expect(await caller.subscriptions.resume({ id: start.subscriptionId })).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(new URLSearchParams(updatesOf()[1]!.rawBody).get('cancel_at_period_end')).toBe('false');
    expect(fake.object(providerId)).toMatchObject({ cancel_at_period_end: false });

    // Change the card: a SetupIntent for the customer, confirmed by Stripe.js, then the subscription's default payment method.
    const setup = await caller.subscriptions.createSetupIntent({ id: start.subscriptionId });
    const setupCall = fake.requests.find((entry) => entry.path === '/v1/setup_intents' && entry.params.metadata && (entry.params.metadata as Record<string, string>).subscription_row_id === start.subscriptionId);
    expect(setupCall?.params).toMatchObject({ customer: fake.object(providerId)?.customer, usage: 'off_session' });
    expect(setup.clientSecret).toBe(fake.object(setup.setupIntentId)?.client_secret);
    fake.confirmSetupIntent(setup.setupIntentId, 'pm_card_mastercard');
    expect(await caller.subscriptions.updatePaymentMethod({ id: start.subscriptionId, paymentMethodId: 'pm_card_mastercard' })).toMatchObject({ cardLast4: '4444' });
    expect(updatesOf()[2]?.params).toMatchObject({ default_payment_method: 'pm_card_mastercard' });
    // A payment method that is not the customer's is Stripe's 400, shown as is.
    await expect(caller.subscriptions.updatePaymentMethod({ id: start.subscriptionId, paymentMethodId: 'pm_card_amex' })).rejects.toMatchObject({ message: "No such PaymentMethod: 'pm_card_amex'" });

    // Canceled at the period end: Stripe ends it and says so with customer.subscription.deleted.
    await caller.subscriptions.cancel({ id: start.subscriptionId });
    fake.endPeriod(providerId);
    const deleted = fake.eventPayload('customer.subscription.deleted', providerId);
    expect((await app.inject({ method: 'POST', url: '/api/payment/webhook', headers: signed(deleted), payload: deleted })).statusCode).toBe(200);
    expect(await firstRow(db.select().from(subscriptions).where(eq(subscriptions.id, start.subscriptionId)))).toMatchObject({ status: 'canceled', cardLast4: '4444' });
    expect(await caller.subscriptions.hasNotificationCreationPermission()).toBe(false);
  });

  it('looks coupons up at Stripe (404 for an unknown one)', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/payment/coupon/SPRING' })).json()).toMatchObject({ id: 'SPRING', percentOff: 15, duration: 'once', valid: true });
    expect((await app.inject({ method: 'GET', url: '/api/payment/coupon/NOPE' })).statusCode).toBe(404);
  });
});

describe('the provider follows the platform settings', () => {
  it('an admin switching payments to Stripe takes effect on the next payment, without a restart', async () => {
    const local = await createTestApp({ STRIPE_API_BASE: base });
    try {
      await local.app.services.db.insert(products).values([...seedProducts]).onConflictDoNothing();
      const s = await stage(local.app);
      expect((await local.app.inject({ method: 'GET', url: '/api/payment/config' })).json()).toMatchObject({ provider: 'local', publishableKey: null });
      const before = (await createTip(local.app, s)).json() as { client_secret: string };
      expect(before.client_secret).toMatch(/^pi_local_/);

      const admin = await createUser(local.app, { role: 'admin' });
      await (await callerAs(local.app, admin.token)).settings.update({
        group: 'payments',
        values: { provider: 'stripe', stripePublishableKey: 'pk_test_settings', stripeSecretKey: 'sk_test_settings', stripeWebhookSecret: webhookSecret },
      });
      expect((await local.app.inject({ method: 'GET', url: '/api/payment/config' })).json()).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_settings' });
      const after = (await createTip(local.app, s)).json() as { client_secret: string; paymentIntentId: string };
      expect(after.client_secret).toBe(fake.object(after.paymentIntentId)?.client_secret);
      // The local card form is gone with the local provider.
      expect((await local.app.inject({ method: 'POST', url: '/api/payment/local/confirm', payload: { clientSecret: before.client_secret, cardNumber: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123', name: 'Sam' } })).statusCode).toBe(404);
    } finally {
      await local.close();
    }
  });
});
