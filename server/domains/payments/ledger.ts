import type { Db } from '@db/client';
import { ledgerEntries, type PaymentKind, type RevenueSource } from '@db/schema/payments';
import { newId } from '@server/lib/ids';

/** The creator's part of the net revenue from tips and pay-per-view (platform.md §1). */
export const creatorSharePercent = 60;

export interface RevenueSplit {
  grossCents: number;
  feeCents: number;
  netCents: number;
  creatorCents: number;
  platformCents: number;
}

/**
 * Splits a payment: net = gross − fee; the creator gets 60% of the net rounded half up to the cent and
 * the platform the rest, so the two shares always sum to the net exactly.
 */
export function splitRevenue(grossCents: number, feeCents: number, creatorPercent = creatorSharePercent): RevenueSplit {
  if (!Number.isInteger(grossCents) || !Number.isInteger(feeCents) || grossCents < 0 || feeCents < 0) {
    throw new RangeError('Amounts must be non-negative integer cents');
  }
  const netCents = Math.max(0, grossCents - feeCents);
  const creatorCents = Math.floor((netCents * creatorPercent * 2 + 100) / 200);
  return { grossCents, feeCents: grossCents - netCents, netCents, creatorCents, platformCents: netCents - creatorCents };
}

export const sourceOfKind: Record<PaymentKind, RevenueSource> = { tip: 'tips', paywall: 'paywall', subscription: 'subscriptions', membership: 'memberships' };

/**
 * Writes a succeeded payment's ledger entries (call inside the transaction that marks it succeeded).
 * Tips and paywall payments are split 60/40 with the creator; a subscription is paid by the creator to
 * the platform, so its whole net is the platform's.
 */
export async function writeLedgerEntries(
  tx: Pick<Db, 'insert'>,
  payment: { id: string; kind: PaymentKind; amountCents: number; creatorId: string | null },
  feeCents: number,
): Promise<RevenueSplit> {
  const earnsCreator = payment.kind !== 'subscription' && !!payment.creatorId;
  const split = splitRevenue(payment.amountCents, feeCents, earnsCreator ? creatorSharePercent : 0);
  const source = sourceOfKind[payment.kind];
  const rows: (typeof ledgerEntries.$inferInsert)[] = [];
  if (earnsCreator) rows.push({ id: newId(), paymentId: payment.id, account: 'creator', userId: payment.creatorId, source, amountCents: split.creatorCents });
  rows.push({ id: newId(), paymentId: payment.id, account: 'platform', userId: null, source, amountCents: split.platformCents });
  await tx.insert(ledgerEntries).values(rows).onConflictDoNothing();
  return split;
}
