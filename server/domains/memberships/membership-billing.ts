import { and, desc, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { membershipCharges, memberships } from '@db/schema/memberships';
import { firstRow } from '@db/store';
import { nowIso } from '@server/lib/ids';
import type { Services } from '@server/services';
import { announceMembershipChange, endMembership, isFinished, lastPaidCharge, syncMembershipInvoice, syncMembershipSubscription, type MembershipRow } from './membership-sync';

/** A failed renewal is tried again at most once a day during the grace. */
export const membershipRetryIntervalMs = 86_400_000;

/**
 * The memberships' part of the billing clock (after the provider's renewals, `payments:billing-clock`): each past-due
 * membership whose grace has passed lapses (its provider subscription is ended, so nothing more is charged); the
 * others have their open renewal charged again once a day.
 */
export async function runMembershipBilling(services: Services, now = new Date()): Promise<{ retried: number; lapsed: number }> {
  const pastDue = await services.db.select().from(memberships).where(eq(memberships.status, 'past_due'));
  let retried = 0;
  let lapsed = 0;
  for (const row of pastDue) {
    try {
      if (row.graceEndsAt && Date.parse(row.graceEndsAt) <= now.getTime()) {
        if (await lapseMembership(services, row, now)) lapsed += 1;
      } else if (await retryRenewal(services, row, now)) {
        retried += 1;
      }
    } catch (error) {
      services.log.error({ err: error, membershipId: row.id }, 'membership billing failed');
    }
  }
  return { retried, lapsed };
}

async function lapseMembership(services: Services, row: MembershipRow, now: Date): Promise<boolean> {
  const { db } = services;
  // Ours first: the provider announces the end at once, and a lapsed membership is final. The last paid month and the
  // lapse in one transaction, so the period set is the one paid when it lapsed.
  const after = await db.transaction(async (tx) => {
    const paid = await lastPaidCharge(tx, row.id);
    return firstRow(
      tx
        .update(memberships)
        .set({
          status: 'lapsed',
          lapsedAt: now.toISOString(),
          updatedAt: nowIso(),
          currentPeriodStart: paid?.periodStart ?? row.currentPeriodStart,
          currentPeriodEnd: paid?.periodEnd ?? row.currentPeriodStart,
        })
        .where(and(eq(memberships.id, row.id), eq(memberships.status, 'past_due')))
        .returning(),
    );
  });
  if (!after) return false;
  if (row.providerSubscriptionId && row.provider === services.payments.name) {
    await services.payments
      .cancelSubscription(row.providerSubscriptionId, `membership-lapse:${row.id}`)
      .catch((error: unknown) => services.log.warn({ err: error, membershipId: row.id }, 'lapsed membership not ended at the provider'));
  }
  await announceMembershipChange(services, row, after, null);
  return true;
}

async function retryRenewal(services: Services, row: MembershipRow, now: Date): Promise<boolean> {
  const { db, payments: provider } = services;
  if (!row.providerSubscriptionId || row.provider !== provider.name) return false;
  const charge = await firstRow(
    db
      .select()
      .from(membershipCharges)
      .where(and(eq(membershipCharges.membershipId, row.id), isNull(membershipCharges.paidAt)))
      .orderBy(desc(membershipCharges.periodStart))
      .limit(1),
  );
  const lastAttempt = Date.parse(charge?.lastAttemptAt ?? row.updatedAt);
  if (now.getTime() - lastAttempt < membershipRetryIntervalMs) return false;
  const open = await provider.listOpenInvoices(row.providerSubscriptionId);
  const invoice = open[0];
  if (!invoice) {
    await syncMembershipSubscription(services, row.providerSubscriptionId);
    return false;
  }
  const attempt = (charge?.attemptCount ?? 1) + 1;
  if (charge) await db.update(membershipCharges).set({ attemptCount: attempt, lastAttemptAt: now.toISOString() }).where(eq(membershipCharges.id, charge.id));
  else await db.update(memberships).set({ updatedAt: now.toISOString() }).where(eq(memberships.id, row.id));
  await provider.payInvoice(invoice.id, `membership-retry:${invoice.id}:${attempt}`).catch((error: unknown) => {
    services.log.warn({ err: error, membershipId: row.id }, 'membership renewal retry refused by the provider');
  });
  await syncMembershipInvoice(services, invoice.id);
  return true;
}

/**
 * The billing clock's sweep of memberships that are over: a canceled membership (or one set to end) whose paid month
 * has passed moves to the final `ended`, so it no longer holds the member's place with the creator.
 */
export async function endFinishedMemberships(services: Services, now = new Date()): Promise<number> {
  const candidates = await services.db
    .select()
    .from(memberships)
    .where(or(eq(memberships.status, 'canceled'), and(eq(memberships.status, 'active'), eq(memberships.cancelAtPeriodEnd, true))));
  let ended = 0;
  for (const row of candidates) {
    if (isFinished(row, now) && (await endMembership(services, row, now))) ended += 1;
  }
  return ended;
}

/**
 * Downgrades due: the provider renews at the period's end and its report switches the tier; one whose report has not
 * arrived is asked for here (the subscription as the provider has it now).
 */
export async function applyDueDowngrades(services: Services, now = new Date()): Promise<void> {
  const due = await services.db
    .select()
    .from(memberships)
    .where(and(isNotNull(memberships.scheduledTierId), or(eq(memberships.status, 'active'), eq(memberships.status, 'past_due')), lte(memberships.currentPeriodEnd, now.toISOString())));
  for (const row of due) {
    if (!row.providerSubscriptionId || row.provider !== services.payments.name) continue;
    try {
      await syncMembershipSubscription(services, row.providerSubscriptionId);
    } catch (error) {
      services.log.warn({ err: error, membershipId: row.id }, 'scheduled tier change not applied');
    }
  }
}
