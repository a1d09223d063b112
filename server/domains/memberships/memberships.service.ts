import { TRPCError } from '@trpc/server';
import { and, desc, eq, gte, inArray, lte, ne, or } from 'drizzle-orm';
import type { Db } from '@db/client';
import { membershipGrantsAccess, membershipTiers, membershipTierTitles, memberships } from '@db/schema/memberships';
import { podcastTitles } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { publicOrigin } from '@server/lib/public-url';
import type { Actor, AppServices } from '@server/trpc/context';
import { membershipMessages, type MemberOutput, type MembershipStatsOutput, type MyMembershipOutput } from './memberships.schemas';
import type { MembershipRow } from './membership-sync';

const churnWindowMs = 30 * 86_400_000;

/** A member's private feed of one of the tier's podcast titles (served by the podcasts domain). */
export function privateFeedUrl(services: Pick<AppServices, 'config'>, titleId: string, feedToken: string): string {
  return `${publicOrigin(services.config)}/feeds/${encodeURIComponent(titleId)}/${feedToken}.xml`;
}

/** Only the member sees and manages a membership; anyone else gets "not found". */
export function memberOwn(db: Db, actor: Pick<Actor, 'id'>, id: string): MembershipRow {
  const row = db.select().from(memberships).where(eq(memberships.id, id)).get();
  if (!row || row.memberId !== actor.id || row.status === 'incomplete') throw new TRPCError({ code: 'NOT_FOUND', message: membershipMessages.membershipNotFound });
  return row;
}

function toMyMemberships(services: AppServices, rows: MembershipRow[]): MyMembershipOutput[] {
  const { db } = services;
  if (rows.length === 0) return [];
  const tierIds = [...new Set(rows.map((row) => row.tierId))];
  const tiers = new Map(
    db
      .select({ id: membershipTiers.id, name: membershipTiers.name, creatorName: users.displayName, creatorTag: users.creatorTag })
      .from(membershipTiers)
      .innerJoin(users, eq(users.id, membershipTiers.creatorId))
      .where(inArray(membershipTiers.id, tierIds))
      .all()
      .map((tier) => [tier.id, tier]),
  );
  const titles = db
    .select({ tierId: membershipTierTitles.tierId, id: podcastTitles.id, name: podcastTitles.name })
    .from(membershipTierTitles)
    .innerJoin(podcastTitles, eq(podcastTitles.id, membershipTierTitles.podcastTitleId))
    .where(inArray(membershipTierTitles.tierId, tierIds))
    .all();
  const now = new Date();
  return rows.map((row) => {
    const tier = tiers.get(row.tierId);
    const hasAccess = membershipGrantsAccess(row, now);
    const renews = row.status === 'active' && !row.cancelAtPeriodEnd;
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
      nextChargeCents: renews ? row.priceCents : null,
      hasAccess,
      cardLast4: row.cardLast4,
      since: row.activatedAt,
      feeds: hasAccess
        ? titles.filter((title) => title.tierId === row.tierId).map((title) => ({ titleId: title.id, titleName: title.name, url: privateFeedUrl(services, title.id, row.feedToken) }))
        : [],
    };
  });
}

/** "My memberships": every membership the account paid for at least once, newest first. */
export function listMyMemberships(services: AppServices, actor: Actor): MyMembershipOutput[] {
  const rows = services.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.memberId, actor.id), ne(memberships.status, 'incomplete')))
    .orderBy(desc(memberships.createdAt))
    .all();
  return toMyMemberships(services, rows);
}

export function myMembership(services: AppServices, actor: Pick<Actor, 'id'>, id: string): MyMembershipOutput {
  return toMyMemberships(services, [memberOwn(services.db, actor, id)])[0]!;
}

/** The creator's members (every membership that was paid at least once), newest first; one tier's with `tierId`. */
export function listMembers(services: AppServices, actor: Actor, tierId?: string): MemberOutput[] {
  const { db } = services;
  if (tierId) {
    const tier = db.select({ creatorId: membershipTiers.creatorId }).from(membershipTiers).where(eq(membershipTiers.id, tierId)).get();
    if (!tier || tier.creatorId !== actor.id) throw new TRPCError({ code: 'NOT_FOUND', message: membershipMessages.tierNotFound });
  }
  const now = new Date();
  return db
    .select({ membership: memberships, tierName: membershipTiers.name, name: users.displayName, email: users.email })
    .from(memberships)
    .innerJoin(membershipTiers, eq(membershipTiers.id, memberships.tierId))
    .innerJoin(users, eq(users.id, memberships.memberId))
    .where(and(eq(memberships.creatorId, actor.id), ne(memberships.status, 'incomplete'), ...(tierId ? [eq(memberships.tierId, tierId)] : [])))
    .orderBy(desc(memberships.activatedAt), desc(memberships.createdAt))
    .all()
    .map(({ membership, tierName, name, email }) => ({
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
    }));
}

/**
 * The Members page's figures: members with access now; monthly recurring revenue (what the memberships that will
 * renew pay a month: active ones not set to end, and past-due ones in their grace); memberships that ended in the
 * last 30 days (canceled at their end, or lapsed) and that churn as a share of members now plus those.
 */
export function membershipStats(services: AppServices, actor: Actor, now = new Date()): MembershipStatsOutput {
  const { db } = services;
  const since = new Date(now.getTime() - churnWindowMs).toISOString();
  const tiers = db.select().from(membershipTiers).where(eq(membershipTiers.creatorId, actor.id)).all();
  const current = db
    .select()
    .from(memberships)
    .where(and(eq(memberships.creatorId, actor.id), inArray(memberships.status, ['active', 'past_due', 'canceled'])))
    .all()
    .filter((row) => membershipGrantsAccess(row, now));
  const churned = db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.creatorId, actor.id),
        or(
          and(eq(memberships.status, 'lapsed'), gte(memberships.lapsedAt, since)),
          and(
            or(eq(memberships.status, 'canceled'), and(eq(memberships.status, 'active'), eq(memberships.cancelAtPeriodEnd, true))),
            gte(memberships.currentPeriodEnd, since),
            lte(memberships.currentPeriodEnd, now.toISOString()),
          ),
        ),
      ),
    )
    .all()
    .filter((row) => !current.some((member) => member.id === row.id)).length;
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
