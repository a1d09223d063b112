import { DomainError } from '@server/platform/errors';
import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { ledgerEntries, payments, revenueSources, tips, type PaymentKind, type RevenueSource } from '@db/schema/payments';
import { users } from '@db/schema/users';
import { nowIso } from '@server/lib/ids';
import { forbiddenMessage } from '@server/platform/errors';
import type { Actor } from '@server/platform/actor';
import { sourceOfKind } from '@server/domains/payments/ledger';
import {
  earningSources,
  earningsMessages,
  earningsPaymentsPageSize,
  type EarningSource,
  type EarningsPayments,
  type EarningsPaymentsInput,
  type EarningsSummary,
  type EarningsTotals,
} from './earnings.schemas';

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
  if (input.creatorId && input.creatorId !== actor.id && actor.role !== 'admin') throw new DomainError({ code: 'FORBIDDEN', message: forbiddenMessage });
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

/** The payment kinds behind each source a creator earns from (the inverse of the ledger's `sourceOfKind`). */
const kindsOfSource = Object.fromEntries(
  earningSources.map((source) => [source, (Object.keys(sourceOfKind) as PaymentKind[]).filter((kind) => sourceOfKind[kind] === source)]),
) as Record<EarningSource, PaymentKind[]>;

/** `{month}` as the half-open UTC range `[first of the month, first of the next)`. */
function monthRange(month: string): [string, string] {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return [new Date(Date.UTC(year, monthNumber - 1, 1)).toISOString(), new Date(Date.UTC(year, monthNumber, 1)).toISOString()];
}

function encodeCursor(date: string, id: string): string {
  return Buffer.from(JSON.stringify([date, id]), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string' && part.length > 0 && part.length <= 64)) return value as [string, string];
  } catch {
    // Falls through to the refusal.
  }
  throw new DomainError({ code: 'BAD_REQUEST', message: earningsMessages.cursorInvalid });
}

/**
 * Who paid: the calling creator's succeeded payments (tips, pay-per-view and memberships; never their own plan's
 * payments, which are costs), newest first, with the payer's display name and the creator's share as the ledger
 * credited it (what `earningsSummary` adds up). An admin gets their own, as a creator. Paged by `cursor`.
 */
export async function earningsPayments(db: Db, actor: Actor, input: EarningsPaymentsInput = {}): Promise<EarningsPayments> {
  const limit = Number(input.limit ?? earningsPaymentsPageSize);
  const kinds = input.source ? kindsOfSource[input.source] : earningSources.flatMap((source) => kindsOfSource[source]);
  const conditions: SQL[] = [eq(payments.creatorId, actor.id), eq(payments.status, 'succeeded'), inArray(payments.kind, kinds)];
  if (input.month) {
    const [from, to] = monthRange(input.month);
    conditions.push(gte(payments.succeededAt, from), lt(payments.succeededAt, to));
  }
  if (input.cursor) {
    const [date, id] = decodeCursor(input.cursor);
    conditions.push(or(lt(payments.succeededAt, date), and(eq(payments.succeededAt, date), lt(payments.id, id)))!);
  }
  const rows = await db
    .select({
      id: payments.id,
      date: payments.succeededAt,
      kind: payments.kind,
      amountCents: payments.amountCents,
      payerName: users.displayName,
      creatorShareCents: ledgerEntries.amountCents,
      tipId: tips.id,
      tipMessage: tips.message,
      tipMessageHiddenAt: tips.messageHiddenAt,
    })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.payerId))
    .leftJoin(ledgerEntries, and(eq(ledgerEntries.paymentId, payments.id), eq(ledgerEntries.account, 'creator')))
    .leftJoin(tips, eq(tips.paymentId, payments.id))
    .where(and(...conditions))
    .orderBy(desc(payments.succeededAt), desc(payments.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      date: row.date ?? '',
      payerName: row.payerName ?? 'A deleted account',
      source: sourceOfKind[row.kind] as EarningSource,
      amountCents: Number(row.amountCents),
      creatorShareCents: Number(row.creatorShareCents ?? 0),
      tipId: row.tipId ?? null,
      tipMessage: row.tipMessage ?? null,
      tipMessageHidden: !!row.tipMessageHiddenAt,
    })),
    nextCursor: rows.length > limit && last?.date ? encodeCursor(last.date, last.id) : null,
  };
}

/** Hides (or shows again) a tip's message: only the creator the tip was for. Hidden, it is shown nowhere public. */
export async function setTipMessageHidden(db: Db, actor: Actor, tipId: string, hidden: boolean): Promise<{ tipId: string; tipMessageHidden: boolean }> {
  const tip = await firstRow(db.select({ id: tips.id, creatorId: tips.creatorId, hiddenAt: tips.messageHiddenAt }).from(tips).where(eq(tips.id, tipId)));
  if (!tip || tip.creatorId !== actor.id) throw new DomainError({ code: 'NOT_FOUND', message: earningsMessages.tipNotFound });
  if (hidden !== !!tip.hiddenAt) await db.update(tips).set({ messageHiddenAt: hidden ? nowIso() : null }).where(eq(tips.id, tip.id));
  return { tipId: tip.id, tipMessageHidden: hidden };
}
