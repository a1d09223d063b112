import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { membershipTiers, membershipTierTitles, memberships, type MembershipStatus } from '@db/schema/memberships';
import { newId } from '@server/lib/ids';

/**
 * Membership rows written straight into the database, as the memberships domain leaves them once a member has paid
 * (status active, a paid month ahead): the other domains' tests read them through the access rules.
 */

export interface TierRow {
  id: string;
  creatorId: string;
}

export async function insertTier(
  app: FastifyInstance,
  creatorId: string,
  options: { name?: string; chatBadge?: boolean; podcastTitleIds?: string[]; includesReplays?: boolean } = {},
): Promise<TierRow> {
  const id = newId();
  const { db } = app.services;
  await db
    .insert(membershipTiers)
    .values({ id, creatorId, name: options.name ?? 'Supporters', priceCents: 500, chatBadge: options.chatBadge ?? false, includesReplays: options.includesReplays ?? false });
  for (const podcastTitleId of options.podcastTitleIds ?? []) await db.insert(membershipTierTitles).values({ tierId: id, podcastTitleId });
  return { id, creatorId };
}

export interface MembershipRow {
  id: string;
  feedToken: string;
}

const dayMs = 24 * 3600_000;

export async function insertMembership(
  app: FastifyInstance,
  tier: TierRow,
  memberId: string,
  options: { status?: MembershipStatus; currentPeriodEnd?: string; graceEndsAt?: string | null; lapsedAt?: string | null } = {},
): Promise<MembershipRow> {
  const id = newId();
  const feedToken = randomBytes(32).toString('base64url');
  const now = Date.now();
  await app.services.db
    .insert(memberships)
    .values({
      id,
      tierId: tier.id,
      creatorId: tier.creatorId,
      memberId,
      status: options.status ?? 'active',
      priceCents: 500,
      provider: 'local',
      currentPeriodStart: new Date(now - dayMs).toISOString(),
      currentPeriodEnd: options.currentPeriodEnd ?? new Date(now + 29 * dayMs).toISOString(),
      graceEndsAt: options.graceEndsAt ?? null,
      lapsedAt: options.lapsedAt ?? null,
      activatedAt: new Date(now - dayMs).toISOString(),
      feedToken,
    });
  return { id, feedToken };
}
