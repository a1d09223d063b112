import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@db/client';
import { membershipGrantsAccess, membershipTiers, memberships, revokedFeedTokens } from '@db/schema/memberships';

/**
 * Leaf reads of memberships for other domains (podcasts' private feeds, chat badges), beside membership-access.ts;
 * like it, this module imports no other domain.
 */

/** When a replaced feed token was revoked (its private feed's notice is dated then), or null for any other token. */
export function feedTokenRevokedAt(db: Db, feedToken: string): string | null {
  return db.select({ revokedAt: revokedFeedTokens.revokedAt }).from(revokedFeedTokens).where(eq(revokedFeedTokens.feedToken, feedToken)).get()?.revokedAt ?? null;
}

/**
 * Which of these accounts' messages in this creator's chat carry the member badge now (a membership opening its
 * perks, of a tier with the chat badge): one read for a whole replayed history.
 */
export function chatBadgeMemberIds(db: Db, creatorId: string, memberIds: readonly string[], now = new Date()): Set<string> {
  if (memberIds.length === 0) return new Set();
  const rows = db
    .select({
      memberId: memberships.memberId,
      status: memberships.status,
      currentPeriodEnd: memberships.currentPeriodEnd,
      graceEndsAt: memberships.graceEndsAt,
      cancelAtPeriodEnd: memberships.cancelAtPeriodEnd,
    })
    .from(memberships)
    .innerJoin(membershipTiers, eq(membershipTiers.id, memberships.tierId))
    .where(
      and(
        eq(memberships.creatorId, creatorId),
        eq(membershipTiers.chatBadge, true),
        inArray(memberships.memberId, [...new Set(memberIds)]),
        inArray(memberships.status, ['active', 'past_due', 'canceled']),
      ),
    )
    .all();
  return new Set(rows.filter((row) => membershipGrantsAccess(row, now)).map((row) => row.memberId));
}
