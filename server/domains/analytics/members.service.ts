import { and, eq, isNotNull, lt, type SQL } from 'drizzle-orm';
import { memberships, membershipTiers } from '@db/schema/memberships';
import type { Actor } from '@server/platform/actor';
import { earningsSummary } from '@server/domains/earnings/earnings.service';
import { analyticsScope } from './analytics.access';
import { analyticsRange, settled, type AnalyticsReadServices } from './downloads.service';
import type { MembersAnalytics } from './analytics.schemas';

type MembershipRow = Pick<
  typeof memberships.$inferSelect,
  'id' | 'tierId' | 'status' | 'priceCents' | 'activatedAt' | 'canceledAt' | 'lapsedAt' | 'endedAt' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'graceEndsAt' | 'updatedAt'
>;

/**
 * When a membership stopped holding its place (null: it still does), read from its status as the memberships domain
 * leaves it: ended at `endedAt`, lapsed at `lapsedAt`, a canceled one (or one set to end) at the end of the month it
 * paid for, a past-due one at the end of its grace.
 */
export function membershipEnd(row: MembershipRow): number | null {
  const at = (value: string | null | undefined) => (value ? Date.parse(value) : null);
  switch (row.status) {
    case 'ended':
      return at(row.endedAt ?? row.currentPeriodEnd ?? row.canceledAt ?? row.updatedAt);
    case 'lapsed':
      return at(row.lapsedAt ?? row.updatedAt);
    case 'canceled':
      return at(row.currentPeriodEnd ?? row.canceledAt ?? row.updatedAt);
    case 'past_due':
      return at(row.graceEndsAt);
    case 'active':
      return row.cancelAtPeriodEnd ? at(row.currentPeriodEnd) : null;
    default:
      return at(row.updatedAt);
  }
}

/** Whether the membership held its place at `moment` (activated before it, not yet ended). */
function activeAt(row: MembershipRow, moment: number): boolean {
  if (!row.activatedAt || Date.parse(row.activatedAt) >= moment) return false;
  const end = membershipEnd(row);
  return end === null || end > moment;
}

function within(value: string | null, start: number, end: number): boolean {
  if (!value) return false;
  const at = Date.parse(value);
  return at >= start && at < end;
}

/** Every UTC month the range touches and has begun by `now`: `[start, end)` with `end` the next month's first. */
function monthsOf(from: string, to: string, now: number): Array<{ month: string; start: number; end: number }> {
  const months: Array<{ month: string; start: number; end: number }> = [];
  const last = Date.parse(to) - 1;
  const first = new Date(from);
  for (let year = first.getUTCFullYear(), month = first.getUTCMonth(); ; month++) {
    const start = Date.UTC(year, month, 1);
    if (start > last || start > now) break;
    const end = Date.UTC(year, month + 1, 1);
    months.push({ month: new Date(start).toISOString().slice(0, 7), start, end });
  }
  return months;
}

/**
 * `analytics.members`: per UTC month of the range (whole months, oldest first; months not begun yet are left out),
 * the members active at the month's end (now, for the running month) per tier and their monthly prices (MRR), the
 * memberships activated and cancelled in the month, and the month's net earnings by source (the earnings summary).
 */
export async function membersAnalytics(
  services: AnalyticsReadServices,
  actor: Actor,
  input: { from: string; to: string; creatorId?: string | undefined },
): Promise<MembersAnalytics> {
  const range = analyticsRange(input);
  const scope = await analyticsScope(services, actor, input.creatorId);
  await settled(services);
  const now = services.clock.now();
  const months = monthsOf(range.from, range.to, now);
  if (!months.length) return { currency: 'cad', months: [] };
  const lastEnd = new Date(months.at(-1)!.end).toISOString();
  const conditions: SQL[] = [isNotNull(memberships.activatedAt), lt(memberships.activatedAt, lastEnd)];
  if (scope.creatorId) conditions.push(eq(memberships.creatorId, scope.creatorId));
  const rows = await services.db
    .select({
      id: memberships.id,
      tierId: memberships.tierId,
      tierName: membershipTiers.name,
      status: memberships.status,
      priceCents: memberships.priceCents,
      activatedAt: memberships.activatedAt,
      canceledAt: memberships.canceledAt,
      lapsedAt: memberships.lapsedAt,
      endedAt: memberships.endedAt,
      currentPeriodEnd: memberships.currentPeriodEnd,
      cancelAtPeriodEnd: memberships.cancelAtPeriodEnd,
      graceEndsAt: memberships.graceEndsAt,
      updatedAt: memberships.updatedAt,
    })
    .from(memberships)
    .innerJoin(membershipTiers, eq(membershipTiers.id, memberships.tierId))
    .where(and(...conditions));

  const answer: MembersAnalytics['months'] = [];
  for (const month of months) {
    const moment = Math.min(month.end, now);
    const tiers = new Map<string, { tierId: string; name: string; active: number; mrrCents: number }>();
    let active = 0;
    let mrrCents = 0;
    let joined = 0;
    let cancelled = 0;
    for (const row of rows) {
      if (within(row.activatedAt, month.start, month.end)) joined++;
      if (within(row.canceledAt, month.start, month.end)) cancelled++;
      if (!activeAt(row, moment)) continue;
      active++;
      mrrCents += row.priceCents;
      const tier = tiers.get(row.tierId) ?? { tierId: row.tierId, name: row.tierName, active: 0, mrrCents: 0 };
      tier.active++;
      tier.mrrCents += row.priceCents;
      tiers.set(row.tierId, tier);
    }
    const earnings = await earningsSummary(services.db, actor, {
      from: new Date(month.start).toISOString(),
      to: new Date(month.end).toISOString(),
      creatorId: actor.role === 'admin' ? (scope.creatorId ?? undefined) : undefined,
    });
    const net = (source: 'tips' | 'paywall' | 'memberships') => earnings.bySource.find((entry) => entry.source === source)?.netCents ?? 0;
    answer.push({
      month: month.month,
      active,
      joined,
      cancelled,
      mrrCents,
      byTier: [...tiers.values()].sort((a, b) => b.mrrCents - a.mrrCents || a.name.localeCompare(b.name) || a.tierId.localeCompare(b.tierId)),
      earningsCents: { tips: net('tips'), paywall: net('paywall'), memberships: net('memberships') },
    });
  }
  return { currency: 'cad', months: answer };
}
