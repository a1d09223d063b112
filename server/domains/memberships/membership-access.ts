import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { events } from '@db/schema/events';
import { membershipGrantsAccess, membershipTierEvents, membershipTiers, membershipTierTitles, memberships, revokedFeedTokens } from '@db/schema/memberships';

/**
 * What a membership opens, read by the domains that guard those things (events, live replays, chat, push,
 * podcasts). A leaf module: it imports no other domain, so any domain may import it without a cycle.
 */

type MembershipWithTier = { membership: typeof memberships.$inferSelect; tier: typeof membershipTiers.$inferSelect };

/** The viewer's memberships of one creator that open their perks now. */
export async function accessGrantingMemberships(db: Db, memberId: string, creatorId: string, now = new Date()): Promise<MembershipWithTier[]> {
  const rows = await db
    .select({ membership: memberships, tier: membershipTiers })
    .from(memberships)
    .innerJoin(membershipTiers, eq(membershipTiers.id, memberships.tierId))
    .where(
      and(eq(memberships.memberId, memberId), eq(memberships.creatorId, creatorId), inArray(memberships.status, ['active', 'past_due', 'canceled'])),
    );
  return rows.filter((row) => membershipGrantsAccess(row.membership, now));
}

/** A premium event is open to a member whose tier includes all the creator's premium events or this one. */
export async function membershipOpensEvent(db: Db, memberId: string, event: { id: string; userId: string }, now = new Date()): Promise<boolean> {
  const granting = await accessGrantingMemberships(db, memberId, event.userId, now);
  if (granting.some((row) => row.tier.includesAllPremiumEvents)) return true;
  const tierIds = granting.map((row) => row.tier.id);
  if (tierIds.length === 0) return false;
  const listed = await firstRow(
    db
      .select({ tierId: membershipTierEvents.tierId })
      .from(membershipTierEvents)
      .where(and(inArray(membershipTierEvents.tierId, tierIds), eq(membershipTierEvents.eventId, event.id)))
      .limit(1),
  );
  return listed !== undefined;
}

/** Every premium event the viewer's memberships open now (all of a creator's, or the tiers' chosen ones). */
export async function membershipEventIds(db: Db, memberId: string, now = new Date()): Promise<string[]> {
  const granting = (
    await db
      .select({ membership: memberships, tier: membershipTiers })
      .from(memberships)
      .innerJoin(membershipTiers, eq(membershipTiers.id, memberships.tierId))
      .where(and(eq(memberships.memberId, memberId), inArray(memberships.status, ['active', 'past_due', 'canceled'])))
  ).filter((row) => membershipGrantsAccess(row.membership, now));
  const allOf = [...new Set(granting.filter((row) => row.tier.includesAllPremiumEvents).map((row) => row.tier.creatorId))];
  const chosenTiers = granting.filter((row) => !row.tier.includesAllPremiumEvents).map((row) => row.tier.id);
  const ids = new Set<string>();
  if (allOf.length > 0) {
    for (const row of await db.select({ id: events.id }).from(events).where(and(inArray(events.userId, allOf), eq(events.isPremium, true)))) ids.add(row.id);
  }
  if (chosenTiers.length > 0) {
    const rows = await db
      .select({ id: events.id })
      .from(membershipTierEvents)
      .innerJoin(events, eq(events.id, membershipTierEvents.eventId))
      .where(and(inArray(membershipTierEvents.tierId, chosenTiers), eq(events.isPremium, true)));
    for (const row of rows) ids.add(row.id);
  }
  return [...ids];
}

/** The creator's replays (premium events' included) are open to a member whose tier includes replays. */
export async function membershipOpensReplays(db: Db, memberId: string, creatorId: string, now = new Date()): Promise<boolean> {
  return (await accessGrantingMemberships(db, memberId, creatorId, now)).some((row) => row.tier.includesReplays);
}

/** The members of a creator, among the memberships `where` picks (joined with their tier), whose membership opens its perks now. */
async function grantingMemberIds(db: Db, creatorId: string, where: SQL | undefined, now: Date): Promise<Set<string>> {
  const rows = await db
    .select({
      memberId: memberships.memberId,
      status: memberships.status,
      currentPeriodEnd: memberships.currentPeriodEnd,
      graceEndsAt: memberships.graceEndsAt,
      cancelAtPeriodEnd: memberships.cancelAtPeriodEnd,
    })
    .from(memberships)
    .innerJoin(membershipTiers, eq(membershipTiers.id, memberships.tierId))
    .where(and(eq(memberships.creatorId, creatorId), inArray(memberships.status, ['active', 'past_due', 'canceled']), where));
  return new Set(rows.filter((row) => membershipGrantsAccess(row, now)).map((row) => row.memberId));
}

/** The accounts whose membership of this creator opens its perks now (a members-only push reaches them). */
export async function currentMemberIds(db: Db, creatorId: string, now = new Date()): Promise<string[]> {
  return [...(await grantingMemberIds(db, creatorId, undefined, now))];
}

/**
 * Which of these accounts' messages in this creator's chat carry the member badge now (a membership opening its
 * perks, of a tier with the chat badge): one read for a whole replayed history.
 */
export async function chatBadgeMemberIds(db: Db, creatorId: string, memberIds: readonly string[], now = new Date()): Promise<Set<string>> {
  if (memberIds.length === 0) return new Set();
  return grantingMemberIds(db, creatorId, and(eq(membershipTiers.chatBadge, true), inArray(memberships.memberId, [...new Set(memberIds)])), now);
}

/** Whether the viewer's messages in this creator's chat carry the member badge. */
export async function membershipChatBadge(db: Db, memberId: string, creatorId: string, now = new Date()): Promise<boolean> {
  return (await chatBadgeMemberIds(db, creatorId, [memberId], now)).has(memberId);
}

export type PrivateFeedAccess =
  | { state: 'open'; membership: typeof memberships.$inferSelect }
  | { state: 'lapsed'; membership: typeof memberships.$inferSelect }
  | { state: 'revoked'; membership: typeof memberships.$inferSelect; revokedAt: string }
  | { state: 'unknown' };

/**
 * A private feed URL's token against a members-only title: open while the membership grants access and its
 * tier includes the title, lapsed once it no longer does, revoked for a token the member replaced (reset), unknown
 * for any other token (another member's of a tier without this title included).
 */
export async function privateFeedAccess(db: Db, podcastTitleId: string, feedToken: string, now = new Date()): Promise<PrivateFeedAccess> {
  const row = await firstRow(
    db
      .select({ membership: memberships })
      .from(memberships)
      .innerJoin(membershipTierTitles, eq(membershipTierTitles.tierId, memberships.tierId))
      .where(and(eq(memberships.feedToken, feedToken), eq(membershipTierTitles.podcastTitleId, podcastTitleId)))
      .limit(1),
  );
  if (!row) {
    const revoked = await firstRow(
      db
        .select({ membership: memberships, revokedAt: revokedFeedTokens.revokedAt })
        .from(revokedFeedTokens)
        .innerJoin(memberships, eq(memberships.id, revokedFeedTokens.membershipId))
        .innerJoin(membershipTierTitles, eq(membershipTierTitles.tierId, memberships.tierId))
        .where(and(eq(revokedFeedTokens.feedToken, feedToken), eq(membershipTierTitles.podcastTitleId, podcastTitleId)))
        .limit(1),
    );
    return revoked ? { state: 'revoked', membership: revoked.membership, revokedAt: revoked.revokedAt } : { state: 'unknown' };
  }
  return membershipGrantsAccess(row.membership, now) ? { state: 'open', membership: row.membership } : { state: 'lapsed', membership: row.membership };
}
