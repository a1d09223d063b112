import { TRPCError } from '@trpc/server';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '@db/client';
import { planGrants, products, type ProductId } from '@db/schema/billing';
import { subscriptions } from '@db/schema/payments';
import { podcastTitles } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { getEffectiveSettings } from '@server/domains/settings/settings.service';
import type { AppServices } from '@server/trpc/context';
import { addOnBase, planMessages, type PlanAccessOutput, type UserPlansOutput } from './billing.schemas';

/**
 * "May this creator use feature X now": the one answer for events and going live, audio and video
 * podcast titles under the admin setting "Features require a plan" (general.plansRequired, off by
 * default). Admins are never gated. A plan counts while its subscription is active (one canceled at its
 * period's end until that end), past due within its current period, or granted by an admin.
 */

type Services = Pick<AppServices, 'db' | 'config'>;

/** The signed-in plans page (Profile → Subscriptions, "Add a plan"). */
export const plansPagePath = '/profile/me/subscriptions';

const choose = `Choose a plan: ${plansPagePath}`;

export const planRefusals = {
  liveStream: `Creating events and going live need the LIVE STREAM plan. ${choose}`,
  audioTitle: `Audio podcast titles need the PODCAST plan. ${choose}`,
  videoTitle: `Video podcast titles need the PODCAST VIDEO plan. ${choose}`,
  audioLimit: (allowed: number) =>
    allowed === 1
      ? `Your PODCAST plan includes 1 audio podcast title: the PODCAST ADD ON adds one more. ${choose}`
      : `Your plans include ${allowed} audio podcast titles, all in use: delete one to create another. ${choose}`,
  videoLimit: (allowed: number) =>
    allowed === 1
      ? `Your PODCAST VIDEO plan includes 1 video podcast title: the PODCAST VIDEO ADD ON adds one more. ${choose}`
      : `Your plans include ${allowed} video podcast titles, all in use: delete one to create another. ${choose}`,
} as const;

export interface PlanAccess {
  /** Whether the setting is on and this account is gated by it (not an admin). */
  gated: boolean;
  events: boolean;
  /** How many titles of the kind the plans allow; null: no limit. */
  audioTitles: number | null;
  videoTitles: number | null;
}

export function plansRequired(services: Services): boolean {
  return getEffectiveSettings(services).general.plansRequired;
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
export function activeProductIds(db: Db, userId: string, now = new Date()): Set<ProductId> {
  const active = new Set<ProductId>();
  const rows = db
    .select({ productId: subscriptions.productId, status: subscriptions.status, currentPeriodEnd: subscriptions.currentPeriodEnd, cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'past_due'])))
    .all();
  for (const row of rows) if (subscriptionCounts(row, now)) active.add(row.productId);
  for (const grant of db.select({ productId: planGrants.productId }).from(planGrants).where(eq(planGrants.userId, userId)).all()) active.add(grant.productId);
  return active;
}

/** One title per plan, one more with its add-on (an add-on alone adds to nothing). */
function titlesAllowed(active: Set<ProductId>, plan: ProductId): number {
  if (!active.has(plan)) return 0;
  const addOns = (Object.entries(addOnBase) as [ProductId, ProductId][]).filter(([addOn, base]) => base === plan && active.has(addOn)).length;
  return 1 + addOns;
}

export function planAccess(services: Services, userId: string, now = new Date()): PlanAccess {
  const user = services.db.select({ role: users.role }).from(users).where(eq(users.id, userId)).get();
  if (!plansRequired(services) || user?.role === 'admin') return { gated: false, events: true, audioTitles: null, videoTitles: null };
  const active = activeProductIds(services.db, userId, now);
  return {
    gated: true,
    events: active.has('LIVE_STREAM'),
    audioTitles: titlesAllowed(active, 'PODCAST_TITLE'),
    videoTitles: titlesAllowed(active, 'PODCAST_VIDEO_TITLE'),
  };
}

function titleCount(db: Db, userId: string, isVideo: boolean): number {
  return db.select({ n: count() }).from(podcastTitles).where(and(eq(podcastTitles.userId, userId), eq(podcastTitles.isVideo, isVideo))).get()?.n ?? 0;
}

function titleRefusal(allowed: number | null, used: number, isVideo: boolean): string | null {
  if (allowed === null || used < allowed) return null;
  if (allowed === 0) return isVideo ? planRefusals.videoTitle : planRefusals.audioTitle;
  return isVideo ? planRefusals.videoLimit(allowed) : planRefusals.audioLimit(allowed);
}

/** Why creating events and going live is refused now, or null. */
export function liveStreamRefusal(services: Services, userId: string, now = new Date()): string | null {
  return planAccess(services, userId, now).events ? null : planRefusals.liveStream;
}

/** events.create (and its REST path): 403 with the plan to choose. */
export function assertMayCreateEvents(services: Services, userId: string): void {
  const refusal = liveStreamRefusal(services, userId);
  if (refusal) throw new TRPCError({ code: 'FORBIDDEN', message: refusal });
}

/** podcasts.createTitle: 403 when the plans allow no more titles of this kind. */
export function assertMayCreateTitle(services: Services, userId: string, isVideo: boolean): void {
  const access = planAccess(services, userId);
  const allowed = isVideo ? access.videoTitles : access.audioTitles;
  if (allowed === null) return;
  const refusal = titleRefusal(allowed, titleCount(services.db, userId, isVideo), isVideo);
  if (refusal) throw new TRPCError({ code: 'FORBIDDEN', message: refusal });
}

/** `billing.myPlanAccess`: what the web shows before the creator tries (the same texts as the refusals). */
export function planAccessSummary(services: Services, userId: string, now = new Date()): PlanAccessOutput {
  const access = planAccess(services, userId, now);
  const usedAudioTitles = titleCount(services.db, userId, false);
  const usedVideoTitles = titleCount(services.db, userId, true);
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

function creatorOrThrow(db: Db, userId: string): { id: string; role: string } {
  const user = db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId)).get();
  if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: 'User not found' });
  if (user.role === 'viewer') throw new TRPCError({ code: 'BAD_REQUEST', message: planMessages.notACreator });
  return user;
}

export function userPlans(services: Services, userId: string, now = new Date()): UserPlansOutput {
  const { db } = services;
  creatorOrThrow(db, userId);
  const grants = db
    .select({ productId: planGrants.productId, name: products.name, createdAt: planGrants.createdAt })
    .from(planGrants)
    .innerJoin(products, eq(products.id, planGrants.productId))
    .where(eq(planGrants.userId, userId))
    .orderBy(products.sortOrder)
    .all();
  const subscriptionRows = db
    .select({ row: subscriptions, name: products.name })
    .from(subscriptions)
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'past_due', 'canceled'])))
    .all()
    .map(({ row, name }) => ({
      id: row.id,
      productId: row.productId,
      name,
      status: row.status,
      currentPeriodEnd: row.currentPeriodEnd,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      counts: subscriptionCounts(row, now),
    }));
  return { gated: plansRequired(services), grants, subscriptions: subscriptionRows, access: planAccessSummary(services, userId, now) };
}

export function grantComplimentaryPlan(services: Services, adminId: string, userId: string, productId: ProductId): UserPlansOutput {
  creatorOrThrow(services.db, userId);
  const inserted = services.db.insert(planGrants).values({ userId, productId, grantedBy: adminId }).onConflictDoNothing().run();
  if (inserted.changes === 0) throw new TRPCError({ code: 'CONFLICT', message: planMessages.alreadyGranted });
  return userPlans(services, userId);
}

export function revokeComplimentaryPlan(services: Services, userId: string, productId: ProductId): UserPlansOutput {
  creatorOrThrow(services.db, userId);
  const removed = services.db.delete(planGrants).where(and(eq(planGrants.userId, userId), eq(planGrants.productId, productId))).run();
  if (removed.changes === 0) throw new TRPCError({ code: 'NOT_FOUND', message: planMessages.notGranted });
  return userPlans(services, userId);
}
