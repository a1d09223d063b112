import { DomainError } from '@server/platform/errors';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { eventAccess } from '@db/schema/events';
import { payments, tips, type PaymentStatus } from '@db/schema/payments';
import { newId, nowIso } from '@server/lib/ids';
import { PaymentProviderError, type ProviderIntent } from '@server/providers/payments/interface';
import type { Services } from '@server/services';
import { writeLedgerEntries } from './ledger';
import { paymentProviderMessages } from './payments.messages';
import type { PaymentOutput } from './payments.schemas';

export type PaymentRow = typeof payments.$inferSelect;
/** The database or a transaction on it (the same object: a transaction opened on it joins the open one). */
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'transaction'>;

/** Our status for the provider's intent status. */
export function paymentStatusOf(intent: Pick<ProviderIntent, 'status' | 'lastError'>): PaymentStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'requires_action':
      return 'requires_action';
    case 'canceled':
      return 'canceled';
    case 'requires_payment_method':
      return intent.lastError ? 'failed' : 'pending';
    default:
      return 'pending';
  }
}

export async function insertPendingPayment(db: Queryable, values: Omit<typeof payments.$inferInsert, 'status'>): Promise<PaymentRow> {
  return (await firstRow(db.insert(payments).values({ ...values, status: 'pending' }).returning()))!;
}

export async function findPaymentById(db: Queryable, id: string): Promise<PaymentRow | undefined> {
  return firstRow(db.select().from(payments).where(eq(payments.id, id)));
}

export async function findPaymentByIntentId(db: Queryable, intentId: string): Promise<PaymentRow | undefined> {
  return firstRow(db.select().from(payments).where(eq(payments.providerIntentId, intentId)));
}

/**
 * Our record of an intent: by its id, or (when the provider reported before we stored the id, as a
 * confirm-at-once wallet payment does) by the payment id we put in its metadata.
 */
export async function findPaymentForIntent(db: Queryable, intent: Pick<ProviderIntent, 'id' | 'metadata'>): Promise<PaymentRow | undefined> {
  // "Known by the intent id?" and storing the id in one transaction (joins the caller's): two reports at once both find it.
  return db.transaction(async (tx) => {
    const known = await findPaymentByIntentId(tx, intent.id);
    if (known) return known;
    const paymentId = intent.metadata.payment_id;
    if (!paymentId) return undefined;
    return firstRow(
      tx
        .update(payments)
        .set({ providerIntentId: intent.id, updatedAt: nowIso() })
        .where(and(eq(payments.id, paymentId), isNull(payments.providerIntentId)))
        .returning(),
    );
  });
}

export interface IntentOutcome {
  row: PaymentRow;
  /** True only for the one call that moved the payment to succeeded (and credited it). */
  newlySucceeded: boolean;
}

/**
 * Applies the provider's view of an intent to our record, inside the caller's transaction. A succeeded
 * payment is final: the update that marks it is conditional on it not being succeeded yet, so replays
 * and concurrent reports credit the ledger (and write the tip or access row) exactly once.
 */
export async function applyIntentToPayment(db: Queryable, row: PaymentRow, intent: ProviderIntent): Promise<IntentOutcome> {
  // Joins the caller's transaction; opens one when called without, so the mark and its ledger entries are never apart.
  return db.transaction((tx) => applyInTransaction(tx, row, intent));
}

async function applyInTransaction(tx: Queryable, row: PaymentRow, intent: ProviderIntent): Promise<IntentOutcome> {
  const status = paymentStatusOf(intent);
  const time = nowIso();
  if (status !== 'succeeded') {
    const updated = await firstRow(
      tx
        .update(payments)
        .set({ status, lastError: intent.lastError, cardLast4: intent.cardLast4 ?? row.cardLast4, updatedAt: time })
        .where(and(eq(payments.id, row.id), ne(payments.status, 'succeeded')))
        .returning(),
    );
    return { row: updated ?? (await findPaymentById(tx, row.id)) ?? row, newlySucceeded: false };
  }
  if (intent.amountCents !== row.amountCents) {
    // Never credit a different amount than the one we asked for.
    throw new PaymentProviderError('The provider reported a different amount', { type: 'api_error', message: 'Amount mismatch' }, 502);
  }
  const feeCents = intent.feeCents ?? 0;
  const marked = await firstRow(
    tx
      .update(payments)
      .set({ status: 'succeeded', feeCents, lastError: null, cardLast4: intent.cardLast4 ?? row.cardLast4, succeededAt: time, updatedAt: time })
      .where(and(eq(payments.id, row.id), ne(payments.status, 'succeeded')))
      .returning(),
  );
  if (!marked) return { row: (await findPaymentById(tx, row.id)) ?? row, newlySucceeded: false };
  await writeLedgerEntries(tx, marked, feeCents);
  if (marked.kind === 'tip') {
    await tx
      .insert(tips)
      .values({
        id: newId(),
        paymentId: marked.id,
        creatorId: marked.creatorId,
        viewerId: marked.payerId,
        eventId: marked.eventId,
        tipOptionId: marked.tipOptionId,
        title: marked.description,
        amountCents: marked.amountCents,
        message: marked.message,
      })
      .onConflictDoNothing();
  }
  if (marked.kind === 'paywall' && marked.payerId && marked.eventId) {
    await tx.insert(eventAccess).values({ viewerId: marked.payerId, eventId: marked.eventId, paymentId: marked.id }).onConflictDoNothing();
  }
  return { row: marked, newlySucceeded: true };
}

export function toPaymentOutput(row: PaymentRow): PaymentOutput {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    description: row.description,
    eventId: row.eventId,
    creatorId: row.creatorId,
    subscriptionId: row.subscriptionId,
    cardLast4: row.cardLast4,
    error: row.lastError ?? null,
    createdAt: row.createdAt,
    succeededAt: row.succeededAt,
  };
}

/**
 * `payments:succeeded` for a payment that has just been marked (`newlySucceeded`): called once the transaction that
 * marked it has committed, by whichever domain ran it (a subscription's invoice is settled by the subscriptions domain).
 */
export async function publishPaymentSucceeded(services: Pick<Services, 'domainEvents'>, payment: PaymentRow): Promise<void> {
  await services.domainEvents.publish('payments:succeeded', { payment: toPaymentOutput(payment), payerId: payment.payerId });
}

/** A provider failure as the caller sees it: the provider's message, never a 500. */
export function providerFailure(error: unknown): never {
  if (error instanceof PaymentProviderError) {
    if (error.statusCode === 404) throw new DomainError({ code: 'NOT_FOUND', message: error.message, cause: error });
    if (error.statusCode < 500) throw new DomainError({ code: 'BAD_REQUEST', message: error.message, cause: error });
    throw new DomainError({ code: 'BAD_GATEWAY', message: paymentProviderMessages.unreachable, cause: error });
  }
  throw error;
}
