import { TRPCError } from '@trpc/server';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@db/client';
import { events } from '@db/schema/events';
import { membershipGrantsAccess, membershipTierEvents, membershipTiers, membershipTierTitles, memberships } from '@db/schema/memberships';
import { podcastTitles } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { toCents, toDollars } from '@common/money';
import { newId, nowIso } from '@server/lib/ids';
import type { Actor, AppServices } from '@server/trpc/context';
import { maxActiveTiers, membershipMessages, type CreateTierInput, type PublicTierOutput, type TierOutput, type UpdateTierInput } from './memberships.schemas';

export type TierRow = typeof membershipTiers.$inferSelect;
type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

function badPerk(message: string): never {
  throw new TRPCError({ code: 'BAD_REQUEST', message });
}

/** A tier's perks must be the creator's own: premium events and podcast titles (anything else is refused). */
function checkPerks(db: Db, creatorId: string, eventIds: readonly string[], titleIds: readonly string[]): void {
  if (eventIds.length > 0) {
    const found = db.select({ id: events.id, userId: events.userId, isPremium: events.isPremium }).from(events).where(inArray(events.id, [...eventIds])).all();
    const byId = new Map(found.map((row) => [row.id, row]));
    for (const id of eventIds) {
      const event = byId.get(id);
      if (!event || event.userId !== creatorId) badPerk(membershipMessages.notYourEvent);
      if (!event.isPremium) badPerk(membershipMessages.notPremiumEvent);
    }
  }
  if (titleIds.length > 0) {
    const found = db.select({ id: podcastTitles.id }).from(podcastTitles).where(and(inArray(podcastTitles.id, [...titleIds]), eq(podcastTitles.userId, creatorId))).all();
    if (found.length !== titleIds.length) badPerk(membershipMessages.notYourTitle);
  }
}

function replacePerks(tx: Queryable, tierId: string, eventIds: readonly string[] | undefined, titleIds: readonly string[] | undefined): void {
  if (eventIds) {
    tx.delete(membershipTierEvents).where(eq(membershipTierEvents.tierId, tierId)).run();
    if (eventIds.length > 0) tx.insert(membershipTierEvents).values(eventIds.map((eventId) => ({ tierId, eventId }))).run();
  }
  if (titleIds) {
    tx.delete(membershipTierTitles).where(eq(membershipTierTitles.tierId, tierId)).run();
    if (titleIds.length > 0) tx.insert(membershipTierTitles).values(titleIds.map((podcastTitleId) => ({ tierId, podcastTitleId }))).run();
  }
}

/** The creator's own tier; anyone else's (or none) is "not found". */
export function ownTier(db: Db, actor: Pick<Actor, 'id'>, id: string): TierRow {
  const tier = db.select().from(membershipTiers).where(eq(membershipTiers.id, id)).get();
  if (!tier || tier.creatorId !== actor.id) throw new TRPCError({ code: 'NOT_FOUND', message: membershipMessages.tierNotFound });
  return tier;
}

export function createTier(services: AppServices, actor: Actor, input: CreateTierInput): TierOutput {
  const { db } = services;
  const active = db
    .select({ value: count() })
    .from(membershipTiers)
    .where(and(eq(membershipTiers.creatorId, actor.id), isNull(membershipTiers.archivedAt)))
    .get();
  if ((active?.value ?? 0) >= maxActiveTiers) throw new TRPCError({ code: 'CONFLICT', message: membershipMessages.tooManyTiers });
  const eventIds = input.includesAllPremiumEvents ? [] : input.premiumEventIds;
  checkPerks(db, actor.id, eventIds, input.podcastTitleIds);
  const id = newId();
  db.transaction((tx) => {
    tx.insert(membershipTiers)
      .values({
        id,
        creatorId: actor.id,
        name: input.name,
        description: input.description,
        priceCents: toCents(input.monthlyPrice),
        includesAllPremiumEvents: input.includesAllPremiumEvents,
        includesReplays: input.includesReplays,
        chatBadge: input.chatBadge,
      })
      .run();
    replacePerks(tx, id, eventIds, input.podcastTitleIds);
  });
  return tierById(db, id);
}

/**
 * Changes a tier. A new price is what new members pay: existing memberships keep their `price_cents`, and the
 * provider's price of the tier is made again for the new amount on the next join.
 */
export function updateTier(services: AppServices, actor: Actor, input: UpdateTierInput): TierOutput {
  const { db } = services;
  const tier = ownTier(db, actor, input.id);
  const includesAll = input.includesAllPremiumEvents ?? tier.includesAllPremiumEvents;
  const eventIds = includesAll ? [] : input.premiumEventIds;
  checkPerks(db, actor.id, eventIds ?? [], input.podcastTitleIds ?? []);
  const priceCents = input.monthlyPrice !== undefined ? toCents(input.monthlyPrice) : tier.priceCents;
  db.transaction((tx) => {
    tx.update(membershipTiers)
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
      .where(eq(membershipTiers.id, tier.id))
      .run();
    replacePerks(tx, tier.id, eventIds, input.podcastTitleIds);
  });
  return tierById(db, tier.id);
}

/** No new members from now on; the existing ones keep theirs until they cancel. Archiving twice changes nothing. */
export function archiveTier(services: AppServices, actor: Actor, id: string): TierOutput {
  const { db } = services;
  const tier = ownTier(db, actor, id);
  if (!tier.archivedAt) db.update(membershipTiers).set({ archivedAt: nowIso(), updatedAt: nowIso() }).where(eq(membershipTiers.id, tier.id)).run();
  return tierById(db, tier.id);
}

export function listMyTiers(services: AppServices, actor: Actor): TierOutput[] {
  const rows = services.db
    .select()
    .from(membershipTiers)
    .where(eq(membershipTiers.creatorId, actor.id))
    .orderBy(asc(membershipTiers.priceCents), asc(membershipTiers.createdAt))
    .all();
  const active = rows.filter((row) => !row.archivedAt);
  const archived = rows.filter((row) => row.archivedAt);
  return toTierOutputs(services.db, [...active, ...archived]);
}

/** A creator's tiers that take members, cheapest first, with their perks (inactive events left out). */
export function listPublicTiers(db: Db, creatorId: string): PublicTierOutput[] {
  const creator = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, creatorId), inArray(users.role, ['dj', 'admin'])))
    .get();
  if (!creator) throw new TRPCError({ code: 'NOT_FOUND', message: membershipMessages.creatorNotFound });
  const rows = db
    .select()
    .from(membershipTiers)
    .where(and(eq(membershipTiers.creatorId, creatorId), isNull(membershipTiers.archivedAt)))
    .orderBy(asc(membershipTiers.priceCents), asc(membershipTiers.createdAt))
    .all();
  return toTierOutputs(db, rows, { publicOnly: true }).map((tier) => ({
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

function tierById(db: Db, id: string): TierOutput {
  const row = db.select().from(membershipTiers).where(eq(membershipTiers.id, id)).get();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: membershipMessages.tierNotFound });
  return toTierOutputs(db, [row])[0]!;
}

function toTierOutputs(db: Db, rows: TierRow[], options: { publicOnly?: boolean } = {}): TierOutput[] {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const tierEvents = db
    .select({ tierId: membershipTierEvents.tierId, id: events.id, name: events.name, startDateTime: events.startDateTime, isActive: events.isActive })
    .from(membershipTierEvents)
    .innerJoin(events, eq(events.id, membershipTierEvents.eventId))
    .where(inArray(membershipTierEvents.tierId, ids))
    .orderBy(asc(events.startDateTime), asc(events.name))
    .all()
    .filter((row) => !options.publicOnly || row.isActive);
  const tierTitles = db
    .select({ tierId: membershipTierTitles.tierId, id: podcastTitles.id, name: podcastTitles.name, imageUrl: podcastTitles.imageUrl })
    .from(membershipTierTitles)
    .innerJoin(podcastTitles, eq(podcastTitles.id, membershipTierTitles.podcastTitleId))
    .where(inArray(membershipTierTitles.tierId, ids))
    .orderBy(asc(podcastTitles.name))
    .all();
  const members = db
    .select({ tierId: memberships.tierId, status: memberships.status, currentPeriodEnd: memberships.currentPeriodEnd, graceEndsAt: memberships.graceEndsAt, cancelAtPeriodEnd: memberships.cancelAtPeriodEnd })
    .from(memberships)
    .where(and(inArray(memberships.tierId, ids), inArray(memberships.status, ['active', 'past_due', 'canceled'])))
    .all();
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
