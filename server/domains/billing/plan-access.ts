import { DomainError } from '@server/platform/errors';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '@db/client';
import { changedRows, firstRow } from '@db/store';
import { planGrants, products, type ProductId } from '@db/schema/billing';
import { subscriptions } from '@db/schema/payments';
import { podcastTitles } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { getEffectiveSettings } from '@server/domains/settings/settings.service';
import type { Services as AllServices } from '@server/services';
import { addOnBase, planMessages, type PlanAccessOutput, type UserPlansOutput } from './billing.schemas';
import { planRefusalReason, planRefusalTemplates } from './plan-refusal.schemas';

/**
 * "May this creator use feature X now": the one answer for events and going live, audio and video
 * podcast titles under the admin setting "Features require a plan" (general.plansRequired, off by
 * default). Admins are never gated. A plan counts while its subscription is active (one canceled at its
 * period's end until that end), past due within its current period, or granted by an admin.
 */

type Services = Pick<AllServices, 'db' | 'config'>;

/** The signed-in plans page (Profile → Subscriptions, "Add a plan"). */
export const plansPagePath = '/profile/me/subscriptions';

/** A template's English text: its `{placeholders}` filled. */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

const withPath = (template: string, values: Record<string, string | number> = {}) => fill(template, { ...values, plansPath: plansPagePath });

/** The refusals in English (the answers translate them for the caller: server/trpc/errors.ts). */
export const planRefusals = {
  liveStream: withPath(planRefusalTemplates.liveStream),
  audioTitle: withPath(planRefusalTemplates.audioTitle),
  videoTitle: withPath(planRefusalTemplates.videoTitle),
  audioLimit: (allowed: number) => (allowed === 1 ? withPath(planRefusalTemplates.audioLimitOne) : withPath(planRefusalTemplates.audioLimit, { allowed })),
  videoLimit: (allowed: number) => (allowed === 1 ? withPath(planRefusalTemplates.videoLimitOne) : withPath(planRefusalTemplates.videoLimit, { allowed })),
} as const;

/** The cause of a plan refusal: its code (`data.reason` / `reason`) lets the web app tell it from other refusals. */
class PlanRefusal extends Error {
  readonly refusalReason = planRefusalReason;
  override readonly name = 'PlanRefusal';
}

function planRefusalError(message: string): DomainError {
  return new DomainError({ code: 'FORBIDDEN', message, cause: new PlanRefusal(message) });
}

export interface PlanAccess {
  /** Whether the setting is on and this account is gated by it (not an admin). */
  gated: boolean;
  events: boolean;
  /** How many titles of the kind the plans allow; null: no limit. */
  audioTitles: number | null;
  videoTitles: number | null;
}

export async function plansRequired(services: Services): Promise<boolean> {
  return (await getEffectiveSettings(services)).general.plansRequired;
}

interface SubscriptionState {
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

/** Active (one set to cancel counts until its period ends) or past due within its current period; canceled and incomplete never. */
export function subscriptionCounts(row: SubscriptionState, now = new Date()): boolean {
  const periodOpen = !row.currentPeriodEnd || row.currentPeriodEnd > now.toISOString();
  if (row.status === 'active') return !row.cancelAtPeriodEnd || periodOpen;
  if (row.status === 'past_due') return periodOpen;
  return false;
}

/** The products whose features this account has now: counting subscriptions and complimentary grants. */
export async function activeProductIds(db: Db, userId: string, now = new Date()): Promise<Set<ProductId>> {
  const active = new Set<ProductId>();
  const rows = await db
    .select({ productId: subscriptions.productId, status: subscriptions.status, currentPeriodEnd: subscriptions.currentPeriodEnd, cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'past_due'])));
  for (const row of rows) if (subscriptionCounts(row, now)) active.add(row.productId);
  for (const grant of await db.select({ productId: planGrants.productId }).from(planGrants).where(eq(planGrants.userId, userId))) active.add(grant.productId);
  return active;
}

/** One title per plan, one more with its add-on (an add-on alone adds to nothing). */
function titlesAllowed(active: Set<ProductId>, plan: ProductId): number {
  if (!active.has(plan)) return 0;
  const addOns = (Object.entries(addOnBase) as [ProductId, ProductId][]).filter(([addOn, base]) => base === plan && active.has(addOn)).length;
  return 1 + addOns;
}

export async function planAccess(services: Services, userId: string, now = new Date()): Promise<PlanAccess> {
  const user = await firstRow(services.db.select({ role: users.role }).from(users).where(eq(users.id, userId)));
  if (!(await plansRequired(services)) || user?.role === 'admin') return { gated: false, events: true, audioTitles: null, videoTitles: null };
  const active = await activeProductIds(services.db, userId, now);
  return {
    gated: true,
    events: active.has('LIVE_STREAM'),
    audioTitles: titlesAllowed(active, 'PODCAST_TITLE'),
    videoTitles: titlesAllowed(active, 'PODCAST_VIDEO_TITLE'),
  };
}

async function titleCount(db: Db, userId: string, isVideo: boolean): Promise<number> {
  return (await firstRow(db.select({ n: count() }).from(podcastTitles).where(and(eq(podcastTitles.userId, userId), eq(podcastTitles.isVideo, isVideo)))))?.n ?? 0;
}

function titleRefusal(allowed: number | null, used: number, isVideo: boolean): string | null {
  if (allowed === null || used < allowed) return null;
  if (allowed === 0) return isVideo ? planRefusals.videoTitle : planRefusals.audioTitle;
  return isVideo ? planRefusals.videoLimit(allowed) : planRefusals.audioLimit(allowed);
}

/** Why creating events and going live is refused now, or null. */
export async function liveStreamRefusal(services: Services, userId: string, now = new Date()): Promise<string | null> {
  return (await planAccess(services, userId, now)).events ? null : planRefusals.liveStream;
}

/** events.create (and its REST path): 403 with the plan to choose. */
export async function assertMayCreateEvents(services: Services, userId: string): Promise<void> {
  const refusal = await liveStreamRefusal(services, userId);
  if (refusal) throw planRefusalError(refusal);
}

/** podcasts.createTitle: 403 when the plans allow no more titles of this kind. */
export async function assertMayCreateTitle(services: Services, userId: string, isVideo: boolean): Promise<void> {
  const access = await planAccess(services, userId);
  const allowed = isVideo ? access.videoTitles : access.audioTitles;
  if (allowed === null) return;
  const refusal = titleRefusal(allowed, await titleCount(services.db, userId, isVideo), isVideo);
  if (refusal) throw planRefusalError(refusal);
}

/** `billing.myPlanAccess`: what the web shows before the creator tries (the same texts as the refusals). */
export async function planAccessSummary(services: Services, userId: string, now = new Date()): Promise<PlanAccessOutput> {
  const access = await planAccess(services, userId, now);
  const usedAudioTitles = await titleCount(services.db, userId, false);
  const usedVideoTitles = await titleCount(services.db, userId, true);
  return {
    ...access,
    usedAudioTitles,
    usedVideoTitles,
    plansPath: plansPagePath,
    refusals: {
      events: access.events ? null : planRefusals.liveStream,
      audioTitle: titleRefusal(access.audioTitles, usedAudioTitles, false),
      videoTitle: titleRefusal(access.videoTitles, usedVideoTitles, true),
    },
  };
}

// Complimentary plans (admins, on the user's page).

async function creatorOrThrow(db: Pick<Db, 'select'>, userId: string): Promise<{ id: string; role: string }> {
  const user = await firstRow(db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId)));
  if (!user) throw new DomainError({ code: 'NOT_FOUND', message: planMessages.userNotFound });
  if (user.role === 'viewer') throw new DomainError({ code: 'BAD_REQUEST', message: planMessages.notACreator });
  return user;
}

export async function userPlans(services: Services, userId: string, now = new Date()): Promise<UserPlansOutput> {
  const { db } = services;
  await creatorOrThrow(db, userId);
  const grants = await db
    .select({ productId: planGrants.productId, name: products.name, createdAt: planGrants.createdAt })
    .from(planGrants)
    .innerJoin(products, eq(products.id, planGrants.productId))
    .where(eq(planGrants.userId, userId))
    .orderBy(products.sortOrder);
  const subscriptionRows = (
    await db
      .select({ row: subscriptions, name: products.name })
      .from(subscriptions)
      .innerJoin(products, eq(products.id, subscriptions.productId))
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'past_due', 'canceled'])))
  ).map(({ row, name }) => ({
      id: row.id,
      productId: row.productId,
      name,
      status: row.status,
      currentPeriodEnd: row.currentPeriodEnd,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      counts: subscriptionCounts(row, now),
    }));
  return { gated: await plansRequired(services), grants, subscriptions: subscriptionRows, access: await planAccessSummary(services, userId, now) };
}

export async function grantComplimentaryPlan(services: Services, adminId: string, userId: string, productId: ProductId): Promise<UserPlansOutput> {
  // "Is this account a creator?" and the grant in one transaction (no role change or deletion in between).
  await services.db.transaction(async (tx) => {
    await creatorOrThrow(tx, userId);
    const inserted = await changedRows(tx.insert(planGrants).values({ userId, productId, grantedBy: adminId }).onConflictDoNothing());
    if (inserted === 0) throw new DomainError({ code: 'CONFLICT', message: planMessages.alreadyGranted });
  });
  return userPlans(services, userId);
}

export async function revokeComplimentaryPlan(services: Services, userId: string, productId: ProductId): Promise<UserPlansOutput> {
  await services.db.transaction(async (tx) => {
    await creatorOrThrow(tx, userId);
    const removed = await changedRows(tx.delete(planGrants).where(and(eq(planGrants.userId, userId), eq(planGrants.productId, productId))));
    if (removed === 0) throw new DomainError({ code: 'NOT_FOUND', message: planMessages.notGranted });
  });
  return userPlans(services, userId);
}
