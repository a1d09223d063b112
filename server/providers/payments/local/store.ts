import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { localProviderObjects } from '@db/schema/payments';
import { PaymentProviderError, type IntentMetadata, type ProviderIntent, type ProviderInvoice, type ProviderSubscription } from '../interface';

export interface PaymentMethodObject {
  id: string;
  brand: string;
  last4: string;
  number: string;
}

/** A stored intent: what the provider answers, and what it bills (description, customer, invoice). */
export interface IntentObject extends ProviderIntent {
  description: string;
  customerId: string | null;
  invoiceId: string | null;
}

export interface InvoiceObject {
  id: string;
  subscriptionId: string;
  status: ProviderInvoice['status'];
  billingReason: ProviderInvoice['billingReason'];
  subscriptionCents: number;
  setUpFeeCents: number;
  periodStart: string;
  periodEnd: string;
  paymentIntentId: string | null;
}

export interface SubscriptionObject {
  id: string;
  customerId: string;
  priceId: string;
  priceCents: number;
  status: ProviderSubscription['status'];
  currentPeriodStart: string;
  currentPeriodEnd: string;
  latestInvoiceId: string | null;
  defaultPaymentMethodId: string | null;
  metadata: IntentMetadata;
  description: string;
  /** Ends at the period's end instead of renewing (absent on objects stored before it existed). */
  cancelAtPeriodEnd?: boolean;
  canceledAt?: string | null;
}

/** The local provider's own objects (customers, intents, invoices, ...), one JSON row each, by id and type. */
export class LocalObjectStore {
  constructor(private readonly db: Db) {}

  async get<T>(type: string, id: string): Promise<T | undefined> {
    const row = await firstRow(this.db.select().from(localProviderObjects).where(eq(localProviderObjects.id, id)));
    return row && row.type === type ? (row.data as T) : undefined;
  }

  async put<T extends { id: string }>(type: string, object: T): Promise<T> {
    await this.db
      .insert(localProviderObjects)
      .values({ id: object.id, type, data: object as unknown as Record<string, unknown> })
      .onConflictDoUpdate({ target: localProviderObjects.id, set: { data: object as unknown as Record<string, unknown> } });
    return object;
  }

  async list<T>(type: string): Promise<T[]> {
    return (await this.db.select().from(localProviderObjects).where(eq(localProviderObjects.type, type))).map((row) => row.data as T);
  }

  /**
   * Runs `work` (database statements of this store only, never event deliveries) in one transaction, so a
   * read-check-write of the provider's objects is not interleaved with another request's; a nested call joins.
   */
  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.db.transaction(() => work());
  }

  /** Runs a create once per idempotency key, answering the first result to every retry (`create` only stores objects). */
  once<T extends { id: string }>(type: string, idempotencyKey: string, create: () => Promise<T>): Promise<T> {
    const key = `idem_${type}_${idempotencyKey}`;
    return this.transaction(async () => {
      const known = await this.get<{ id: string; objectId: string }>('idempotency', key);
      if (known) {
        const existing = await this.get<T>(type, known.objectId);
        if (existing) return existing;
      }
      const created = await create();
      await this.put('idempotency', { id: key, objectId: created.id });
      return created;
    });
  }
}

export function randomId(prefix: string): string {
  return `${prefix}_local_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/** A client secret in Stripe's form: the object's id, `_secret_`, random characters. */
export function clientSecretFor(id: string): string {
  return `${id}_secret_${randomBytes(16).toString('base64url').replace(/[-_]/g, 'x')}`;
}

export function notFound(kind: string, id: string): PaymentProviderError {
  const message = `No such ${kind}: '${id}'`;
  return new PaymentProviderError(message, { type: 'invalid_request_error', code: 'resource_missing', message }, 404);
}

export function unexpectedState(message: string): PaymentProviderError {
  return new PaymentProviderError(message, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message }, 400);
}
