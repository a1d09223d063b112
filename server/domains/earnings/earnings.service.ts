import { TRPCError } from '@trpc/server';
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { ledgerEntries, payments, revenueSources, type RevenueSource } from '@db/schema/payments';
import { forbiddenMessage } from '@server/trpc/init';
import type { Actor } from '@server/trpc/context';
import { sourceOfKind } from '@server/domains/payments/ledger';
import type { EarningsSummary, EarningsTotals } from './earnings.schemas';

function emptyTotals(): EarningsTotals {
  return { count: 0, grossCents: 0, feeCents: 0, netCents: 0, creatorShareCents: 0, platformShareCents: 0 };
}

function boundary(value: string | undefined): string | null {
  if (!value) return null;
  return value.length === 10 ? `${value}T00:00:00.000Z` : new Date(value).toISOString();
}

/**
 * Gross, provider fees, net and both shares of succeeded payments, in cents, per month (UTC, by the
 * time the payment succeeded) and per source. A creator sees their own; an admin one creator's or,
 * without `creatorId`, the whole platform's (subscriptions included, which are all the platform's).
 */
export async function earningsSummary(db: Db, actor: Actor, input: { from?: string | undefined; to?: string | undefined; creatorId?: string | undefined } = {}): Promise<EarningsSummary> {
  if (input.creatorId && input.creatorId !== actor.id && actor.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: forbiddenMessage });
  const creatorId = actor.role === 'admin' ? (input.creatorId ?? null) : actor.id;
  const from = boundary(input.from);
  const to = boundary(input.to);
  const conditions: SQL[] = [eq(payments.status, 'succeeded')];
  if (creatorId) conditions.push(eq(payments.creatorId, creatorId));
  if (from) conditions.push(gte(payments.succeededAt, from));
  if (to) conditions.push(lt(payments.succeededAt, to));
  const month = sql<string>`substr(${payments.succeededAt}, 1, 7)`;

  const grossRows = await db
    .select({
      month,
      kind: payments.kind,
      count: sql<number>`count(*)`,
      gross: sql<number>`coalesce(sum(${payments.amountCents}), 0)`,
      fee: sql<number>`coalesce(sum(${payments.feeCents}), 0)`,
    })
    .from(payments)
    .where(and(...conditions))
    .groupBy(month, payments.kind);
  const shareRows = await db
    .select({ month, kind: payments.kind, account: ledgerEntries.account, amount: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .innerJoin(payments, eq(payments.id, ledgerEntries.paymentId))
    .where(and(...conditions))
    .groupBy(month, payments.kind, ledgerEntries.account);

  const total = emptyTotals();
  const months = new Map<string, EarningsTotals>();
  const sources = new Map<RevenueSource, EarningsTotals>(revenueSources.map((source) => [source, emptyTotals()]));
  const buckets = (rowMonth: string, kind: keyof typeof sourceOfKind) => {
    let monthTotals = months.get(rowMonth);
    if (!monthTotals) months.set(rowMonth, (monthTotals = emptyTotals()));
    return [total, monthTotals, sources.get(sourceOfKind[kind])!];
  };
  for (const row of grossRows) {
    for (const bucket of buckets(row.month, row.kind)) {
      bucket.count += Number(row.count);
      bucket.grossCents += Number(row.gross);
      bucket.feeCents += Number(row.fee);
      bucket.netCents += Number(row.gross) - Number(row.fee);
    }
  }
  for (const row of shareRows) {
    for (const bucket of buckets(row.month, row.kind)) {
      if (row.account === 'creator') bucket.creatorShareCents += Number(row.amount);
      else bucket.platformShareCents += Number(row.amount);
    }
  }
  return {
    scope: creatorId ? 'creator' : 'platform',
    creatorId,
    currency: 'cad',
    from,
    to,
    totals: total,
    byMonth: [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([monthKey, values]) => ({ month: monthKey, ...values })),
    bySource: [...sources.entries()].map(([source, values]) => ({ source, ...values })),
  };
}
