import { DomainError } from '@server/platform/errors';
import type { Db } from '@db/client';
import type { payments } from '@db/schema/payments';
import { newId } from '@server/lib/ids';
import type { CreateSubscriptionInput, ProviderIntent, ProviderInvoice, ProviderSubscription } from '@server/providers/payments/interface';
import type { Services } from '@server/services';
import { applyIntentToPayment, findPaymentForIntent, insertPendingPayment, providerFailure, publishPaymentSucceeded, type PaymentRow, type Queryable } from './payment-records';
import type { IntentAnswer } from './payments.schemas';
import { paymentProviderMessages } from './payments.messages';

// The flows shared by the domains that bill through a provider subscription: a creator's plan (subscriptions) and a
// fan's membership (memberships). Each passes its own row and what it does with it.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Inserts our pending payment of a provider invoice's intent, for the row whose subscription the invoice bills. */
export type InsertInvoicePayment<Row> = (
  db: Queryable,
  row: Row,
  invoice: Pick<ProviderInvoice, 'id'>,
  intent: Pick<ProviderIntent, 'id' | 'amountCents'>,
) => Promise<PaymentRow>;

/** Our pending payment of a provider invoice's intent; `values` names the kind, payer and what it pays for. */
export async function insertInvoicePayment(
  db: Queryable,
  invoice: Pick<ProviderInvoice, 'id'>,
  intent: Pick<ProviderIntent, 'id' | 'amountCents'>,
  values: Omit<typeof payments.$inferInsert, 'id' | 'status' | 'providerIntentId' | 'providerInvoiceId' | 'amountCents'>,
): Promise<PaymentRow> {
  return insertPendingPayment(db, { id: newId(), ...values, providerIntentId: intent.id, providerInvoiceId: invoice.id, amountCents: intent.amountCents });
}

export function intentAnswerOf(payment: PaymentRow, intent: ProviderIntent | null, clientSecret: string): IntentAnswer {
  return {
    client_secret: clientSecret,
    paymentIntentId: payment.providerIntentId ?? '',
    paymentId: payment.id,
    amountCents: payment.amountCents,
    currency: payment.currency,
    status: intent?.status ?? 'requires_payment_method',
    error: intent?.lastError ?? null,
  };
}

export interface FirstInvoiceFlow<Row> {
  subscription: CreateSubscriptionInput;
  idempotencyKey: string;
  /** Drops our row again when the provider refused the subscription. */
  forget(): Promise<unknown>;
  /** Stores the provider's subscription id and period on our row; answers the row as stored. */
  store(remote: ProviderSubscription): Promise<Row>;
  insertPayment: InsertInvoicePayment<Row>;
  /** The owning domain's sync of the first invoice (its payment, records and status). */
  syncInvoice(services: Services, providerInvoiceId: string): Promise<PaymentRow | undefined>;
}

/**
 * Starts the provider subscription of a row just inserted as incomplete, makes sure the first invoice's payment is
 * recorded, syncs that invoice and answers its intent for the card form (or its outcome, when it was charged at once).
 */
export async function openFirstInvoice<Row>(services: Services, flow: FirstInvoiceFlow<Row>): Promise<IntentAnswer> {
  const { db, payments: provider } = services;
  let remote: ProviderSubscription;
  try {
    remote = await provider.createSubscription(flow.subscription, flow.idempotencyKey);
  } catch (error) {
    await flow.forget();
    return providerFailure(error);
  }
  const stored = await flow.store(remote);
  const invoice = remote.latestInvoice;
  const paymentIntentId = invoice?.paymentIntentId;
  if (!invoice || !paymentIntentId) throw new DomainError({ code: 'BAD_GATEWAY', message: paymentProviderMessages.noFirstInvoice });
  // "Recorded yet?" then insert, in one transaction: the provider's own report of the invoice may be recording it now.
  await db.transaction(async (tx) => {
    if (!(await findPaymentForIntent(tx, { id: paymentIntentId, metadata: {} }))) {
      await flow.insertPayment(tx, stored, invoice, { id: paymentIntentId, amountCents: invoice.amountDueCents });
    }
  });
  const payment = (await flow.syncInvoice(services, invoice.id)) ?? (await findPaymentForIntent(db, { id: paymentIntentId, metadata: {} }));
  if (!payment) throw new DomainError({ code: 'BAD_GATEWAY', message: paymentProviderMessages.noFirstInvoice });
  const intent = await provider.retrievePaymentIntent(paymentIntentId).catch(providerFailure);
  return intentAnswerOf(payment, intent, invoice.clientSecret ?? intent.clientSecret);
}

/**
 * Readies a past-due subscription's open invoice for the card form (the card paying it renews the subscription).
 * Null when the provider has no open invoice for it.
 */
export async function prepareOpenInvoice<Row>(services: Services, providerSubscriptionId: string, row: Row, insertPayment: InsertInvoicePayment<Row>): Promise<IntentAnswer | null> {
  const { db, payments: provider } = services;
  const open = await provider.listOpenInvoices(providerSubscriptionId).catch(providerFailure);
  const invoice = open[0];
  if (!invoice) return null;
  const ready = await provider.prepareInvoicePayment(invoice.id, `invoice-payment:${invoice.id}`).catch(providerFailure);
  if (!ready.paymentIntentId || !ready.clientSecret) throw new DomainError({ code: 'BAD_GATEWAY', message: paymentProviderMessages.invoiceNotReady });
  const intent = await provider.retrievePaymentIntent(ready.paymentIntentId).catch(providerFailure);
  // Found or inserted in one transaction (a webhook of this invoice may be recording its payment at the same time).
  const payment = await db.transaction(async (tx) => (await findPaymentForIntent(tx, intent)) ?? (await insertPayment(tx, row, ready, intent)));
  return intentAnswerOf(payment, intent, ready.clientSecret);
}

/** What one provider invoice says, with our payment of it as just brought up to date. */
export interface InvoiceState {
  invoice: ProviderInvoice;
  remote: ProviderSubscription;
  payment: PaymentRow | undefined;
  /** The card's decline when the intent waits for another payment method. */
  failure: string | null;
  /** The card that paid, once the intent succeeded. */
  paidCardLast4: string | null;
}

export interface InvoiceSync<Row, Result> {
  find(db: Db, providerSubscriptionId: string): Promise<Row | undefined>;
  insertPayment: InsertInvoicePayment<Row>;
  /** In the payment's transaction: the owning domain's records and its row's status (database statements only). */
  apply(tx: Tx, row: Row, state: InvoiceState): Promise<Result>;
}

/**
 * Brings one provider invoice (its intent and subscription) into our records: the payment row (the ledger once it
 * succeeded) and, in the same transaction, what the owning domain records. Idempotent: safe for every webhook,
 * status report and replay. Undefined when the invoice bills no row of that domain.
 */
export async function syncProviderInvoice<Row, Result>(
  services: Services,
  providerInvoiceId: string,
  sync: InvoiceSync<Row, Result>,
): Promise<{ row: Row; invoice: ProviderInvoice; payment: PaymentRow | undefined; result: Result } | undefined> {
  const { db, payments: provider } = services;
  const invoice = await provider.retrieveInvoice(providerInvoiceId);
  const row = invoice.subscriptionId ? await sync.find(db, invoice.subscriptionId) : undefined;
  if (!row) return undefined;
  const remote = await provider.retrieveSubscription(invoice.subscriptionId);
  const intent = invoice.paymentIntentId ? await provider.retrievePaymentIntent(invoice.paymentIntentId) : null;
  const synced = await db.transaction(async (tx) => {
    let payment = intent ? await findPaymentForIntent(tx, intent) : undefined;
    if (intent && !payment) payment = await sync.insertPayment(tx, row, invoice, intent);
    let failure: string | null = null;
    let newlySucceeded = false;
    if (payment && intent) {
      const outcome = await applyIntentToPayment(tx, payment, intent);
      payment = outcome.row;
      newlySucceeded = outcome.newlySucceeded;
      if (intent.lastError && intent.status === 'requires_payment_method') failure = intent.lastError.message;
    }
    const paidCardLast4 = intent?.status === 'succeeded' ? intent.cardLast4 : null;
    return { payment, newlySucceeded, result: await sync.apply(tx, row, { invoice, remote, payment, failure, paidCardLast4 }) };
  });
  if (synced.payment && synced.newlySucceeded) await publishPaymentSucceeded(services, synced.payment);
  return { row, invoice, payment: synced.payment, result: synced.result };
}

/** Refreshes our row of a provider subscription (the `customer.subscription.*` webhooks); one we do not know is left alone. */
export async function refreshProviderSubscription<Row extends { id: string }>(
  services: Services,
  providerSubscriptionId: string,
  find: (db: Db, providerSubscriptionId: string) => Promise<Row | undefined>,
  apply: (services: Services, rowId: string, remote: ProviderSubscription) => Promise<unknown>,
): Promise<void> {
  const row = await find(services.db, providerSubscriptionId);
  if (!row) return;
  const remote = await services.payments.retrieveSubscription(providerSubscriptionId);
  await apply(services, row.id, remote);
}

/** Our row before and after `apply`, in one transaction; undefined when the row is gone. */
export async function updateInTransaction<Row>(
  db: Db,
  load: (tx: Tx) => Promise<Row | undefined>,
  apply: (tx: Tx, before: Row) => Promise<Row>,
): Promise<{ before: Row; after: Row } | undefined> {
  return db.transaction(async (tx) => {
    const before = await load(tx);
    return before ? { before, after: await apply(tx, before) } : undefined;
  });
}
