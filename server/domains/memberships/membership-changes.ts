import { DomainError } from '@server/platform/errors';
import { and, eq } from 'drizzle-orm';
import { memberships, revokedFeedTokens } from '@db/schema/memberships';
import { firstRow } from '@db/store';
import { providerFailure } from '@server/domains/payments/payment-records';
import { nowIso } from '@server/lib/ids';
import type { Services } from '@server/services';
import type { Actor } from '@server/platform/actor';
import { membershipMessages, type MyMembershipOutput } from './memberships.schemas';
import { newFeedToken } from './join';
import { announceMembershipChange, applyRemoteMembership, lastPaidCharge, type MembershipRow } from './membership-sync';
import { memberOwn, myMembership } from './memberships.service';

/** The provider in effect must be the membership's to change it. */
function providerSubscriptionOf(services: Services, row: MembershipRow): string {
  if (row.provider !== services.payments.name || !row.providerSubscriptionId) throw new DomainError({ code: 'CONFLICT', message: membershipMessages.otherProvider });
  return row.providerSubscriptionId;
}

/**
 * `memberships.cancel`: an active membership runs to the end of the paid month and then ends (the provider is told
 * first; our row changes from its answer). A past-due one has no paid month left: it ends now and is not retried.
 */
export async function cancelMembership(services: Services, actor: Actor, id: string): Promise<MyMembershipOutput> {
  const { db } = services;
  // The read and, for a past-due membership, its end in one transaction: the row ended (and restored, should the
  // provider refuse) is the row read, and the period set is the last one paid when it ended.
  const { row, after } = await db.transaction(async (tx) => {
    const row = await memberOwn(tx, actor, id);
    if (row.status !== 'past_due') return { row, after: undefined };
    providerSubscriptionOf(services, row);
    const time = nowIso();
    const paid = await lastPaidCharge(tx, row.id);
    // Ours first: the provider announces the end at once, and a canceled membership is final (never read as lapsed).
    const ended = await firstRow(
      tx
        .update(memberships)
        .set({
          status: 'canceled',
          canceledAt: time,
          updatedAt: time,
          graceEndsAt: null,
          currentPeriodStart: paid?.periodStart ?? row.currentPeriodStart,
          currentPeriodEnd: paid?.periodEnd ?? row.currentPeriodStart,
        })
        .where(and(eq(memberships.id, row.id), eq(memberships.status, 'past_due')))
        .returning(),
    );
    return { row, after: ended };
  });
  if (row.status === 'active') {
    if (row.cancelAtPeriodEnd) return myMembership(services, actor, row.id);
    const providerId = providerSubscriptionOf(services, row);
    const key = `membership-cancel:${row.id}:${row.updatedAt}`;
    const remote = await services.payments.updateSubscription(providerId, { cancelAtPeriodEnd: true }, key).catch(providerFailure);
    await applyRemoteMembership(services, row.id, remote);
    return myMembership(services, actor, row.id);
  }
  if (row.status === 'past_due') {
    const providerId = providerSubscriptionOf(services, row);
    if (!after) return myMembership(services, actor, row.id);
    try {
      await services.payments.cancelSubscription(providerId, `membership-cancel-now:${row.id}`);
    } catch (error) {
      await db.update(memberships).set(row).where(eq(memberships.id, row.id));
      return providerFailure(error);
    }
    await announceMembershipChange(services, row, after, null);
    return myMembership(services, actor, row.id);
  }
  throw new DomainError({ code: 'CONFLICT', message: membershipMessages.notCancelable });
}

/** `memberships.resume`: undoes a cancel before the paid month ends; the membership renews again. */
export async function resumeMembership(services: Services, actor: Actor, id: string): Promise<MyMembershipOutput> {
  const row = await memberOwn(services.db, actor, id);
  if (row.status !== 'active' || !row.cancelAtPeriodEnd) throw new DomainError({ code: 'CONFLICT', message: membershipMessages.notResumable });
  const providerId = providerSubscriptionOf(services, row);
  const key = `membership-resume:${row.id}:${row.updatedAt}`;
  const remote = await services.payments.updateSubscription(providerId, { cancelAtPeriodEnd: false }, key).catch(providerFailure);
  await applyRemoteMembership(services, row.id, remote);
  return myMembership(services, actor, row.id);
}

/**
 * `memberships.resetFeeds`: a new secret for the member's private feed URLs. The replaced one is kept (in the same
 * transaction) so its URLs answer 410 rather than 404: a podcast app then shows that the feed moved.
 */
export async function resetFeeds(services: Services, actor: Actor, id: string): Promise<MyMembershipOutput> {
  const { db } = services;
  // The token read is the token revoked: two resets at once never leave a replaced token unrevoked.
  const row = await db.transaction(async (tx) => {
    const row = await memberOwn(tx, actor, id);
    await tx.insert(revokedFeedTokens).values({ feedToken: row.feedToken, membershipId: row.id }).onConflictDoNothing();
    await tx.update(memberships).set({ feedToken: newFeedToken(), updatedAt: nowIso() }).where(eq(memberships.id, row.id));
    return row;
  });
  return myMembership(services, actor, row.id);
}
