import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { membershipCharges, memberships, membershipTiers } from '@db/schema/memberships';
import { ledgerEntries, payments } from '@db/schema/payments';
import { firstRow } from '@db/store';
import { bearer, callerAs, createTestApp, createUser, type TestUser } from '../helpers/app';
import { stage } from '../helpers/payments';
import { StripeFake } from '../helpers/stripe-fake';

const webhookSecret = 'whsec_memberships_stripe_test';
const fake = new StripeFake();
const base = await fake.start();
const test = await createTestApp({
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_memberships',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_memberships',
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_API_BASE: base,
  PAYMENT_RATE_LIMIT: '1000',
});
const { app } = test;
const db = app.services.db;
afterAll(async () => {
  await test.close();
  await fake.stop();
});

async function webhook(type: string, objectId: string) {
  const payload = fake.eventPayload(type, objectId);
  const headers = { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
  const response = await app.inject({ method: 'POST', url: '/api/payment/webhook', headers, payload });
  expect(response.statusCode, response.body).toBe(200);
}

async function join(viewer: TestUser, tierId: string) {
  const response = await app.inject({ method: 'POST', url: '/api/memberships/join', headers: bearer(viewer.token), payload: { tierId } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { paymentIntentId: string; paymentId: string; membershipId: string; amountCents: number };
}

describe('memberships with Stripe', () => {
  it('a Stripe subscription on a price made for the tier; replayed invoice.paid webhooks activate and credit it once', async () => {
    const s = await stage(app);
    const tier = await (await callerAs(app, s.creator.token)).memberships.createTier({
      name: 'Inner circle',
      monthlyPrice: 15,
      includesAllPremiumEvents: true,
      includesReplays: true,
      podcastTitleIds: [],
      chatBadge: false,
    });
    const answer = await join(s.viewer, tier.id);
    expect(answer.amountCents).toBe(1500);
    const priceCalls = fake.requests.filter((entry) => entry.method === 'POST' && entry.path === '/v1/prices');
    expect(priceCalls).toHaveLength(1);
    expect(priceCalls[0]).toMatchObject({ idempotencyKey: `membership-price:${tier.id}:1500`, params: { unit_amount: '1500', currency: 'cad', recurring: { interval: 'month' } } });
    const row = (await firstRow(db.select().from(memberships).where(eq(memberships.id, answer.membershipId))))!;
    expect(row).toMatchObject({ status: 'incomplete', provider: 'stripe' });
    const subscriptionCall = fake.requests.find((entry) => entry.method === 'POST' && entry.path === '/v1/subscriptions' && entry.idempotencyKey === `membership:${row.id}`);
    const createdPrice = (fake.object(row.providerSubscriptionId!) as { items: { data: { price: { id: string } }[] } }).items.data[0]!.price.id;
    expect(subscriptionCall?.params).toMatchObject({ items: [{ price: createdPrice }], metadata: { membership_id: row.id, tier_id: tier.id } });
    expect((await firstRow(db.select().from(membershipTiers).where(eq(membershipTiers.id, tier.id))))?.providerPriceId).toBe(`stripe:${createdPrice}`);

    fake.succeedIntent(answer.paymentIntentId, { feeCents: 74 });
    const invoiceId = (fake.object(row.providerSubscriptionId!) as { latest_invoice: string }).latest_invoice;
    for (let attempt = 0; attempt < 3; attempt += 1) await webhook('invoice.paid', invoiceId);
    await webhook('payment_intent.succeeded', answer.paymentIntentId);

    expect(await firstRow(db.select().from(memberships).where(eq(memberships.id, row.id)))).toMatchObject({ status: 'active', activatedAt: expect.any(String) });
    expect(await db.select().from(membershipCharges).where(eq(membershipCharges.membershipId, row.id))).toMatchObject([{ providerInvoiceId: invoiceId, amountCents: 1500, reason: 'membership_create' }]);
    expect(await db.select().from(payments).where(eq(payments.membershipId, row.id))).toMatchObject([{ status: 'succeeded', feeCents: 74, amountCents: 1500 }]);
    // 1500 - 74 = 1426 net: 855.6 → 856 to the creator, 570 to the platform.
    const ledger = await db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, answer.paymentId));
    expect(ledger.map((entry) => [entry.account, entry.amountCents]).sort()).toEqual([
      ['creator', 856],
      ['platform', 570],
    ]);

    // A second member uses the same price; a new price makes a new one.
    const second = await createUser(app, { role: 'viewer' });
    await join(second, tier.id);
    expect(fake.requests.filter((entry) => entry.path === '/v1/prices')).toHaveLength(1);
    await (await callerAs(app, s.creator.token)).memberships.updateTier({ id: tier.id, monthlyPrice: 20 });
    const third = await createUser(app, { role: 'viewer' });
    expect((await join(third, tier.id)).amountCents).toBe(2000);
    expect(fake.requests.filter((entry) => entry.path === '/v1/prices').map((entry) => entry.params.unit_amount)).toEqual(['1500', '2000']);

    // Cancel at the period's end; Stripe ends it then (customer.subscription.deleted).
    const member = await callerAs(app, s.viewer.token);
    expect(await member.memberships.cancel({ membershipId: row.id })).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, hasAccess: true });
    fake.endPeriod(row.providerSubscriptionId!);
    await webhook('customer.subscription.deleted', row.providerSubscriptionId!);
    const ended = (await firstRow(db.select().from(memberships).where(eq(memberships.id, row.id))))!;
    expect(ended).toMatchObject({ status: 'canceled', currentPeriodEnd: row.currentPeriodEnd });
  });

  it('the billing clock’s retry pays an open invoice (POST /v1/invoices/{id}/pay) and a lapse ends the subscription (DELETE)', async () => {
    const s = await stage(app);
    const tier = await (await callerAs(app, s.creator.token)).memberships.createTier({ name: 'Retry', monthlyPrice: 3, includesAllPremiumEvents: false, includesReplays: false, chatBadge: false });
    const answer = await join(s.viewer, tier.id);
    const row = (await firstRow(db.select().from(memberships).where(eq(memberships.id, answer.membershipId))))!;
    const invoiceId = (fake.object(row.providerSubscriptionId!) as { latest_invoice: string }).latest_invoice;
    const paid = await app.services.payments.payInvoice(invoiceId, 'retry-test');
    expect(paid).toMatchObject({ id: invoiceId, status: 'paid' });
    expect(fake.requests.find((entry) => entry.path === `/v1/invoices/${invoiceId}/pay`)).toMatchObject({ method: 'POST', idempotencyKey: 'retry-test', params: { off_session: 'true' } });
    await webhook('invoice.paid', invoiceId);
    expect((await firstRow(db.select().from(memberships).where(eq(memberships.id, row.id))))?.status).toBe('active');

    const ended = await app.services.payments.cancelSubscription(row.providerSubscriptionId!, 'lapse-test');
    expect(ended.status).toBe('canceled');
    expect(fake.requests.find((entry) => entry.method === 'DELETE' && entry.path === `/v1/subscriptions/${row.providerSubscriptionId}`)?.idempotencyKey).toBe('lapse-test');
  });
});
