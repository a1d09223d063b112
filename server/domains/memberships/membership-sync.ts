import { and, desc, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { membershipCharges, membershipGraceDays, membershipPlaceStatuses, membershipTiers, memberships, type MembershipStatus } from '@db/schema/memberships';
import { users } from '@db/schema/users';
import type { PaymentRow, Queryable } from '@server/domains/payments/payment-records';
import { insertInvoicePayment, refreshProviderSubscription, syncProviderInvoice, updateInTransaction, type InsertInvoicePayment } from '@server/domains/payments/provider-subscriptions';
import type { MembershipChargeSnapshot, MembershipSnapshot } from '@server/platform/domain-events';
import { newId, nowIso } from '@server/lib/ids';
import type { ProviderInvoice, ProviderSubscription } from '@server/providers/payments/interface';
import type { Services } from '@server/services';
import { mailCreatorNewMember, mailMembershipNotice } from './membership-mail';

export type MembershipRow = typeof memberships.$inferSelect;
export type MembershipChargeRow = typeof membershipCharges.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const dayMs = 86_400_000;

export async function findMembershipByProviderId(db: Db, providerSubscriptionId: string): Promise<MembershipRow | undefined> {
  return firstRow(db.select().from(memberships).where(eq(memberships.providerSubscriptionId, providerSubscriptionId)));
}

/**
 * Our status for the provider's. Lapsed and canceled are ours to decide and final; a subscription the provider ended
 * while a renewal was unpaid has lapsed, one it ended otherwise (set to end at the period's end) is canceled. A first
 * charge that never went through stays incomplete (no member shows it).
 */
function statusOf(row: MembershipRow, remote: ProviderSubscription): MembershipStatus {
  switch (remote.status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return row.status === 'incomplete' ? 'incomplete' : 'past_due';
    case 'incomplete':
      return 'incomplete';
    case 'canceled':
    case 'incomplete_expired':
      if (row.status === 'incomplete') return 'incomplete';
      return row.status === 'past_due' ? 'lapsed' : 'canceled';
  }
}

/**
 * Whether a membership is over but not yet marked so: canceled (or set to end) and past the month it paid for. The
 * billing clock (and a new join of the same creator) moves it to the final `ended`.
 */
export function isFinished(row: Pick<MembershipRow, 'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd'>, now = new Date()): boolean {
  const over = !!row.currentPeriodEnd && Date.parse(row.currentPeriodEnd) <= now.getTime();
  if (row.status === 'canceled') return !row.currentPeriodEnd || over;
  return row.status === 'active' && row.cancelAtPeriodEnd && over;
}

/** Moves a finished membership to the final `ended` (as of its period's end); false when it changed meanwhile. */
export async function endMembership(services: Pick<Services, 'db'>, row: MembershipRow, now = new Date()): Promise<boolean> {
  const ended = await firstRow(
    services.db
      .update(memberships)
      .set({ status: 'ended', endedAt: row.currentPeriodEnd ?? now.toISOString(), updatedAt: nowIso() })
      .where(and(eq(memberships.id, row.id), eq(memberships.status, row.status), eq(memberships.cancelAtPeriodEnd, row.cancelAtPeriodEnd)))
      .returning({ id: memberships.id }),
  );
  return !!ended;
}

/** The last month the member paid for. */
export async function lastPaidCharge(db: Queryable, membershipId: string): Promise<MembershipChargeRow | undefined> {
  return firstRow(
    db
      .select()
      .from(membershipCharges)
      .where(and(eq(membershipCharges.membershipId, membershipId), isNotNull(membershipCharges.paidAt)))
      .orderBy(desc(membershipCharges.periodEnd))
      .limit(1),
  );
}

/**
 * Our row as the provider answers it. Once canceled or lapsed the period is the last one paid for, so access ends with
 * the month the member paid (never with an unpaid month the provider had already opened).
 */
async function applyMembershipState(tx: Tx, row: MembershipRow, remote: ProviderSubscription, cardLast4: string | null): Promise<MembershipRow> {
  if (row.status === 'lapsed' || row.status === 'canceled' || row.status === 'ended') return row;
  const status = statusOf(row, remote);
  const time = nowIso();
  const ended = status === 'canceled' || status === 'lapsed';
  const paid = ended ? await lastPaidCharge(tx, row.id) : undefined;
  // A downgrade the member chose takes over once the provider has moved to the next period (the renewal bills it).
  const downgradeDue = !ended && status !== 'incomplete' && !!row.scheduledTierId && row.scheduledPriceCents !== null && !!row.currentPeriodEnd && Date.parse(remote.currentPeriodStart) >= Date.parse(row.currentPeriodEnd);
  const updated = await firstRow(
    tx
      .update(memberships)
      .set({
        status,
        currentPeriodStart: ended ? (paid?.periodStart ?? row.currentPeriodStart) : remote.currentPeriodStart,
        currentPeriodEnd: ended ? (paid?.periodEnd ?? row.currentPeriodEnd) : remote.currentPeriodEnd,
        cancelAtPeriodEnd: ended ? row.cancelAtPeriodEnd : remote.cancelAtPeriodEnd,
        cardLast4: cardLast4 ?? remote.cardLast4 ?? row.cardLast4,
        updatedAt: time,
        // The grace runs from the day the unpaid month began.
        ...(status === 'past_due' && row.status !== 'past_due'
          ? { graceEndsAt: new Date(Date.parse(remote.currentPeriodStart) + membershipGraceDays * dayMs).toISOString() }
          : {}),
        ...(status === 'active' ? { graceEndsAt: null } : {}),
        ...(status === 'active' && !row.activatedAt ? { activatedAt: time } : {}),
        ...(status === 'canceled' ? { canceledAt: time } : {}),
        ...(status === 'lapsed' ? { lapsedAt: time } : {}),
        ...(downgradeDue ? { tierId: row.scheduledTierId!, priceCents: row.scheduledPriceCents!, scheduledTierId: null, scheduledPriceCents: null } : {}),
      })
      .where(eq(memberships.id, row.id))
      .returning(),
  );
  return updated ?? row;
}

/**
 * A month paid after the membership lapsed (the member was paying the renewal in the grace when the clock ended it):
 * the month is theirs, so the membership opens for it as a canceled one, ending with it (the provider's subscription
 * is over, nothing renews). A month already past leaves it lapsed.
 */
async function reopenForPaidMonth(tx: Tx, row: MembershipRow, charge: MembershipChargeRow, cardLast4: string | null): Promise<MembershipRow> {
  const time = nowIso();
  if (charge.periodEnd <= time) return row;
  // Not when the member has joined the creator again meanwhile: one membership per creator holds a place.
  const other = await firstRow(
    tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.memberId, row.memberId), eq(memberships.creatorId, row.creatorId), ne(memberships.id, row.id), inArray(memberships.status, [...membershipPlaceStatuses])))
      .limit(1),
  );
  if (other) return row;
  const reopened = await firstRow(
    tx
      .update(memberships)
      .set({
        status: 'canceled',
        currentPeriodStart: charge.periodStart,
        currentPeriodEnd: charge.periodEnd,
        cancelAtPeriodEnd: false,
        graceEndsAt: null,
        canceledAt: time,
        cardLast4: cardLast4 ?? row.cardLast4,
        updatedAt: time,
      })
      .where(and(eq(memberships.id, row.id), eq(memberships.status, 'lapsed')))
      .returning(),
  );
  return reopened ?? row;
}

/**
 * Records the invoice's monthly charge: one row per membership and period (the unique index), so a replayed or
 * repeated report credits a month once. A first invoice still waiting for the card form is not a charge yet.
 * Answers the charge when this call marked it paid.
 */
async function recordCharge(tx: Tx, membership: MembershipRow, invoice: ProviderInvoice, payment: PaymentRow | undefined, failure: string | null): Promise<MembershipChargeRow | null> {
  if (invoice.status !== 'open' && invoice.status !== 'paid') return null;
  const paid = invoice.status === 'paid';
  const reason = invoice.billingReason === 'subscription_create' ? 'membership_create' : 'membership_cycle';
  if (!paid && !failure && reason === 'membership_create') return null;
  const time = nowIso();
  const existing =
    (await firstRow(tx.select().from(membershipCharges).where(eq(membershipCharges.providerInvoiceId, invoice.id)))) ??
    (await firstRow(
      tx
        .select()
        .from(membershipCharges)
        .where(and(eq(membershipCharges.membershipId, membership.id), eq(membershipCharges.periodStart, invoice.periodStart))),
    ));
  if (!existing) {
    const inserted = await firstRow(
      tx
        .insert(membershipCharges)
        .values({
          id: newId(),
          membershipId: membership.id,
          paymentId: payment?.id ?? null,
          providerInvoiceId: invoice.id,
          reason,
          amountCents: invoice.amountDueCents,
          periodStart: invoice.periodStart,
          periodEnd: invoice.periodEnd,
          attemptCount: paid || failure ? 1 : 0,
          lastAttemptAt: paid || failure ? time : null,
          lastError: paid ? null : failure,
          paidAt: paid ? time : null,
        })
        .onConflictDoNothing()
        .returning(),
    );
    return paid ? (inserted ?? null) : null;
  }
  if (existing.paidAt) return null;
  const updated = await firstRow(
    tx
      .update(membershipCharges)
      .set({
        paymentId: payment?.id ?? existing.paymentId,
        ...(failure && !paid ? { lastError: failure, attemptCount: Math.max(existing.attemptCount, 1), lastAttemptAt: existing.lastAttemptAt ?? time } : {}),
        ...(paid ? { paidAt: time, lastError: null, attemptCount: Math.max(existing.attemptCount, 1) } : {}),
      })
      .where(and(eq(membershipCharges.id, existing.id), isNull(membershipCharges.paidAt)))
      .returning(),
  );
  return paid ? (updated ?? null) : null;
}

export const insertMembershipPayment: InsertInvoicePayment<MembershipRow> = async (db, membership, invoice, intent) => {
  const tier = await firstRow(db.select({ name: membershipTiers.name }).from(membershipTiers).where(eq(membershipTiers.id, membership.tierId)));
  return insertInvoicePayment(db, invoice, intent, {
    kind: 'membership',
    provider: membership.provider,
    payerId: membership.memberId,
    creatorId: membership.creatorId,
    membershipId: membership.id,
    description: `${tier?.name ?? 'Membership'} membership`,
  });
};

/**
 * Brings one provider invoice of a membership (its intent and subscription) into our records: the payment (the
 * ledger splits it 60/40 once it succeeded), the month's charge and the membership's status and period. Idempotent:
 * safe for every webhook, status report and replay. Undefined when the invoice is no membership's.
 */
export async function syncMembershipInvoice(services: Services, providerInvoiceId: string): Promise<PaymentRow | undefined> {
  const synced = await syncProviderInvoice(services, providerInvoiceId, {
    find: findMembershipByProviderId,
    insertPayment: insertMembershipPayment,
    apply: async (tx, membership, { invoice, remote, payment, failure, paidCardLast4 }) => {
      const before = (await firstRow(tx.select().from(memberships).where(eq(memberships.id, membership.id)))) ?? membership;
      const charge = await recordCharge(tx, before, invoice, payment, failure);
      const applied = await applyMembershipState(tx, before, remote, paidCardLast4);
      const after = charge && applied.status === 'lapsed' ? await reopenForPaidMonth(tx, applied, charge, paidCardLast4) : applied;
      return { before, after, charge, reopened: after !== applied };
    },
  });
  if (!synced) return undefined;
  const { before, after, charge, reopened } = synced.result;
  await announceMembershipChange(services, before, after, charge, reopened);
  return synced.payment;
}

/** Refreshes a membership's status and period (the `customer.subscription.*` webhooks); another subscription is left alone. */
export async function syncMembershipSubscription(services: Services, providerSubscriptionId: string): Promise<void> {
  await refreshProviderSubscription(services, providerSubscriptionId, findMembershipByProviderId, applyRemoteMembership);
}

/** Our row as the provider answers it (an update's answer or a webhook's re-fetch); a change is announced. */
export async function applyRemoteMembership(services: Services, rowId: string, remote: ProviderSubscription): Promise<MembershipRow | undefined> {
  const result = await updateInTransaction(
    services.db,
    (tx) => firstRow(tx.select().from(memberships).where(eq(memberships.id, rowId))),
    (tx, before) => applyMembershipState(tx, before, remote, null),
  );
  if (result) await announceMembershipChange(services, result.before, result.after, null);
  return result?.after;
}

export async function membershipSnapshot(db: Db, row: MembershipRow): Promise<MembershipSnapshot> {
  const tier = await firstRow(db.select({ name: membershipTiers.name }).from(membershipTiers).where(eq(membershipTiers.id, row.tierId)));
  const member = await firstRow(db.select({ displayName: users.displayName }).from(users).where(eq(users.id, row.memberId)));
  return {
    id: row.id,
    tierId: row.tierId,
    tierName: tier?.name ?? '',
    creatorId: row.creatorId,
    memberId: row.memberId,
    memberName: member?.displayName ?? '',
    status: row.status,
    priceCents: row.priceCents,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    graceEndsAt: row.graceEndsAt,
  };
}

function chargeSnapshot(charge: MembershipChargeRow): MembershipChargeSnapshot {
  return { paymentId: charge.paymentId, amountCents: charge.amountCents, periodStart: charge.periodStart, periodEnd: charge.periodEnd, paidAt: charge.paidAt ?? nowIso() };
}

/**
 * After the commit: `memberships:created|renewed` for a month newly paid, `memberships:lapsed`, `memberships:cancelled`
 * (the member set it to end, the provider ended it, or a month paid after a lapse opened it until that month's end), the
 * member's mail for a paid month, a failed renewal or a lapse, and the creator's notice of a new member.
 */
export async function announceMembershipChange(
  services: Services,
  before: MembershipRow,
  after: MembershipRow,
  paidCharge: MembershipChargeRow | null,
  reopenedAfterLapse = false,
): Promise<void> {
  const { db, domainEvents } = services;
  const snapshot = () => membershipSnapshot(db, after);
  if (paidCharge) {
    const name = paidCharge.reason === 'membership_create' ? 'memberships:created' : 'memberships:renewed';
    await domainEvents.publish(name, { membership: await snapshot(), charge: chargeSnapshot(paidCharge) });
    const notice = paidCharge.reason === 'membership_create' ? 'welcome' : reopenedAfterLapse ? 'paid_after_lapse' : 'renewed';
    await mailMembershipNotice(services, after, notice, paidCharge);
    if (paidCharge.reason === 'membership_create') await mailCreatorNewMember(services, after, paidCharge);
  }
  if (after.status === 'past_due' && before.status !== 'past_due') await mailMembershipNotice(services, after, 'renewal_failed');
  if (after.status === 'lapsed' && before.status !== 'lapsed') {
    await domainEvents.publish('memberships:lapsed', { membership: await snapshot() });
    await mailMembershipNotice(services, after, 'lapsed');
  }
  const nowEnding = !before.cancelAtPeriodEnd && after.cancelAtPeriodEnd;
  const endedWithoutNotice = after.status === 'canceled' && before.status !== 'canceled' && !before.cancelAtPeriodEnd;
  if (nowEnding || endedWithoutNotice) await domainEvents.publish('memberships:cancelled', { membership: await snapshot(), endsAt: after.currentPeriodEnd });
}
