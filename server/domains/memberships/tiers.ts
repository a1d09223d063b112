import { DomainError, fieldError } from '@server/platform/errors';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { events } from '@db/schema/events';
import { membershipGrantsAccess, membershipTierEvents, membershipTiers, membershipTierTitles, memberships } from '@db/schema/memberships';
import { podcastTitles } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { toCents, toDollars } from '@common/money';
import { newId, nowIso } from '@server/lib/ids';
import type { Services } from '@server/services';
import type { Actor } from '@server/platform/actor';
import { maxActiveTiers, membershipMessages, type CreateTierInput, type PublicTierOutput, type TierOutput, type UpdateTierInput } from './memberships.schemas';

export type TierRow = typeof membershipTiers.$inferSelect;
type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

/** A refused perk, named under its field so a form shows it there in any language. */
function badPerk(field: 'premiumEventIds' | 'podcastTitleIds', message: string): never {
  throw fieldError('BAD_REQUEST', message, { [field]: message });
}

/** A tier's perks must be the creator's own: premium events and podcast titles (anything else is refused). */
async function checkPerks(db: Queryable, creatorId: string, eventIds: readonly string[], titleIds: readonly string[]): Promise<void> {
  if (eventIds.length > 0) {
    const found = await db.select({ id: events.id, userId: events.userId, isPremium: events.isPremium }).from(events).where(inArray(events.id, [...eventIds]));
    const byId = new Map(found.map((row) => [row.id, row]));
    for (const id of eventIds) {
      const event = byId.get(id);
      if (!event || event.userId !== creatorId) badPerk('premiumEventIds', membershipMessages.notYourEvent);
      if (!event.isPremium) badPerk('premiumEventIds', membershipMessages.notPremiumEvent);
    }
  }
  if (titleIds.length > 0) {
    const found = await db.select({ id: podcastTitles.id }).from(podcastTitles).where(and(inArray(podcastTitles.id, [...titleIds]), eq(podcastTitles.userId, creatorId)));
    if (found.length !== titleIds.length) badPerk('podcastTitleIds', membershipMessages.notYourTitle);
  }
}

async function replacePerks(tx: Queryable, tierId: string, eventIds: readonly string[] | undefined, titleIds: readonly string[] | undefined): Promise<void> {
  if (eventIds) {
    await tx.delete(membershipTierEvents).where(eq(membershipTierEvents.tierId, tierId));
    if (eventIds.length > 0) await tx.insert(membershipTierEvents).values(eventIds.map((eventId) => ({ tierId, eventId })));
  }
  if (titleIds) {
    await tx.delete(membershipTierTitles).where(eq(membershipTierTitles.tierId, tierId));
    if (titleIds.length > 0) await tx.insert(membershipTierTitles).values(titleIds.map((podcastTitleId) => ({ tierId, podcastTitleId })));
  }
}

/** The creator's own tier; anyone else's (or none) is "not found". */
export async function ownTier(db: Queryable, actor: Pick<Actor, 'id'>, id: string): Promise<TierRow> {
  const tier = await firstRow(db.select().from(membershipTiers).where(eq(membershipTiers.id, id)));
  if (!tier || tier.creatorId !== actor.id) throw new DomainError({ code: 'NOT_FOUND', message: membershipMessages.tierNotFound });
  return tier;
}

export async function createTier(services: Services, actor: Actor, input: CreateTierInput): Promise<TierOutput> {
  const { db } = services;
  const id = newId();
  // The count of active tiers and the insert in one transaction: two creates at once never pass the limit together.
  await db.transaction(async (tx) => {
    const active = await firstRow(
      tx
        .select({ value: count() })
        .from(membershipTiers)
        .where(and(eq(membershipTiers.creatorId, actor.id), isNull(membershipTiers.archivedAt))),
    );
    if ((active?.value ?? 0) >= maxActiveTiers) throw new DomainError({ code: 'CONFLICT', message: membershipMessages.tooManyTiers });
    const eventIds = input.includesAllPremiumEvents ? [] : input.premiumEventIds;
    await checkPerks(tx, actor.id, eventIds, input.podcastTitleIds);
    await tx.insert(membershipTiers).values({
      id,
      creatorId: actor.id,
      name: input.name,
      description: input.description,
      priceCents: toCents(input.monthlyPrice),
      includesAllPremiumEvents: input.includesAllPremiumEvents,
      includesReplays: input.includesReplays,
      chatBadge: input.chatBadge,
    });
    await replacePerks(tx, id, eventIds, input.podcastTitleIds);
  });
  return tierById(db, id);
}

/**
 * Changes a tier. A new price is what new members pay: existing memberships keep their `price_cents`, and the
 * provider's price of the tier is made again for the new amount on the next join.
 */
export async function updateTier(services: Services, actor: Actor, input: UpdateTierInput): Promise<TierOutput> {
  const { db } = services;
  // Read, merge and write in one transaction: the fields left as they were (and the provider's price, which a join
  // may store meanwhile) are never written back stale.
  const tier = await db.transaction(async (tx) => {
    const tier = await ownTier(tx, actor, input.id);
    const includesAll = input.includesAllPremiumEvents ?? tier.includesAllPremiumEvents;
    const eventIds = includesAll ? [] : input.premiumEventIds;
    await checkPerks(tx, actor.id, eventIds ?? [], input.podcastTitleIds ?? []);
    const priceCents = input.monthlyPrice !== undefined ? toCents(input.monthlyPrice) : tier.priceCents;
    await tx
      .update(membershipTiers)
      .set({
        name: input.name ?? tier.name,
        description: input.description ?? tier.description,
        priceCents,
        includesAllPremiumEvents: includesAll,
        includesReplays: input.includesReplays ?? tier.includesReplays,
        chatBadge: input.chatBadge ?? tier.chatBadge,
        providerPriceId: priceCents === tier.priceCents ? tier.providerPriceId : null,
        updatedAt: nowIso(),
      })
      .where(eq(membershipTiers.id, tier.id));
    await replacePerks(tx, tier.id, eventIds, input.podcastTitleIds);
    return tier;
  });
  return tierById(db, tier.id);
}

/** No new members from now on; the existing ones keep theirs until they cancel. Archiving twice changes nothing. */
export async function archiveTier(services: Services, actor: Actor, id: string): Promise<TierOutput> {
  const { db } = services;
  // "Already archived?" and the archive in one transaction: archiving twice at once keeps the first time.
  const tier = await db.transaction(async (tx) => {
    const tier = await ownTier(tx, actor, id);
    if (!tier.archivedAt) await tx.update(membershipTiers).set({ archivedAt: nowIso(), updatedAt: nowIso() }).where(eq(membershipTiers.id, tier.id));
    return tier;
  });
  return tierById(db, tier.id);
}

export async function listMyTiers(services: Services, actor: Actor): Promise<TierOutput[]> {
  const rows = await services.db
    .select()
    .from(membershipTiers)
    .where(eq(membershipTiers.creatorId, actor.id))
    .orderBy(asc(membershipTiers.priceCents), asc(membershipTiers.createdAt));
  const active = rows.filter((row) => !row.archivedAt);
  const archived = rows.filter((row) => row.archivedAt);
  return toTierOutputs(services.db, [...active, ...archived]);
}

/** A creator's tiers that take members, cheapest first, with their perks (inactive events left out). */
export async function listPublicTiers(db: Db, creatorId: string): Promise<PublicTierOutput[]> {
  const creator = await firstRow(
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, creatorId), inArray(users.role, ['dj', 'admin']))),
  );
  if (!creator) throw new DomainError({ code: 'NOT_FOUND', message: membershipMessages.creatorNotFound });
  const rows = await db
    .select()
    .from(membershipTiers)
    .where(and(eq(membershipTiers.creatorId, creatorId), isNull(membershipTiers.archivedAt)))
    .orderBy(asc(membershipTiers.priceCents), asc(membershipTiers.createdAt));
  return (await toTierOutputs(db, rows, { publicOnly: true })).map((tier) => ({
    id: tier.id,
    creatorId: tier.creatorId,
    name: tier.name,
    description: tier.description,
    monthlyPrice: tier.monthlyPrice,
    priceCents: tier.priceCents,
    includesAllPremiumEvents: tier.includesAllPremiumEvents,
    premiumEvents: tier.premiumEvents,
    includesReplays: tier.includesReplays,
    podcastTitles: tier.podcastTitles,
    chatBadge: tier.chatBadge,
  }));
}

async function tierById(db: Db, id: string): Promise<TierOutput> {
  const row = await firstRow(db.select().from(membershipTiers).where(eq(membershipTiers.id, id)));
  if (!row) throw new DomainError({ code: 'NOT_FOUND', message: membershipMessages.tierNotFound });
  return (await toTierOutputs(db, [row]))[0]!;
}

async function toTierOutputs(db: Db, rows: TierRow[], options: { publicOnly?: boolean } = {}): Promise<TierOutput[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const tierEvents = (
    await db
      .select({ tierId: membershipTierEvents.tierId, id: events.id, name: events.name, startDateTime: events.startDateTime, isActive: events.isActive })
      .from(membershipTierEvents)
      .innerJoin(events, eq(events.id, membershipTierEvents.eventId))
      .where(inArray(membershipTierEvents.tierId, ids))
      .orderBy(asc(events.startDateTime), asc(events.name))
  ).filter((row) => !options.publicOnly || row.isActive);
  const tierTitles = await db
    .select({ tierId: membershipTierTitles.tierId, id: podcastTitles.id, name: podcastTitles.name, imageUrl: podcastTitles.imageUrl })
    .from(membershipTierTitles)
    .innerJoin(podcastTitles, eq(podcastTitles.id, membershipTierTitles.podcastTitleId))
    .where(inArray(membershipTierTitles.tierId, ids))
    .orderBy(asc(podcastTitles.name));
  const members = await db
    .select({ tierId: memberships.tierId, status: memberships.status, currentPeriodEnd: memberships.currentPeriodEnd, graceEndsAt: memberships.graceEndsAt, cancelAtPeriodEnd: memberships.cancelAtPeriodEnd })
    .from(memberships)
    .where(and(inArray(memberships.tierId, ids), inArray(memberships.status, ['active', 'past_due', 'canceled'])));
  const now = new Date();
  return rows.map((row) => {
    const premiumEvents = tierEvents.filter((event) => event.tierId === row.id);
    const titles = tierTitles.filter((title) => title.tierId === row.id);
    return {
      id: row.id,
      creatorId: row.creatorId,
      name: row.name,
      description: row.description,
      monthlyPrice: toDollars(row.priceCents),
      priceCents: row.priceCents,
      includesAllPremiumEvents: row.includesAllPremiumEvents,
      premiumEvents: premiumEvents.map(({ id, name, startDateTime }) => ({ id, name, startDateTime })),
      premiumEventIds: premiumEvents.map((event) => event.id),
      includesReplays: row.includesReplays,
      podcastTitles: titles.map(({ id, name, imageUrl }) => ({ id, name, imageUrl })),
      podcastTitleIds: titles.map((title) => title.id),
      chatBadge: row.chatBadge,
      archivedAt: row.archivedAt,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      activeMembers: members.filter((member) => member.tierId === row.id && membershipGrantsAccess(member, now)).length,
    };
  });
}
