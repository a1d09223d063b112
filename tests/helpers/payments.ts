import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '@server/app';
import { openConfiguredDatabase } from '@db/client';
import { events } from '@db/schema/events';
import { tipOptions } from '@db/schema/tips';
import { products } from '@db/schema/billing';
import { newId } from '@server/lib/ids';
import { LocalPaymentProvider } from '@server/providers/payments/local';
import { seedProducts } from '../../seed/accounts';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from './app';
import { createTestDatabaseUrl } from './test-engines';

export const cards = {
  success: '4242424242424242',
  declined: '4000000000000002',
  authentication: '4000002500003155',
  laterDeclines: '4000000000000341',
} as const;

export const testWebhookSecret = 'whsec_test_local_provider_secret';

/** A test app whose local provider runs on a clock the test moves. */
export async function createPaymentsApp(env: Record<string, string> = {}, deps: AppDeps = {}): Promise<TestApp & { clock: { now: Date }; provider: LocalPaymentProvider }> {
  const dbDir = mkdtempSync(join(tmpdir(), 'cuepoint-payments-'));
  const database = await openConfiguredDatabase({ databaseUrl: await createTestDatabaseUrl(), sqlitePath: join(dbDir, 'cuepoint.db') });
  const clock = { now: new Date() };
  const provider = new LocalPaymentProvider(database.db, testWebhookSecret, () => clock.now);
  const test = await createTestApp(env, { ...deps, database, paymentProvider: provider });
  await database.db.insert(products).values([...seedProducts]).onConflictDoNothing();
  return {
    ...test,
    clock,
    provider,
    close: async () => {
      await test.close();
      rmSync(dbDir, { recursive: true, force: true });
    },
  };
}

export interface Stage {
  creator: TestUser;
  viewer: TestUser;
  eventId: string;
  premiumEventId: string;
  tipOptionId: string;
  /** The tip option's amount in cents. */
  tipCents: number;
  premiumCents: number;
}

/** A creator with a free and a premium event and a tip option, and a viewer. */
export async function stage(app: FastifyInstance, options: { tipCents?: number; premiumCents?: number; creatorId?: string } = {}): Promise<Stage> {
  const creator = await createUser(app, { role: 'dj', ...(options.creatorId ? { id: options.creatorId } : {}) });
  const viewer = await createUser(app, { role: 'viewer' });
  const tipCents = options.tipCents ?? 500;
  const premiumCents = options.premiumCents ?? 1299;
  const eventId = newId();
  const premiumEventId = newId();
  const tipOptionId = newId();
  const db = app.services.db;
  await db.insert(events).values({ id: eventId, userId: creator.id, name: 'Open Rehearsal' });
  await db.insert(events).values({ id: premiumEventId, userId: creator.id, name: 'Midnight Set', isPremium: true, premiumPriceCents: premiumCents });
  await db.insert(tipOptions).values({ id: tipOptionId, userId: creator.id, title: 'Coffee', amountCents: tipCents });
  return { creator, viewer, eventId, premiumEventId, tipOptionId, tipCents, premiumCents };
}

export function card(number: string, extra: Partial<{ expMonth: number; expYear: number; cvc: string; name: string }> = {}) {
  return { cardNumber: number, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', name: 'Sam Lindqvist', ...extra };
}

export async function createTip(app: FastifyInstance, s: Stage, overrides: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/create-tips-one-time-payment',
    headers: bearer(s.viewer.token),
    payload: { userId: s.creator.id, tipsAmount: s.tipCents / 100, email: s.viewer.email, eventId: s.eventId, eventName: 'Open Rehearsal', viewerId: s.viewer.id, ...overrides },
  });
}

export async function createPaywall(app: FastifyInstance, s: Stage, overrides: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/create-paywall-one-time-payment',
    headers: bearer(s.viewer.token),
    payload: { userId: s.creator.id, premiumPrice: s.premiumCents / 100, email: s.viewer.email, eventId: s.premiumEventId, eventName: 'Midnight Set', viewerId: s.viewer.id, ...overrides },
  });
}

let addressCounter = 0;

/** The local card form's confirmation, each from its own client address (card attempts are limited per address). */
export async function confirmCard(app: FastifyInstance, clientSecret: string, number: string) {
  addressCounter += 1;
  const remoteAddress = `10.77.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
  const response = await app.inject({ method: 'POST', url: '/api/payment/local/confirm', payload: { clientSecret, ...card(number) }, remoteAddress });
  return response.json() as { status: string; error?: { type: string; code?: string; decline_code?: string; message: string } };
}

/** The event page's report after the card form: `POST /api/payment/update-event-page-payment-status` as the payer. */
export function reportPaymentStatus(app: FastifyInstance, payerToken: string, paymentIntentId: string, status = 'succeeded') {
  return app.inject({
    method: 'POST',
    url: '/api/payment/update-event-page-payment-status',
    headers: bearer(payerToken),
    payload: { stripePaymentIntentId: paymentIntentId, status },
  });
}

/** What the fee and split must be for a local payment of `cents` (2.9% + 30¢, 60% of net rounded half up). */
export function expectedSplit(cents: number) {
  const fee = Math.round((cents * 29) / 1000) + 30;
  const net = cents - fee;
  const creator = Math.floor((net * 120 + 100) / 200);
  return { fee, net, creator, platform: net - creator };
}
