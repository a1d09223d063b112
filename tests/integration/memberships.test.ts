import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { liveRecordings } from '@db/schema/live';
import { membershipCharges, memberships, revokedFeedTokens } from '@db/schema/memberships';
import { ledgerEntries, payments } from '@db/schema/payments';
import { podcastTitles } from '@db/schema/podcasts';
import { firstRow } from '@db/store';
import { events } from '@db/schema/events';
import { users } from '@db/schema/users';
import { membershipMessages } from '@server/domains/memberships/memberships.schemas';
import { privateFeedAccess } from '@server/domains/memberships/membership-access';
import { runMembershipBilling } from '@server/domains/memberships/membership-billing';
import { newId } from '@server/lib/ids';
import { bearer, callerAs, createUser, type TestUser } from '../helpers/app';
import { cards, confirmCard, createPaymentsApp, expectedSplit, stage, type Stage } from '../helpers/payments';
import { startReceiver } from '../helpers/webhook-receiver';

const test = await createPaymentsApp({ PAYMENT_RATE_LIMIT: '1000' });
const { app } = test;
const db = app.services.db;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await test.close();
});

const dayMs = 86_400_000;

interface JoinAnswer {
  client_secret: string;
  paymentIntentId: string;
  paymentId: string;
  amountCents: number;
  amount: number;
  membershipId: string;
}

function outboxMails(): { to: string; subject: string; text: string }[] {
  const folder = joinPath(test.dataDir, 'outbox');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(joinPath(folder, name), 'utf8')) as { to: string; subject: string; text: string });
}

async function createTier(creator: TestUser, overrides: Record<string, unknown> = {}, onApp = app) {
  return (await callerAs(onApp, creator.token)).memberships.createTier({
    name: 'Backstage',
    monthlyPrice: 5,
    includesAllPremiumEvents: false,
    premiumEventIds: [],
    includesReplays: false,
    podcastTitleIds: [],
    chatBadge: true,
    ...overrides,
  });
}

async function join(viewer: TestUser, tierId: string, amount?: number) {
  return app.inject({ method: 'POST', url: '/api/memberships/join', headers: bearer(viewer.token), payload: { tierId, ...(amount !== undefined ? { amount } : {}) } });
}

/** Joins and pays the first month with the card; the provider's clock is `at` meanwhile (the period starts then). */
async function joinAndPay(viewer: TestUser, tierId: string, options: { card?: string; at?: Date } = {}): Promise<JoinAnswer> {
  return atClock(options.at ?? new Date(), async () => {
    const response = await join(viewer, tierId);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as JoinAnswer;
    expect(await confirmCard(app, answer.client_secret, options.card ?? cards.success)).toEqual({ status: 'succeeded' });
    return answer;
  });
}

async function atClock<T>(at: Date, run: () => Promise<T>): Promise<T> {
  const before = test.clock.now;
  test.clock.now = at;
  try {
    return await run();
  } finally {
    test.clock.now = before;
  }
}

async function membershipRow(id: string) {
  return (await firstRow(db.select().from(memberships).where(eq(memberships.id, id))))!;
}

async function permittedEvents(viewer: TestUser): Promise<string[]> {
  const response = await app.inject({ method: 'GET', url: `/api/event/check-has-permission/${viewer.id}`, headers: bearer(viewer.token) });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { eventIds: string[] }).eventIds;
}

async function streamStatus(viewer: TestUser, eventId: string): Promise<number> {
  return (await app.inject({ method: 'GET', url: `/api/event/${eventId}/stream`, headers: bearer(viewer.token) })).statusCode;
}

/** Renews what is due on the provider's billing clock at `at` (the local provider's renewals). */
async function renewAt(at: Date): Promise<void> {
  await atClock(at, () => test.provider.renewDueSubscriptions());
}

async function ownTitle(creator: TestUser): Promise<string> {
  const id = newId();
  await db.insert(podcastTitles).values({ id, userId: creator.id, name: 'Members Radio', membersOnly: true });
  return id;
}

describe('tiers', () => {
  it('a creator makes a tier in dollars (cents stored) with their own premium events and titles; others are refused', async () => {
    const s = await stage(app);
    const titleId = await ownTitle(s.creator);
    const tier = await createTier(s.creator, { monthlyPrice: 4.99, premiumEventIds: [s.premiumEventId], podcastTitleIds: [titleId] });
    expect(tier).toMatchObject({ monthlyPrice: 4.99, priceCents: 499, premiumEventIds: [s.premiumEventId], podcastTitleIds: [titleId], archivedAt: null, activeMembers: 0 });

    const caller = await callerAs(app, s.creator.token);
    const other = await stage(app);
    const base = { name: 'X', monthlyPrice: 5, includesAllPremiumEvents: false, includesReplays: false, podcastTitleIds: [], chatBadge: false };
    await expect(caller.memberships.createTier({ ...base, premiumEventIds: [other.premiumEventId] })).rejects.toThrow(membershipMessages.notYourEvent);
    await expect(caller.memberships.createTier({ ...base, premiumEventIds: [s.eventId] })).rejects.toThrow(membershipMessages.notPremiumEvent);
    await expect(caller.memberships.createTier({ ...base, premiumEventIds: [], podcastTitleIds: [await ownTitle(other.creator)] })).rejects.toThrow(membershipMessages.notYourTitle);

    const cheap = await app.inject({ method: 'POST', url: '/api/membership-tiers', headers: bearer(s.creator.token), payload: { ...base, monthlyPrice: 0.99 } });
    expect(cheap.statusCode).toBe(400);
    expect(cheap.json()).toMatchObject({ message: 'The monthly price must be between $1.00 and $10,000.00' });
    const fraction = await app.inject({ method: 'POST', url: '/api/membership-tiers', headers: bearer(s.creator.token), payload: { ...base, monthlyPrice: 4.999 } });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json()).toMatchObject({ message: membershipMessages.priceDecimals });

    // Another creator cannot change it; a viewer cannot make one.
    await expect((await callerAs(app, other.creator.token)).memberships.updateTier({ id: tier.id, name: 'Mine now' })).rejects.toThrow(membershipMessages.tierNotFound);
    const asViewer = await app.inject({ method: 'POST', url: '/api/membership-tiers', headers: bearer(s.viewer.token), payload: base });
    expect(asViewer.statusCode).toBe(403);

    const publicTiers = await app.inject({ method: 'GET', url: `/api/creators/${s.creator.id}/membership-tiers` });
    expect(publicTiers.statusCode).toBe(200);
    expect(publicTiers.json()).toEqual([
      expect.objectContaining({ id: tier.id, monthlyPrice: 4.99, premiumEvents: [expect.objectContaining({ id: s.premiumEventId, name: 'Midnight Set' })], podcastTitles: [expect.objectContaining({ id: titleId })], chatBadge: true }),
    ]);
  });

  it('an API token needs memberships:read to read tiers and members, memberships:write to change them', async () => {
    const s = await stage(app);
    await createTier(s.creator);
    const session = await callerAs(app, s.creator.token);
    const reader = (await session.apiTokens.create({ name: 'read', scopes: ['memberships:read'] })).token;
    const writer = (await session.apiTokens.create({ name: 'write', scopes: ['memberships:write'] })).token;
    expect((await app.inject({ method: 'GET', url: '/api/membership-tiers', headers: bearer(reader) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/memberships/members', headers: bearer(reader) })).statusCode).toBe(200);
    const refused = await app.inject({ method: 'POST', url: '/api/membership-tiers', headers: bearer(reader), payload: { name: 'T', monthlyPrice: 3, includesAllPremiumEvents: true, includesReplays: false, chatBadge: false } });
    expect(refused.statusCode).toBe(403);
    const made = await app.inject({ method: 'POST', url: '/api/membership-tiers', headers: bearer(writer), payload: { name: 'T', monthlyPrice: 3, includesAllPremiumEvents: true, includesReplays: false, chatBadge: false } });
    expect(made.statusCode, made.body).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/memberships/stats', headers: bearer(writer) })).statusCode).toBe(200);
  });
});

describe('joining and access', () => {
  it('a member of a tier including a premium event enters it without paying for it; the first month is split 60/40', async () => {
    const s = await stage(app);
    const other = await stage(app, { creatorId: undefined });
    const tier = await createTier(s.creator, { monthlyPrice: 19.99, premiumEventIds: [s.premiumEventId] });
    expect(await permittedEvents(s.viewer)).toEqual([]);
    expect(await streamStatus(s.viewer, s.premiumEventId)).toBe(403);

    const answer = await joinAndPay(s.viewer, tier.id);
    expect(answer).toMatchObject({ amountCents: 1999, amount: 19.99, currency: 'cad' });
    expect(await membershipRow(answer.membershipId)).toMatchObject({ status: 'active', priceCents: 1999, memberId: s.viewer.id, creatorId: s.creator.id });

    expect(await permittedEvents(s.viewer)).toEqual([s.premiumEventId]);
    expect(await streamStatus(s.viewer, s.premiumEventId)).toBe(200);
    // Nothing of another creator's, and no ticket was bought.
    expect(await streamStatus(s.viewer, other.premiumEventId)).toBe(403);
    expect(await db.select().from(payments).where(and(eq(payments.payerId, s.viewer.id), eq(payments.kind, 'paywall')))).toEqual([]);

    // The event's answer reveals the stream location to the member.
    const event = await app.inject({ method: 'GET', url: `/api/event/${s.premiumEventId}`, headers: bearer(s.viewer.token) });
    expect(event.statusCode, event.body).toBe(200);

    const payment = (await firstRow(db.select().from(payments).where(eq(payments.id, answer.paymentId))))!;
    expect(payment).toMatchObject({ kind: 'membership', status: 'succeeded', amountCents: 1999, feeCents: 88, membershipId: answer.membershipId, creatorId: s.creator.id });
    const ledger = await db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, payment.id)).orderBy(asc(ledgerEntries.account));
    // 1999 - 88 = 1911 net: 60% = 1146.6 → 1147 to the creator, 764 to the platform.
    expect(ledger.map((entry) => [entry.account, entry.source, entry.amountCents])).toEqual([
      ['creator', 'memberships', 1147],
      ['platform', 'memberships', 764],
    ]);
    expect(expectedSplit(1999)).toMatchObject({ creator: 1147, platform: 764 });

    const mine = await (await callerAs(app, s.viewer.token)).memberships.mine();
    expect(mine).toEqual([
      expect.objectContaining({ id: answer.membershipId, tierName: 'Backstage', status: 'active', priceCents: 1999, cancelAtPeriodEnd: false, hasAccess: true, nextChargeCents: 1999, cardLast4: '4242' }),
    ]);
    expect(mine[0]!.nextChargeAt).toBe(mine[0]!.currentPeriodEnd);
    expect(outboxMails().filter((mail) => mail.to === s.viewer.email).map((mail) => mail.subject)).toEqual([expect.stringContaining('Backstage membership, $19.99 CAD')]);
    // The creator hears of the new member, as of a new tip or ticket.
    const notices = outboxMails().filter((mail) => mail.to === s.creator.email);
    expect(notices.map((mail) => mail.subject)).toEqual(["New member: Test viewer joined Backstage ($19.99 CAD a month)"]);
    expect(notices[0]!.text).toContain('/apps/members');
  });

  it('a creator who turned payment notices off gets no new-member mail; the member still gets the receipt', async () => {
    const s = await stage(app);
    await db.update(users).set({ notifyNewPayments: false }).where(eq(users.id, s.creator.id));
    const tier = await createTier(s.creator);
    await joinAndPay(s.viewer, tier.id);
    expect(outboxMails().filter((mail) => mail.to === s.creator.email)).toEqual([]);
    expect(outboxMails().filter((mail) => mail.to === s.viewer.email)).toHaveLength(1);
  });

  it('a tier with every premium event opens events made after joining too', async () => {
    const s = await stage(app);
    const tier = await createTier(s.creator, { includesAllPremiumEvents: true });
    await joinAndPay(s.viewer, tier.id);
    const later = newId();
    await db.insert(events).values({ id: later, userId: s.creator.id, name: 'Encore', isPremium: true, premiumPriceCents: 900 });
    expect((await permittedEvents(s.viewer)).sort()).toEqual([s.premiumEventId, later].sort());
    expect(await streamStatus(s.viewer, later)).toBe(200);
  });

  it('a tier with replays opens a premium event’s replay, not its live stream', async () => {
    const s = await stage(app);
    const tier = await createTier(s.creator, { includesReplays: true });
    expect(await streamStatus(s.viewer, s.premiumEventId)).toBe(403);
    await joinAndPay(s.viewer, tier.id);
    // No replay yet: nothing to watch.
    expect(await streamStatus(s.viewer, s.premiumEventId)).toBe(403);
    await db.insert(liveRecordings).values({ id: newId(), userId: s.creator.id, eventId: s.premiumEventId, status: 'ready', parts: [], startedAt: new Date().toISOString() });
    const stream = await app.inject({ method: 'GET', url: `/api/event/${s.premiumEventId}/stream`, headers: bearer(s.viewer.token) });
    expect(stream.statusCode, stream.body).toBe(200);
    expect(stream.json()).toMatchObject({ kind: 'video', live: false, url: expect.stringMatching(/^\/live\/replays\/.+\.mp4\?token=/) });
    const outsider = await createUser(app, { role: 'viewer' });
    expect(await streamStatus(outsider, s.premiumEventId)).toBe(403);
  });

  it('joining counts against the payment-creation limit like any charge', async () => {
    const limited = await createPaymentsApp({ PAYMENT_RATE_LIMIT: '3' });
    try {
      const s = await stage(limited.app);
      const tier = await createTier(s.creator, {}, limited.app);
      const statuses = [];
      for (let index = 0; index < 4; index += 1) {
        statuses.push((await limited.app.inject({ method: 'POST', url: '/api/memberships/join', headers: bearer(s.viewer.token), payload: { tierId: tier.id } })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('the amount comes from the tier: another one is refused with 400; joining twice is refused', async () => {
    const s = await stage(app);
    const tier = await createTier(s.creator, { monthlyPrice: 7.5 });
    const tampered = await join(s.viewer, tier.id, 0.5);
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json()).toMatchObject({ message: membershipMessages.amountMismatch });
    expect(await db.select().from(memberships).where(eq(memberships.memberId, s.viewer.id))).toEqual([]);

    const answer = (await join(s.viewer, tier.id, 7.5)).json() as JoinAnswer;
    expect(answer.amountCents).toBe(750);
    // Asking again before paying resumes the same first charge.
    expect(((await join(s.viewer, tier.id)).json() as JoinAnswer).paymentIntentId).toBe(answer.paymentIntentId);
    expect(await confirmCard(app, answer.client_secret, cards.success)).toEqual({ status: 'succeeded' });
    const again = await join(s.viewer, tier.id, 7.5);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: membershipMessages.alreadyMember });
    const own = await join(s.creator, tier.id);
    expect(own.statusCode).toBe(400);
  });

  it('an archived tier refuses new members and keeps its members', async () => {
    const s = await stage(app);
    const tier = await createTier(s.creator, { premiumEventIds: [s.premiumEventId] });
    const first = await joinAndPay(s.viewer, tier.id);
    await (await callerAs(app, s.creator.token)).memberships.archiveTier({ id: tier.id });
    const late = await createUser(app, { role: 'viewer' });
    const refused = await join(late, tier.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: membershipMessages.archived });
    expect((await membershipRow(first.membershipId)).status).toBe('active');
    expect(await permittedEvents(s.viewer)).toEqual([s.premiumEventId]);
    expect((await app.inject({ method: 'GET', url: `/api/creators/${s.creator.id}/membership-tiers` })).json()).toEqual([]);
    expect(await (await callerAs(app, s.creator.token)).memberships.myTiers()).toEqual([expect.objectContaining({ id: tier.id, archivedAt: expect.any(String), activeMembers: 1 })]);
  });

  it('a price change applies to new members; an existing member keeps (and renews at) their price', async () => {
    const s = await stage(app);
    const tier = await createTier(s.creator, { monthlyPrice: 5 });
    const first = await joinAndPay(s.viewer, tier.id, { at: new Date(Date.now() - 29 * dayMs) });
    const updated = await (await callerAs(app, s.creator.token)).memberships.updateTier({ id: tier.id, monthlyPrice: 8 });
    expect(updated.priceCents).toBe(800);

    const newcomer = await createUser(app, { role: 'viewer' });
    expect((await join(newcomer, tier.id, 5)).statusCode).toBe(400);
    const second = await joinAndPay(newcomer, tier.id);
    expect(second.amountCents).toBe(800);
    expect((await membershipRow(second.membershipId)).priceCents).toBe(800);

    const periodEnd = (await membershipRow(first.membershipId)).currentPeriodEnd!;
    await renewAt(new Date(Date.parse(periodEnd) + 60_000));
    const charges = await db.select().from(membershipCharges).where(eq(membershipCharges.membershipId, first.membershipId)).orderBy(asc(membershipCharges.periodStart));
    expect(charges.map((charge) => [charge.reason, charge.amountCents, !!charge.paidAt])).toEqual([
      ['membership_create', 500, true],
      ['membership_cycle', 500, true],
    ]);
    expect(await membershipRow(first.membershipId)).toMatchObject({ status: 'active', priceCents: 500 });
  });
});

describe('renewals', () => {
  it('a renewal credits the ledger once, however often its webhooks are replayed', async () => {
    const s = await stage(app);
    const tier = await createTier(s.creator, { monthlyPrice: 12 });
    const hook = `${receiver.url}?renewed=${s.creator.id}`;
    await (await callerAs(app, s.creator.token)).webhooks.create({ url: hook, events: ['membership.renewed'] });
    const answer = await joinAndPay(s.viewer, tier.id, { at: new Date(Date.now() - 29 * dayMs) });
    const firstEnd = (await membershipRow(answer.membershipId)).currentPeriodEnd!;
    await renewAt(new Date(Date.parse(firstEnd) + 60_000));
    const after = await membershipRow(answer.membershipId);
    expect(after.status).toBe('active');
    expect(after.currentPeriodStart).toBe(firstEnd);

    const renewal = (await firstRow(db.select().from(membershipCharges).where(and(eq(membershipCharges.membershipId, answer.membershipId), eq(membershipCharges.reason, 'membership_cycle')))))!;
    const payload = (type: string, object: Record<string, unknown>) => JSON.stringify({ id: `evt_replay_${newId()}`, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
    const post = (body: string) => app.inject({ method: 'POST', url: '/api/payment/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': test.provider.signWebhookPayload(body) }, payload: body });
    const invoicePaid = payload('invoice.paid', { id: renewal.providerInvoiceId, object: 'invoice' });
    expect((await post(invoicePaid)).json()).toEqual({ received: true, duplicate: false });
    expect((await post(invoicePaid)).json()).toEqual({ received: true, duplicate: true });
    expect((await post(payload('invoice.paid', { id: renewal.providerInvoiceId, object: 'invoice' }))).statusCode).toBe(200);
    const renewalPayment = (await firstRow(db.select().from(payments).where(eq(payments.id, renewal.paymentId!))))!;
    expect((await post(payload('payment_intent.succeeded', { id: renewalPayment.providerIntentId, object: 'payment_intent' }))).statusCode).toBe(200);

    expect(await db.select().from(membershipCharges).where(eq(membershipCharges.membershipId, answer.membershipId))).toHaveLength(2);
    const memberPayments = await db.select().from(payments).where(eq(payments.membershipId, answer.membershipId));
    expect(memberPayments.map((payment) => [payment.kind, payment.status, payment.amountCents])).toEqual([
      ['membership', 'succeeded', 1200],
      ['membership', 'succeeded', 1200],
    ]);
    const split = expectedSplit(1200);
    expect((await db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, renewalPayment.id))).map((entry) => entry.amountCents).sort((a, b) => a - b)).toEqual([split.platform, split.creator].sort((a, b) => a - b));
    await expect.poll(() => receiver.received.filter((request) => request.url === `/hooks/cuepoint?renewed=${s.creator.id}`).length, { timeout: 10_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const renewed = receiver.received.filter((request) => request.url === `/hooks/cuepoint?renewed=${s.creator.id}`);
    expect(renewed).toHaveLength(1);
    expect(renewed[0]!.body).toMatchObject({ type: 'membership.renewed', data: { id: answer.membershipId, status: 'active', priceCents: 1200, charge: { amountCents: 1200, periodStart: firstEnd } } });
  });

  it('a failed renewal keeps access for the 3-day grace (with a mail and daily retries), then the membership lapses', async () => {
    const s = await stage(app);
    const tier = await createTier(s.creator, { premiumEventIds: [s.premiumEventId] });
    const hook = `${receiver.url}?lapsed=${s.creator.id}`;
    await (await callerAs(app, s.creator.token)).webhooks.create({ url: hook, events: ['membership.lapsed'] });
    const answer = await joinAndPay(s.viewer, tier.id, { card: cards.laterDeclines, at: new Date(Date.now() - 29 * dayMs) });
    const periodEnd = (await membershipRow(answer.membershipId)).currentPeriodEnd!;
    await renewAt(new Date(Date.parse(periodEnd) + 60_000));

    const pastDue = await membershipRow(answer.membershipId);
    expect(pastDue.status).toBe('past_due');
    expect(pastDue.graceEndsAt).toBe(new Date(Date.parse(periodEnd) + 3 * dayMs).toISOString());
    expect(await permittedEvents(s.viewer)).toEqual([s.premiumEventId]);
    expect(outboxMails().filter((mail) => mail.to === s.viewer.email).map((mail) => mail.subject)).toContain('Your Backstage membership payment failed');
    const mine = (await (await callerAs(app, s.viewer.token)).memberships.mine())[0]!;
    expect(mine).toMatchObject({ status: 'past_due', hasAccess: true, graceEndsAt: pastDue.graceEndsAt, nextChargeAt: null });

    // The clock retries once a day: not again within the day, once more after it.
    expect(await runMembershipBilling(app.services, new Date(Date.now() + 60_000))).toEqual({ retried: 0, lapsed: 0 });
    expect(await runMembershipBilling(app.services, new Date(Date.now() + 25 * 3_600_000))).toEqual({ retried: 1, lapsed: 0 });
    const openCharge = (await firstRow(db.select().from(membershipCharges).where(and(eq(membershipCharges.membershipId, answer.membershipId), eq(membershipCharges.reason, 'membership_cycle')))))!;
    expect(openCharge).toMatchObject({ attemptCount: 2, paidAt: null, lastError: 'Your card was declined.' });
    expect((await membershipRow(answer.membershipId)).status).toBe('past_due');

    // After the grace: lapsed, no access, nothing more is charged.
    expect(await runMembershipBilling(app.services, new Date(Date.parse(pastDue.graceEndsAt!) + 60_000))).toEqual({ retried: 0, lapsed: 1 });
    const lapsed = await membershipRow(answer.membershipId);
    expect(lapsed).toMatchObject({ status: 'lapsed', currentPeriodEnd: periodEnd });
    expect(await permittedEvents(s.viewer)).toEqual([]);
    expect(await streamStatus(s.viewer, s.premiumEventId)).toBe(403);
    expect((await test.provider.retrieveSubscription(lapsed.providerSubscriptionId!)).status).toBe('canceled');
    expect((await (await callerAs(app, s.viewer.token)).memberships.mine())[0]).toMatchObject({ status: 'lapsed', hasAccess: false, feeds: [] });
    expect(outboxMails().filter((mail) => mail.to === s.viewer.email).map((mail) => mail.subject)).toContain('Your Backstage membership has ended');
    await expect.poll(() => receiver.received.filter((request) => request.url === `/hooks/cuepoint?lapsed=${s.creator.id}`).map((request) => request.body.type), { timeout: 10_000 }).toEqual(['membership.lapsed']);
    // A lapsed member may join again (a new membership).
    const rejoin = await join(s.viewer, tier.id);
    expect(rejoin.statusCode, rejoin.body).toBe(200);
    expect((rejoin.json() as JoinAnswer).membershipId).not.toBe(answer.membershipId);
  });

  it('a renewal paid just after the grace ended (the card form was open) opens the membership for that month, ending with it', async () => {
    const s = await stage(app);
    const tier = await createTier(s.creator, { monthlyPrice: 7, premiumEventIds: [s.premiumEventId] });
    const answer = await joinAndPay(s.viewer, tier.id, { card: cards.laterDeclines, at: new Date(Date.now() - 29 * dayMs) });
    const paidUntil = (await membershipRow(answer.membershipId)).currentPeriodEnd!;
    await renewAt(new Date(Date.parse(paidUntil) + 60_000));
    const pastDue = await membershipRow(answer.membershipId);
    expect(pastDue.status).toBe('past_due');
    // The member opens the card form for the renewal in the grace…
    const due = (await join(s.viewer, tier.id, 7)).json() as JoinAnswer;
    expect(due.membershipId).toBe(answer.membershipId);
    // …the clock ends the grace before they pay…
    expect(await runMembershipBilling(app.services, new Date(Date.parse(pastDue.graceEndsAt!) + 60_000))).toEqual({ retried: 0, lapsed: 1 });
    expect((await membershipRow(answer.membershipId)).status).toBe('lapsed');
    expect(await permittedEvents(s.viewer)).toEqual([]);
    // …and the payment goes through: the month they paid is theirs.
    expect(await confirmCard(app, due.client_secret, cards.success)).toEqual({ status: 'succeeded' });
    const charge = (await firstRow(db.select().from(membershipCharges).where(and(eq(membershipCharges.membershipId, answer.membershipId), eq(membershipCharges.reason, 'membership_cycle')))))!;
    expect(charge.paidAt).not.toBeNull();
    expect(await membershipRow(answer.membershipId)).toMatchObject({ status: 'canceled', currentPeriodStart: charge.periodStart, currentPeriodEnd: charge.periodEnd, graceEndsAt: null });
    expect(Date.parse(charge.periodEnd)).toBeGreaterThan(Date.now());
    expect(await permittedEvents(s.viewer)).toEqual([s.premiumEventId]);
    expect((await (await callerAs(app, s.viewer.token)).memberships.mine())[0]).toMatchObject({ status: 'canceled', hasAccess: true, nextChargeAt: null, currentPeriodEnd: charge.periodEnd });
    const mail = outboxMails().find((entry) => entry.to === s.viewer.email && entry.subject.startsWith('Your Backstage membership is open again until'));
    expect(mail?.text).toContain('It will not renew by itself.');
    // Credited once, 60/40, like any month.
    const ledger = await db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, charge.paymentId!));
    expect(ledger.map((entry) => entry.amountCents).reduce((sum, cents) => sum + cents, 0)).toBe(expectedSplit(700).net);
  });

  it('a member in the grace pays the renewal with another card and is active again', async () => {
    const s = await stage(app);
    const tier = await createTier(s.creator, { monthlyPrice: 6 });
    const answer = await joinAndPay(s.viewer, tier.id, { card: cards.laterDeclines, at: new Date(Date.now() - 29 * dayMs) });
    await renewAt(new Date(Date.parse((await membershipRow(answer.membershipId)).currentPeriodEnd!) + 60_000));
    expect((await membershipRow(answer.membershipId)).status).toBe('past_due');
    const due = await join(s.viewer, tier.id, 6);
    expect(due.statusCode, due.body).toBe(200);
    const intent = due.json() as JoinAnswer;
    expect(intent).toMatchObject({ membershipId: answer.membershipId, amountCents: 600 });
    expect(await confirmCard(app, intent.client_secret, cards.success)).toEqual({ status: 'succeeded' });
    expect(await membershipRow(answer.membershipId)).toMatchObject({ status: 'active', graceEndsAt: null });
    const charges = await db.select().from(membershipCharges).where(eq(membershipCharges.membershipId, answer.membershipId));
    expect(charges.every((charge) => charge.paidAt)).toBe(true);
    expect(charges).toHaveLength(2);
  });

  it('the billing clock (runRenewals) runs the memberships’ grace too', async () => {
    const s = await stage(app);
    const tier = await createTier(s.creator);
    const answer = await joinAndPay(s.viewer, tier.id, { card: cards.laterDeclines, at: new Date(Date.now() - 40 * dayMs) });
    await renewAt(new Date(Date.now() - 5 * dayMs));
    expect((await membershipRow(answer.membershipId)).status).toBe('past_due');
    const admin = await createUser(app, { role: 'admin' });
    await (await callerAs(app, admin.token)).subscriptions.runRenewals();
    await expect.poll(async () => (await membershipRow(answer.membershipId)).status, { timeout: 10_000 }).toBe('lapsed');
  });
});

describe('cancel and resume', () => {
  it('a canceled membership keeps its access to the end of the paid month, and loses it after', async () => {
    const s = await stage(app);
    const tier = await createTier(s.creator, { premiumEventIds: [s.premiumEventId] });
    const hook = `${receiver.url}?cancelled=${s.creator.id}`;
    await (await callerAs(app, s.creator.token)).webhooks.create({ url: hook, events: ['membership.cancelled', 'membership.created'] });
    const answer = await joinAndPay(s.viewer, tier.id);
    const viewer = await callerAs(app, s.viewer.token);

    const canceled = await viewer.memberships.cancel({ membershipId: answer.membershipId });
    expect(canceled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, hasAccess: true, nextChargeAt: null });
    expect(await permittedEvents(s.viewer)).toEqual([s.premiumEventId]);
    expect(await viewer.memberships.resume({ membershipId: answer.membershipId })).toMatchObject({ cancelAtPeriodEnd: false, nextChargeAt: canceled.currentPeriodEnd });
    await viewer.memberships.cancel({ membershipId: answer.membershipId });

    // Someone else's membership is not found.
    const stranger = await createUser(app, { role: 'viewer' });
    await expect((await callerAs(app, stranger.token)).memberships.cancel({ membershipId: answer.membershipId })).rejects.toThrow(membershipMessages.membershipNotFound);

    await expect
      .poll(() => receiver.received.filter((request) => request.url === `/hooks/cuepoint?cancelled=${s.creator.id}`).map((request) => request.body.type), { timeout: 10_000 })
      .toEqual(['membership.created', 'membership.cancelled', 'membership.cancelled']);

    // A member whose paid month is already over has no access once canceled, before and after the clock ends it.
    const late = await stage(app);
    const lateTier = await createTier(late.creator, { premiumEventIds: [late.premiumEventId] });
    const old = await joinAndPay(late.viewer, lateTier.id, { at: new Date(Date.now() - 40 * dayMs) });
    expect(await permittedEvents(late.viewer)).toEqual([late.premiumEventId]);
    await (await callerAs(app, late.viewer.token)).memberships.cancel({ membershipId: old.membershipId });
    expect(await permittedEvents(late.viewer)).toEqual([]);
    await renewAt(new Date());
    expect(await membershipRow(old.membershipId)).toMatchObject({ status: 'canceled', canceledAt: expect.any(String) });
    expect(await db.select().from(payments).where(eq(payments.membershipId, old.membershipId))).toHaveLength(1);
    expect(await permittedEvents(late.viewer)).toEqual([]);
    expect(await streamStatus(late.viewer, late.premiumEventId)).toBe(403);
  });
});

describe('feeds, members and earnings', () => {
  it('mine lists a private feed per title of the tier; a reset revokes the old token', async () => {
    const s = await stage(app);
    const titleId = await ownTitle(s.creator);
    const tier = await createTier(s.creator, { podcastTitleIds: [titleId] });
    const answer = await joinAndPay(s.viewer, tier.id);
    const viewer = await callerAs(app, s.viewer.token);
    const before = (await viewer.memberships.mine())[0]!;
    const oldToken = (await membershipRow(answer.membershipId)).feedToken;
    expect(before.feeds).toEqual([{ titleId, titleName: 'Members Radio', url: expect.stringMatching(new RegExp(`/feeds/${titleId}/${oldToken}\\.xml$`)) }]);
    expect((await privateFeedAccess(db, titleId, oldToken)).state).toBe('open');

    const after = await viewer.memberships.resetFeeds({ membershipId: answer.membershipId });
    const newToken = (await membershipRow(answer.membershipId)).feedToken;
    expect(newToken).not.toBe(oldToken);
    expect(after.feeds[0]!.url).toContain(`/${newToken}.xml`);
    expect(await firstRow(db.select().from(revokedFeedTokens).where(eq(revokedFeedTokens.feedToken, oldToken)))).toMatchObject({ membershipId: answer.membershipId });
    expect((await privateFeedAccess(db, titleId, oldToken)).state).toBe('revoked');
    expect((await privateFeedAccess(db, titleId, newToken)).state).toBe('open');
  });

  it('the creator sees members, monthly recurring revenue and churn; earnings show memberships as their own line', async () => {
    const s: Stage = await stage(app);
    const gold = await createTier(s.creator, { name: 'Gold', monthlyPrice: 10 });
    const silver = await createTier(s.creator, { name: 'Silver', monthlyPrice: 4 });
    const second = await createUser(app, { role: 'viewer' });
    const third = await createUser(app, { role: 'viewer' });
    await joinAndPay(s.viewer, gold.id);
    const leaving = await joinAndPay(second, silver.id);
    await joinAndPay(third, silver.id);
    await (await callerAs(app, second.token)).memberships.cancel({ membershipId: leaving.membershipId });

    const creator = await callerAs(app, s.creator.token);
    const members = await creator.memberships.members();
    expect(members).toHaveLength(3);
    expect(members.find((member) => member.memberId === s.viewer.id)).toMatchObject({ email: s.viewer.email, tierName: 'Gold', status: 'active', priceCents: 1000, since: expect.any(String) });
    expect(await creator.memberships.members({ tierId: silver.id })).toHaveLength(2);
    const stats = await creator.memberships.stats();
    // The canceling member still has access but no longer renews.
    expect(stats).toMatchObject({ activeMembers: 3, monthlyRecurringRevenueCents: 1400, churnedLast30Days: 0 });

    const summary = await creator.earnings.summary();
    const line = summary.bySource.find((entry) => entry.source === 'memberships')!;
    const split = [expectedSplit(1000), expectedSplit(400), expectedSplit(400)];
    expect(line).toMatchObject({
      count: 3,
      grossCents: 1800,
      creatorShareCents: split.reduce((sum, part) => sum + part.creator, 0),
      platformShareCents: split.reduce((sum, part) => sum + part.platform, 0),
    });
    expect(summary.bySource.find((entry) => entry.source === 'subscriptions')).toMatchObject({ count: 0 });
    const stranger = await stage(app);
    await expect((await callerAs(app, stranger.creator.token)).memberships.members({ tierId: gold.id })).rejects.toThrow(membershipMessages.tierNotFound);
  });
});
