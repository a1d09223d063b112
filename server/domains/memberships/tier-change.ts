import { DomainError } from '@server/platform/errors';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { membershipCharges, membershipTiers, memberships } from '@db/schema/memberships';
import { users } from '@db/schema/users';
import { firstRow } from '@db/store';
import { applyIntentToPayment, findPaymentForIntent, insertPendingPayment, providerFailure, publishPaymentSucceeded, type PaymentRow } from '@server/domains/payments/payment-records';
import { newId, nowIso } from '@server/lib/ids';
import type { ProviderIntent } from '@server/providers/payments/interface';
import type { Services } from '@server/services';
import type { Actor } from '@server/platform/actor';
import { tierPriceId } from './join';
import { mailTierChange } from './membership-mail';
import type { MembershipRow } from './membership-sync';
import { membershipMessages, type ChangeTierInput, type ChangeTierOutput, type TierChangeOptionOutput } from './memberships.schemas';
import { memberOwn, myMembership } from './memberships.service';
import type { TierRow } from './tiers';

/** The smallest one-off card charge (Stripe's for CAD): an upgrade whose difference is smaller is not charged. */
export const minimumUpgradeChargeCents = 50;

/**
 * An upgrade's price for the rest of the paid period: the monthly difference × the seconds left ÷ the period's
 * seconds, rounded to the cent (0 for no difference, or none left).
 */
export function upgradeProrationCents(oldCents: number, newCents: number, period: { start: string; end: string }, now: Date): number {
  const periodSeconds = Math.round((Date.parse(period.end) - Date.parse(period.start)) / 1000);
  if (!(periodSeconds > 0) || newCents <= oldCents) return 0;
  const remainingSeconds = Math.min(periodSeconds, Math.max(0, Math.floor((Date.parse(period.end) - now.getTime()) / 1000)));
  return Math.round(((newCents - oldCents) * remainingSeconds) / periodSeconds);
}

/** What is charged now for an upgrade: the prorated difference, or nothing below the smallest card charge. */
export function upgradeChargeCents(row: Pick<MembershipRow, 'priceCents' | 'currentPeriodStart' | 'currentPeriodEnd'>, newCents: number, now: Date): number {
  if (!row.currentPeriodStart || !row.currentPeriodEnd) return 0;
  const cents = upgradeProrationCents(row.priceCents, newCents, { start: row.currentPeriodStart, end: row.currentPeriodEnd }, now);
  return cents >= minimumUpgradeChargeCents ? cents : 0;
}

/** Only a membership that renews (active, not set to end) on the provider in effect changes tier. */
function assertChangeable(services: Services, row: MembershipRow): string {
  if (row.status === 'past_due') throw new DomainError({ code: 'CONFLICT', message: membershipMessages.changePastDue });
  if (row.status === 'active' && row.cancelAtPeriodEnd) throw new DomainError({ code: 'CONFLICT', message: membershipMessages.changeEnding });
  if (row.status !== 'active') throw new DomainError({ code: 'CONFLICT', message: membershipMessages.changeEnded });
  if (row.provider !== services.payments.name || !row.providerSubscriptionId) throw new DomainError({ code: 'CONFLICT', message: membershipMessages.otherProvider });
  return row.providerSubscriptionId;
}

async function tierById(services: Services, id: string): Promise<TierRow | undefined> {
  return firstRow(services.db.select().from(membershipTiers).where(eq(membershipTiers.id, id)));
}

/** "Change tier": the creator's open tiers, each with what choosing it costs now and from when it applies. */
export async function tierChangeOptions(services: Services, actor: Actor, membershipId: string, now = new Date()): Promise<TierChangeOptionOutput[]> {
  const row = await memberOwn(services.db, actor, membershipId);
  assertChangeable(services, row);
  const tiers = await services.db
    .select()
    .from(membershipTiers)
    .where(and(eq(membershipTiers.creatorId, row.creatorId), isNull(membershipTiers.archivedAt)))
    .orderBy(asc(membershipTiers.priceCents), asc(membershipTiers.createdAt), asc(membershipTiers.id));
  const current = tiers.some((tier) => tier.id === row.tierId) ? [] : [await tierById(services, row.tierId)].filter((tier): tier is TierRow => !!tier);
  return [...current, ...tiers].map((tier) => {
    const description = tier.description;
    if (tier.id === row.tierId) return { tierId: tier.id, name: tier.name, description, priceCents: row.priceCents, kind: 'current' as const, chargeNowCents: 0, effectiveAt: null };
    const upgrade = tier.priceCents >= row.priceCents;
    return {
      tierId: tier.id,
      name: tier.name,
      description,
      priceCents: tier.priceCents,
      kind: upgrade ? ('upgrade' as const) : ('downgrade' as const),
      chargeNowCents: upgrade ? upgradeChargeCents(row, tier.priceCents, now) : 0,
      effectiveAt: upgrade ? now.toISOString() : row.currentPeriodEnd,
    };
  });
}

/**
 * Claims the membership for one change at a time: its `updatedAt` moves on only when nobody changed it since it was
 * read (two changes at once: the second is refused rather than charged twice). Answers the claimed row.
 */
async function claim(services: Services, row: MembershipRow): Promise<MembershipRow> {
  const claimed = await firstRow(
    services.db
      .update(memberships)
      .set({ updatedAt: nowIso() })
      .where(and(eq(memberships.id, row.id), eq(memberships.updatedAt, row.updatedAt), eq(memberships.status, 'active')))
      .returning(),
  );
  if (!claimed) throw new DomainError({ code: 'CONFLICT', message: membershipMessages.changeBusy });
  return claimed;
}

async function creatorNameOf(services: Services, creatorId: string): Promise<string> {
  return (await firstRow(services.db.select({ displayName: users.displayName }).from(users).where(eq(users.id, creatorId))))?.displayName ?? 'a creator';
}

/**
 * `memberships.changeTier`: another tier of the same creator, on the same membership. An upgrade (a tier costing as much
 * or more) applies now: the prorated difference for the rest of the paid period is charged at once to the saved card,
 * with a receipt, and the new price is billed from the next renewal. A downgrade applies at the end of the paid period
 * (the renewal bills the lower price and switches the tier). Choosing the current tier again undoes a scheduled downgrade.
 */
export async function changeTier(services: Services, actor: Actor, input: ChangeTierInput, now = new Date()): Promise<ChangeTierOutput> {
  const row = await memberOwn(services.db, actor, input.membershipId);
  const subscriptionId = assertChangeable(services, row);
  const tier = await tierById(services, input.tierId);
  if (!tier) throw new DomainError({ code: 'NOT_FOUND', message: membershipMessages.tierNotFound });
  if (tier.creatorId !== row.creatorId) throw new DomainError({ code: 'BAD_REQUEST', message: membershipMessages.otherCreatorTier });
  const currentTier = await tierById(services, row.tierId);
  const creatorName = await creatorNameOf(services, row.creatorId);

  if (tier.id === row.tierId) {
    if (!row.scheduledTierId) throw new DomainError({ code: 'CONFLICT', message: membershipMessages.sameTier });
    const claimed = await claim(services, row);
    // The renewal bills the member's own price again.
    const priceId = await tierPriceId(services, tier, creatorName, claimed.priceCents);
    await services.payments.updateSubscription(subscriptionId, { price: { id: priceId, cents: claimed.priceCents } }, `membership-tier:${row.id}:${claimed.updatedAt}`).catch(providerFailure);
    const after = (await firstRow(
      services.db.update(memberships).set({ scheduledTierId: null, scheduledPriceCents: null, updatedAt: nowIso() }).where(eq(memberships.id, row.id)).returning(),
    ))!;
    const scheduledName = (await tierById(services, row.scheduledTierId))?.name ?? '';
    await mailTierChange(services, after, 'downgrade_canceled', { fromTierName: scheduledName, toTierName: tier.name, chargedCents: 0, monthlyCents: after.priceCents, from: null, cardLast4: after.cardLast4 });
    return { membership: await myMembership(services, actor, row.id), change: 'downgrade_canceled', chargedCents: 0, effectiveAt: null };
  }
  if (tier.archivedAt) throw new DomainError({ code: 'CONFLICT', message: membershipMessages.archived });

  const claimed = await claim(services, row);
  const priceId = await tierPriceId(services, tier, creatorName);
  const key = `${row.id}:${claimed.updatedAt}`;
  const fromTierName = currentTier?.name ?? '';

  if (tier.priceCents < claimed.priceCents) {
    // A downgrade: the provider bills the lower price from the next renewal; our tier switches then.
    await services.payments.updateSubscription(subscriptionId, { price: { id: priceId, cents: tier.priceCents } }, `membership-tier:${key}`).catch(providerFailure);
    const after = (await firstRow(
      services.db.update(memberships).set({ scheduledTierId: tier.id, scheduledPriceCents: tier.priceCents, updatedAt: nowIso() }).where(eq(memberships.id, row.id)).returning(),
    ))!;
    await mailTierChange(services, after, 'downgrade_scheduled', { fromTierName, toTierName: tier.name, chargedCents: 0, monthlyCents: tier.priceCents, from: after.currentPeriodEnd, cardLast4: after.cardLast4 });
    return { membership: await myMembership(services, actor, row.id), change: 'downgrade_scheduled', chargedCents: 0, effectiveAt: after.currentPeriodEnd };
  }

  // An upgrade: the new price from the next renewal (undone should the charge not go through), the difference now.
  const chargeCents = upgradeChargeCents(claimed, tier.priceCents, now);
  await services.payments.updateSubscription(subscriptionId, { price: { id: priceId, cents: tier.priceCents } }, `membership-tier:${key}`).catch(providerFailure);
  let payment: PaymentRow | null = null;
  let intent: ProviderIntent | null = null;
  if (chargeCents > 0) {
    payment = await insertPendingPayment(services.db, {
      id: newId(),
      kind: 'membership',
      provider: claimed.provider,
      payerId: claimed.memberId,
      creatorId: claimed.creatorId,
      membershipId: claimed.id,
      description: `Upgrade to ${tier.name} membership`,
      amountCents: chargeCents,
    });
    try {
      intent = await services.payments.chargeSavedCard(
        subscriptionId,
        {
          amountCents: chargeCents,
          currency: 'cad',
          description: `Upgrade from ${fromTierName} to ${tier.name} membership of ${creatorName}`,
          metadata: { payment_id: payment.id, membership_id: claimed.id, tier_id: tier.id, creator_id: claimed.creatorId, kind: 'membership_upgrade' },
        },
        `membership-upgrade:${key}`,
      );
    } catch (error) {
      await undoPrice(services, claimed, subscriptionId, creatorName, key);
      return providerFailure(error);
    }
    if (intent.status !== 'succeeded') {
      await services.db.transaction(async (tx) => applyIntentToPayment(tx, (await findPaymentForIntent(tx, intent!)) ?? payment!, intent!));
      await undoPrice(services, claimed, subscriptionId, creatorName, key);
      const needsAuthentication = intent.status === 'requires_action' || intent.lastError?.code === 'authentication_required';
      throw new DomainError({ code: 'BAD_REQUEST', message: needsAuthentication ? membershipMessages.upgradeNeedsAuthentication : (intent.lastError?.message ?? 'Your card was declined.') });
    }
  }
  const time = now.toISOString();
  const { after, paid, newlySucceeded } = await services.db.transaction(async (tx) => {
    // Found by the intent (its id stored on our payment, should the provider's report not have done it yet).
    const outcome = payment && intent ? await applyIntentToPayment(tx, (await findPaymentForIntent(tx, intent)) ?? payment, intent) : null;
    if (outcome) {
      await tx.insert(membershipCharges).values({
        id: newId(),
        membershipId: claimed.id,
        paymentId: outcome.row.id,
        providerInvoiceId: null,
        reason: 'membership_upgrade',
        amountCents: chargeCents,
        periodStart: time,
        periodEnd: claimed.currentPeriodEnd ?? time,
        attemptCount: 1,
        lastAttemptAt: time,
        paidAt: time,
      });
    }
    const after = (await firstRow(
      tx
        .update(memberships)
        .set({ tierId: tier.id, priceCents: tier.priceCents, scheduledTierId: null, scheduledPriceCents: null, cardLast4: intent?.cardLast4 ?? claimed.cardLast4, updatedAt: nowIso() })
        .where(eq(memberships.id, claimed.id))
        .returning(),
    ))!;
    return { after, paid: outcome?.row ?? null, newlySucceeded: outcome?.newlySucceeded ?? false };
  });
  if (paid && newlySucceeded) await publishPaymentSucceeded(services, paid);
  await mailTierChange(services, after, 'upgraded', {
    fromTierName,
    toTierName: tier.name,
    chargedCents: chargeCents,
    minimumChargeCents: minimumUpgradeChargeCents,
    monthlyCents: tier.priceCents,
    from: after.currentPeriodEnd,
    cardLast4: after.cardLast4,
  });
  return { membership: await myMembership(services, actor, row.id), change: 'upgraded', chargedCents: chargeCents, effectiveAt: time };
}

/** The member's own price back at the provider, after an upgrade's charge did not go through. */
async function undoPrice(services: Services, row: MembershipRow, subscriptionId: string, creatorName: string, key: string): Promise<void> {
  try {
    const tier = await tierById(services, row.tierId);
    if (!tier) return;
    const cents = row.scheduledPriceCents ?? row.priceCents;
    const scheduled = row.scheduledTierId ? await tierById(services, row.scheduledTierId) : undefined;
    const priceId = await tierPriceId(services, scheduled ?? tier, creatorName, cents);
    await services.payments.updateSubscription(subscriptionId, { price: { id: priceId, cents } }, `membership-tier-undo:${key}`);
  } catch (error) {
    services.log.error({ err: error, membershipId: row.id }, 'membership price not restored at the provider after a refused upgrade');
  }
}
