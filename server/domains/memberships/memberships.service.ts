import { DomainError } from '@server/platform/errors';
import { and, asc, desc, eq, gte, inArray, isNotNull, lte, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { membershipGrantsAccess, membershipTiers, membershipTierTitles, memberships } from '@db/schema/memberships';
import { podcastTitles } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { publicOrigin } from '@server/lib/public-url';
import type { Services } from '@server/services';
import type { Actor } from '@server/platform/actor';
import { membershipMessages, type MemberOutput, type MembershipStatsOutput, type MyMembershipOutput } from './memberships.schemas';
import type { MembershipRow } from './membership-sync';

const churnWindowMs = 30 * 86_400_000;

/** A member's private feed of one of the tier's podcast titles (served by the podcasts domain). */
export function privateFeedUrl(services: Pick<Services, 'config'>, titleId: string, feedToken: string): string {
  return `${publicOrigin(services.config)}/feeds/${encodeURIComponent(titleId)}/${feedToken}.xml`;
}

/** Only the member sees and manages a membership; anyone else gets "not found". */
export async function memberOwn(db: Pick<Db, 'select'>, actor: Pick<Actor, 'id'>, id: string): Promise<MembershipRow> {
  const row = await firstRow(db.select().from(memberships).where(eq(memberships.id, id)));
  if (!row || row.memberId !== actor.id || row.status === 'incomplete') throw new DomainError({ code: 'NOT_FOUND', message: membershipMessages.membershipNotFound });
  return row;
}

/**
 * The memberships a member or creator sees: every one paid at least once (a join never paid, or ended before it was
 * paid, is nobody's business).
 */
export function paidOnce(): SQL {
  return and(ne(memberships.status, 'incomplete'), or(ne(memberships.status, 'ended'), isNotNull(memberships.activatedAt)))!;
}

async function toMyMemberships(services: Services, rows: MembershipRow[]): Promise<MyMembershipOutput[]> {
  const { db } = services;
  if (rows.length === 0) return [];
  const tierIds = [...new Set(rows.flatMap((row) => (row.scheduledTierId ? [row.tierId, row.scheduledTierId] : [row.tierId])))];
  const tiers = new Map(
    (
      await db
        .select({ id: membershipTiers.id, name: membershipTiers.name, creatorName: users.displayName, creatorTag: users.creatorTag })
        .from(membershipTiers)
        .innerJoin(users, eq(users.id, membershipTiers.creatorId))
        .where(inArray(membershipTiers.id, tierIds))
    ).map((tier) => [tier.id, tier]),
  );
  const titles = await db
    .select({ tierId: membershipTierTitles.tierId, id: podcastTitles.id, name: podcastTitles.name })
    .from(membershipTierTitles)
    .innerJoin(podcastTitles, eq(podcastTitles.id, membershipTierTitles.podcastTitleId))
    .where(inArray(membershipTierTitles.tierId, tierIds));
  const now = new Date();
  return rows.map((row) => {
    const tier = tiers.get(row.tierId);
    const hasAccess = membershipGrantsAccess(row, now);
    const renews = row.status === 'active' && !row.cancelAtPeriodEnd;
    const scheduled = row.scheduledTierId && row.scheduledPriceCents !== null && (row.status === 'active' || row.status === 'past_due') ? row : null;
    return {
      id: row.id,
      tierId: row.tierId,
      tierName: tier?.name ?? '',
      creatorId: row.creatorId,
      creatorName: tier?.creatorName ?? '',
      creatorTag: tier?.creatorTag ?? null,
      status: row.status === 'incomplete' ? 'lapsed' : row.status,
      priceCents: row.priceCents,
      currentPeriodEnd: row.currentPeriodEnd,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      graceEndsAt: row.status === 'past_due' ? row.graceEndsAt : null,
      nextChargeAt: renews ? row.currentPeriodEnd : null,
      nextChargeCents: renews ? (scheduled?.scheduledPriceCents ?? row.priceCents) : null,
      hasAccess,
      cardLast4: row.cardLast4,
      since: row.activatedAt,
      feeds: hasAccess
        ? titles.filter((title) => title.tierId === row.tierId).map((title) => ({ titleId: title.id, titleName: title.name, url: privateFeedUrl(services, title.id, row.feedToken) }))
        : [],
      scheduledTierId: scheduled?.scheduledTierId ?? null,
      scheduledTierName: scheduled?.scheduledTierId ? (tiers.get(scheduled.scheduledTierId)?.name ?? '') : null,
      scheduledPriceCents: scheduled?.scheduledPriceCents ?? null,
    };
  });
}

/** "My memberships": every membership the account paid for at least once, newest first. */
export async function listMyMemberships(services: Services, actor: Actor): Promise<MyMembershipOutput[]> {
  const rows = await services.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.memberId, actor.id), paidOnce()))
    .orderBy(desc(memberships.createdAt));
  return toMyMemberships(services, rows);
}

export async function myMembership(services: Services, actor: Pick<Actor, 'id'>, id: string): Promise<MyMembershipOutput> {
  return (await toMyMemberships(services, [await memberOwn(services.db, actor, id)]))[0]!;
}

/** The creator's members (every membership that was paid at least once), newest first; one tier's with `tierId`. */
export async function listMembers(services: Services, actor: Actor, tierId?: string): Promise<MemberOutput[]> {
  const { db } = services;
  if (tierId) {
    const tier = await firstRow(db.select({ creatorId: membershipTiers.creatorId }).from(membershipTiers).where(eq(membershipTiers.id, tierId)));
    if (!tier || tier.creatorId !== actor.id) throw new DomainError({ code: 'NOT_FOUND', message: membershipMessages.tierNotFound });
  }
  const now = new Date();
  const rows = await db
    .select({ membership: memberships, tierName: membershipTiers.name, name: users.displayName, email: users.email })
    .from(memberships)
    .innerJoin(membershipTiers, eq(membershipTiers.id, memberships.tierId))
    .innerJoin(users, eq(users.id, memberships.memberId))
    .where(and(eq(memberships.creatorId, actor.id), paidOnce(), ...(tierId ? [eq(memberships.tierId, tierId)] : [])))
    .orderBy(desc(memberships.activatedAt), desc(memberships.createdAt));
  const scheduledIds = [...new Set(rows.flatMap(({ membership }) => (membership.scheduledTierId ? [membership.scheduledTierId] : [])))];
  const scheduledNames = new Map(
    scheduledIds.length > 0
      ? (await db.select({ id: membershipTiers.id, name: membershipTiers.name }).from(membershipTiers).where(inArray(membershipTiers.id, scheduledIds))).map((tier) => [tier.id, tier.name])
      : [],
  );
  return rows.map(({ membership, tierName, name, email }) => ({
    membershipId: membership.id,
    memberId: membership.memberId,
    name,
    email,
    tierId: membership.tierId,
    tierName,
    status: membership.status,
    since: membership.activatedAt,
    priceCents: membership.priceCents,
    currentPeriodEnd: membership.currentPeriodEnd,
    cancelAtPeriodEnd: membership.cancelAtPeriodEnd,
    hasAccess: membershipGrantsAccess(membership, now),
    scheduledTierName:
      membership.scheduledTierId && (membership.status === 'active' || membership.status === 'past_due') ? (scheduledNames.get(membership.scheduledTierId) ?? null) : null,
  }));
}

/**
 * The Members page's figures: members with access now; monthly recurring revenue (what the memberships that will
 * renew pay a month: active ones not set to end, and past-due ones in their grace); memberships that ended in the
 * last 30 days (canceled at their end, whether or not the billing clock has moved them to ended yet, or lapsed) and that churn as a share of members now plus those.
 */
export async function membershipStats(services: Services, actor: Actor, now = new Date()): Promise<MembershipStatsOutput> {
  const { db } = services;
  const since = new Date(now.getTime() - churnWindowMs).toISOString();
  const tiers = await db.select().from(membershipTiers).where(eq(membershipTiers.creatorId, actor.id)).orderBy(asc(membershipTiers.priceCents), asc(membershipTiers.createdAt), asc(membershipTiers.id));
  const current = (
    await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.creatorId, actor.id), inArray(memberships.status, ['active', 'past_due', 'canceled'])))
  ).filter((row) => membershipGrantsAccess(row, now));
  const churned = (
    await db
      .select({ id: memberships.id })
      .from(memberships)
      .where(
        and(
          eq(memberships.creatorId, actor.id),
          or(
            and(eq(memberships.status, 'lapsed'), gte(memberships.lapsedAt, since)),
            and(
              or(
                eq(memberships.status, 'canceled'),
                and(eq(memberships.status, 'ended'), isNotNull(memberships.activatedAt)),
                and(eq(memberships.status, 'active'), eq(memberships.cancelAtPeriodEnd, true)),
              ),
              gte(memberships.currentPeriodEnd, since),
              lte(memberships.currentPeriodEnd, now.toISOString()),
            ),
          ),
        ),
      )
  ).filter((row) => !current.some((member) => member.id === row.id)).length;
  const renewing = (row: MembershipRow) => (row.status === 'active' && !row.cancelAtPeriodEnd) || row.status === 'past_due';
  const perTier = tiers.map((tier) => {
    const members = current.filter((row) => row.tierId === tier.id);
    return {
      tierId: tier.id,
      tierName: tier.name,
      archived: !!tier.archivedAt,
      activeMembers: members.length,
      monthlyRecurringRevenueCents: members.filter(renewing).reduce((sum, row) => sum + row.priceCents, 0),
    };
  });
  const activeMembers = current.length;
  return {
    activeMembers,
    monthlyRecurringRevenueCents: perTier.reduce((sum, tier) => sum + tier.monthlyRecurringRevenueCents, 0),
    churnedLast30Days: churned,
    churnRateLast30Days: activeMembers + churned === 0 ? 0 : churned / (activeMembers + churned),
    perTier,
  };
}
