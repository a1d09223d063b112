import { DomainError } from '@server/platform/errors';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { membershipPlaceStatuses, membershipTiers, memberships } from '@db/schema/memberships';
import { isUniqueViolation } from '@db/portable-sql';
import { users } from '@db/schema/users';
import { firstRow } from '@db/store';
import { toCents } from '@common/money';
import { findPaymentForIntent, providerFailure } from '@server/domains/payments/payment-records';
import { limitPaymentCreation } from '@server/domains/payments/payments.service';
import { intentAnswerOf, openFirstInvoice, prepareOpenInvoice } from '@server/domains/payments/provider-subscriptions';
import { ensureCustomer } from '@server/domains/subscriptions/checkout';
import { newId, nowIso } from '@server/lib/ids';
import type { Services } from '@server/services';
import type { Actor } from '@server/platform/actor';
import { membershipMessages, type JoinInput, type JoinOutput } from './memberships.schemas';
import { endMembership, isFinished, insertMembershipPayment, syncMembershipInvoice, type MembershipRow } from './membership-sync';
import type { TierRow } from './tiers';

/** The secret of a member's private feed URLs: 32 random bytes, URL-safe. */
export function newFeedToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The provider's monthly price for the tier at `cents` (its current price unless given: a member keeps the price they
 * joined at), made once (the idempotency key names the tier and the cents). The tier's current one is kept on the tier
 * as `provider:priceId`, so a change of provider makes a new one.
 */
export async function tierPriceId(services: Services, tier: TierRow, creatorName: string, cents = tier.priceCents): Promise<string> {
  const provider = services.payments;
  const prefix = `${provider.name}:`;
  const current = cents === tier.priceCents;
  if (current && tier.providerPriceId?.startsWith(prefix)) return tier.providerPriceId.slice(prefix.length);
  const price = await provider
    .createRecurringPrice(
      { productName: `${tier.name} membership of ${creatorName}`, amountCents: cents, currency: 'cad', metadata: { tier_id: tier.id, creator_id: tier.creatorId } },
      `membership-price:${tier.id}:${cents}`,
    )
    .catch(providerFailure);
  if (!current) return price.id;
  await services.db
    .update(membershipTiers)
    .set({ providerPriceId: `${prefix}${price.id}` })
    .where(and(eq(membershipTiers.id, tier.id), eq(membershipTiers.priceCents, tier.priceCents)));
  return price.id;
}

/** Whether a statement failed on the one-membership-per-creator index (two joins raced; one landed). */
export function isSecondMembership(error: unknown): boolean {
  return isUniqueViolation(error, { index: 'memberships_one_per_creator_idx', columns: 'memberships.creator_id, memberships.member_id' });
}

/**
 * Memberships of this member and creator that no longer hold a place are moved out of the way of a new one: a
 * canceled membership (or one set to end) whose paid month is over ends (`ended`, as the billing clock would), and a
 * join left unpaid on another tier or price, whose card was never given, is given up (ended, and its provider
 * subscription ended). Answers the rows left.
 */
/**
 * Whether an unpaid join's first charge has not been tried: its provider subscription still waits for a card that was
 * never given (a card being confirmed, or paid, keeps the join: the member is paying it).
 */
async function firstChargeUntouched(services: Services, row: MembershipRow): Promise<boolean> {
  if (row.provider !== services.payments.name || !row.providerSubscriptionId) return true;
  try {
    const remote = await services.payments.retrieveSubscription(row.providerSubscriptionId);
    if (remote.status === 'incomplete_expired' || remote.status === 'canceled') return true;
    const intentId = remote.latestInvoice?.paymentIntentId;
    if (remote.status !== 'incomplete' || !intentId) return false;
    const intent = await services.payments.retrievePaymentIntent(intentId);
    return intent.status === 'requires_payment_method' || intent.status === 'canceled';
  } catch (error) {
    services.log.warn({ err: error, membershipId: row.id }, 'unpaid membership not checked at the provider');
    return false;
  }
}

async function clearFinished(services: Services, rows: MembershipRow[], tier: TierRow, now: Date): Promise<MembershipRow[]> {
  const kept: MembershipRow[] = [];
  for (const row of rows) {
    if (isFinished(row, now)) {
      await endMembership(services, row, now);
      continue;
    }
    const otherJoin = row.status === 'incomplete' && row.providerSubscriptionId && (row.tierId !== tier.id || row.priceCents !== tier.priceCents || row.provider !== services.payments.name);
    if (otherJoin && (await firstChargeUntouched(services, row))) {
      const ended = await firstRow(
        services.db
          .update(memberships)
          .set({ status: 'ended', endedAt: now.toISOString(), updatedAt: nowIso() })
          .where(and(eq(memberships.id, row.id), eq(memberships.status, 'incomplete')))
          .returning(),
      );
      if (ended && row.provider === services.payments.name) {
        await services.payments
          .cancelSubscription(row.providerSubscriptionId!, `membership-abandoned:${row.id}`)
          .catch((error: unknown) => services.log.warn({ err: error, membershipId: row.id }, 'unpaid membership not ended at the provider'));
      }
      continue;
    }
    kept.push(row);
  }
  return kept;
}

/**
 * `memberships.join`: the first month is charged at once (the card form confirms the answer's intent); the
 * membership becomes active when that payment succeeds. The amount is always the tier's: one the page sent that
 * differs is refused. A member whose renewal failed (in the grace) pays that renewal here, with another card.
 */
export async function joinTier(services: Services, actor: Actor, clientIp: string, input: JoinInput): Promise<JoinOutput> {
  const { db } = services;
  const tier = await firstRow(db.select().from(membershipTiers).where(eq(membershipTiers.id, input.tierId)));
  if (!tier) throw new DomainError({ code: 'NOT_FOUND', message: membershipMessages.tierNotFound });
  if (tier.creatorId === actor.id) throw new DomainError({ code: 'BAD_REQUEST', message: membershipMessages.ownTier });
  // One membership per creator: every membership of this creator that still holds a place counts, whichever tier.
  const ofCreator = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.memberId, actor.id), eq(memberships.creatorId, tier.creatorId), inArray(memberships.status, [...membershipPlaceStatuses])))
    .orderBy(desc(memberships.createdAt));
  const pastDue = ofCreator.find((row) => row.status === 'past_due' && row.tierId === tier.id && row.provider === services.payments.name);
  const expectedCents = pastDue ? pastDue.priceCents : tier.priceCents;
  if (input.amount !== undefined && toCents(input.amount) !== expectedCents) throw new DomainError({ code: 'BAD_REQUEST', message: membershipMessages.amountMismatch });
  if (pastDue) {
    await limitPaymentCreation(services, actor, clientIp);
    return payOpenRenewal(services, pastDue);
  }
  const mine = await clearFinished(services, ofCreator, tier, new Date());
  // A membership that gives access (or is being paid) is changed with `changeTier`, never doubled; a join still being
  // made (no provider subscription yet) is the other half of a race.
  if (mine.some((row) => row.status !== 'incomplete' || !row.providerSubscriptionId)) {
    throw new DomainError({ code: 'CONFLICT', message: membershipMessages.alreadyMember });
  }
  if (tier.archivedAt) throw new DomainError({ code: 'CONFLICT', message: membershipMessages.archived });
  await limitPaymentCreation(services, actor, clientIp);

  // A join left unpaid is resumed rather than doubled.
  const pending = mine.find((row) => row.status === 'incomplete' && row.providerSubscriptionId && row.provider === services.payments.name && row.priceCents === tier.priceCents);
  if (pending) {
    const resumed = await resumeFirstCharge(services, pending);
    if (resumed) return resumed;
    // Its first invoice can no longer be paid: the join is given up and a new one made.
    await db.update(memberships).set({ status: 'ended', endedAt: nowIso(), updatedAt: nowIso() }).where(and(eq(memberships.id, pending.id), eq(memberships.status, 'incomplete')));
  }
  return startMembership(services, actor, tier);
}

async function startMembership(services: Services, actor: Actor, tier: TierRow): Promise<JoinOutput> {
  const { db, payments: provider } = services;
  const creator = await firstRow(db.select({ displayName: users.displayName }).from(users).where(eq(users.id, tier.creatorId)));
  const creatorName = creator?.displayName ?? 'a creator';
  const priceId = await tierPriceId(services, tier, creatorName);
  const customerId = await ensureCustomer(services, actor.user);
  // The database is the last word: of two joins at once, the second insert fails on the one-per-creator index.
  const row = (await firstRow(
    db
      .insert(memberships)
      .values({
        id: newId(),
        tierId: tier.id,
        creatorId: tier.creatorId,
        memberId: actor.id,
        status: 'incomplete',
        priceCents: tier.priceCents,
        provider: provider.name,
        providerCustomerId: customerId,
        feedToken: newFeedToken(),
      })
      .returning(),
  ).catch((error: unknown) => {
    if (isSecondMembership(error)) throw new DomainError({ code: 'CONFLICT', message: membershipMessages.alreadyMember, cause: error });
    throw error;
  }))!;
  const answer = await openFirstInvoice(services, {
    subscription: {
      customerId,
      priceId,
      priceCents: tier.priceCents,
      setUpFeePriceId: null,
      setUpFeeCents: 0,
      metadata: { membership_id: row.id, member_id: actor.id, tier_id: tier.id, creator_id: tier.creatorId },
      description: `${tier.name} membership of ${creatorName}`,
    },
    idempotencyKey: `membership:${row.id}`,
    forget: async () => {
      await db.delete(memberships).where(eq(memberships.id, row.id));
    },
    store: async (remote) =>
      (await firstRow(
        db
          .update(memberships)
          .set({ providerSubscriptionId: remote.id, currentPeriodStart: remote.currentPeriodStart, currentPeriodEnd: remote.currentPeriodEnd, updatedAt: nowIso() })
          .where(eq(memberships.id, row.id))
          .returning(),
      )) ?? row,
    insertPayment: insertMembershipPayment,
    syncInvoice: syncMembershipInvoice,
  });
  return { ...answer, membershipId: row.id };
}

/** The first invoice of a join left unpaid, when the provider still waits for it. */
async function resumeFirstCharge(services: Services, row: MembershipRow): Promise<JoinOutput | null> {
  const remote = await services.payments.retrieveSubscription(row.providerSubscriptionId ?? '').catch(() => null);
  const invoice = remote?.latestInvoice;
  if (!remote || remote.status !== 'incomplete' || !invoice?.paymentIntentId || invoice.status !== 'open' || invoice.amountDueCents !== row.priceCents) return null;
  const intent = await services.payments.retrievePaymentIntent(invoice.paymentIntentId).catch(providerFailure);
  // Found or inserted in one transaction (a webhook of this invoice may be recording its payment at the same time).
  const payment = await services.db.transaction(async (tx) => (await findPaymentForIntent(tx, intent)) ?? (await insertMembershipPayment(tx, row, invoice, intent)));
  return { ...intentAnswerOf(payment, intent, invoice.clientSecret ?? intent.clientSecret), membershipId: row.id };
}

/** A past-due membership's open renewal, readied for the card form (the card paying it renews the membership). */
async function payOpenRenewal(services: Services, row: MembershipRow): Promise<JoinOutput> {
  const answer = row.providerSubscriptionId ? await prepareOpenInvoice(services, row.providerSubscriptionId, row, insertMembershipPayment) : null;
  if (!answer) throw new DomainError({ code: 'CONFLICT', message: membershipMessages.alreadyMember });
  return { ...answer, membershipId: row.id };
}
