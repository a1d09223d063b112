import {
  PaymentProviderError,
  type CreateSubscriptionInput,
  type IntentMetadata,
  type ProviderInvoice,
  type ProviderSetupIntent,
  type ProviderSubscription,
  type SubscriptionUpdate,
} from '../interface';
import { behaviorOf, declineErrorOf, paymentMethodFromToken } from './cards';
import { requireCustomer } from './customers';
import type { LocalEventDelivery } from './events';
import type { LocalIntents } from './intents';
import type { LocalInvoices } from './invoices';
import {
  clientSecretFor,
  notFound,
  randomId,
  type InvoiceObject,
  type LocalObjectStore,
  type PaymentMethodObject,
  type SubscriptionObject,
} from './store';

/** Adds whole months (clamped to the month's last day), as Stripe's monthly billing does. */
export function addMonths(iso: string, months: number): string {
  const date = new Date(iso);
  const day = date.getUTCDate();
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString();
}

/** Monthly subscriptions: a setup fee on the first invoice, cancel at the period's end, the card renewals charge. */
export class LocalSubscriptions {
  constructor(
    private readonly store: LocalObjectStore,
    private readonly intents: LocalIntents,
    private readonly invoices: LocalInvoices,
    private readonly events: LocalEventDelivery,
    private readonly now: () => Date,
  ) {}

  toSubscription(subscription: SubscriptionObject): ProviderSubscription {
    const invoice = subscription.latestInvoiceId ? this.store.get<InvoiceObject>('invoice', subscription.latestInvoiceId) : undefined;
    const method = subscription.defaultPaymentMethodId ? this.store.get<PaymentMethodObject>('payment_method', subscription.defaultPaymentMethodId) : undefined;
    return {
      id: subscription.id,
      customerId: subscription.customerId,
      status: subscription.status,
      currentPeriodStart: subscription.currentPeriodStart,
      currentPeriodEnd: subscription.currentPeriodEnd,
      latestInvoice: invoice ? this.invoices.toInvoice(invoice) : null,
      cardLast4: method?.last4 ?? null,
      cancelAtPeriodEnd: !!subscription.cancelAtPeriodEnd,
    };
  }

  /** The subscription's invoice for its current period, with the intent that pays it. */
  openInvoice(subscription: SubscriptionObject, reason: ProviderInvoice['billingReason'], setUpFeeCents: number): InvoiceObject {
    const invoiceId = randomId('in');
    const intent = this.intents.open({
      amountCents: subscription.priceCents + setUpFeeCents,
      currency: 'cad',
      description: subscription.description,
      metadata: { ...subscription.metadata, invoice_id: invoiceId, subscription_id: subscription.id, billing_reason: reason },
      customerId: subscription.customerId,
      invoiceId,
    });
    const invoice = this.store.put<InvoiceObject>('invoice', {
      id: invoiceId,
      subscriptionId: subscription.id,
      status: 'open',
      billingReason: reason,
      subscriptionCents: subscription.priceCents,
      setUpFeeCents,
      periodStart: subscription.currentPeriodStart,
      periodEnd: subscription.currentPeriodEnd,
      paymentIntentId: intent.id,
    });
    subscription.latestInvoiceId = invoice.id;
    this.store.put('subscription', subscription);
    return invoice;
  }

  async create(input: CreateSubscriptionInput, idempotencyKey: string): Promise<ProviderSubscription> {
    requireCustomer(this.store, input.customerId);
    const method = input.paymentMethodId ? paymentMethodFromToken(this.store, input.paymentMethodId) : null;
    let created = false;
    const subscription = this.store.once('subscription', idempotencyKey, () => {
      created = true;
      const start = this.now().toISOString();
      return this.store.put<SubscriptionObject>('subscription', {
        id: randomId('sub'),
        customerId: input.customerId,
        priceId: input.priceId,
        priceCents: input.priceCents,
        status: 'incomplete',
        currentPeriodStart: start,
        currentPeriodEnd: addMonths(start, 1),
        latestInvoiceId: null,
        defaultPaymentMethodId: method?.id ?? null,
        metadata: input.metadata,
        description: input.description,
      });
    });
    if (created) {
      const invoice = this.openInvoice(subscription, 'subscription_create', input.setUpFeePriceId ? input.setUpFeeCents : 0);
      if (method && invoice.paymentIntentId) await this.intents.confirmWithPaymentMethod(invoice.paymentIntentId, method);
    }
    return this.toSubscription(this.store.get<SubscriptionObject>('subscription', subscription.id) ?? subscription);
  }

  retrieve(id: string): ProviderSubscription {
    return this.toSubscription(this.require(id));
  }

  /**
   * Cancels at the period's end (or undoes it) and changes the card, as Stripe's subscription update does;
   * a card that would be declined is refused (Stripe checks it when the SetupIntent confirms). Announces
   * `customer.subscription.updated`. A repeated idempotency key answers without changing anything again.
   */
  async update(id: string, update: SubscriptionUpdate, idempotencyKey: string): Promise<ProviderSubscription> {
    const subscription = this.require(id);
    const key = `idem_subscription_update_${idempotencyKey}`;
    if (this.store.get('idempotency', key)) return this.toSubscription(subscription);
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
      const message = 'A canceled subscription can only update its cancellation_reason and cancellation_details.';
      throw new PaymentProviderError(message, { type: 'invalid_request_error', message }, 400);
    }
    if (update.paymentMethodId !== undefined) {
      const method = paymentMethodFromToken(this.store, update.paymentMethodId);
      const behavior = behaviorOf(method);
      if (behavior.kind === 'declines') throw new PaymentProviderError(behavior.message, declineErrorOf(behavior));
      subscription.defaultPaymentMethodId = method.id;
    }
    if (update.cancelAtPeriodEnd !== undefined) subscription.cancelAtPeriodEnd = update.cancelAtPeriodEnd;
    this.store.put('subscription', subscription);
    this.store.put('idempotency', { id: key, objectId: subscription.id });
    await this.events.subscription('customer.subscription.updated', subscription);
    return this.toSubscription(subscription);
  }

  /**
   * Charges an open invoice with the subscription's saved card, as the billing clock's renewal does (a `later_declines`
   * card declines). A repeated idempotency key, or an invoice no longer open, answers without charging again.
   */
  async payInvoice(invoiceId: string, idempotencyKey: string): Promise<ProviderInvoice> {
    const invoice = this.store.get<InvoiceObject>('invoice', invoiceId);
    if (!invoice) throw notFound('invoice', invoiceId);
    const key = `idem_invoice_pay_${idempotencyKey}`;
    if (invoice.status !== 'open' || this.store.get('idempotency', key)) return this.invoices.toInvoice(invoice);
    this.store.put('idempotency', { id: key, objectId: invoice.id });
    const subscription = this.require(invoice.subscriptionId);
    const method = subscription.defaultPaymentMethodId ? this.store.get<PaymentMethodObject>('payment_method', subscription.defaultPaymentMethodId) : undefined;
    if (!method) {
      const message = 'This customer has no attached payment source or default payment method.';
      throw new PaymentProviderError(message, { type: 'invalid_request_error', code: 'invoice_no_payment_method_types', message }, 400);
    }
    if (invoice.paymentIntentId) await this.intents.confirmWithPaymentMethod(invoice.paymentIntentId, method, true);
    return this.invoices.retrieve(invoice.id);
  }

  /** Ends the subscription now (`DELETE /v1/subscriptions/{id}`), announcing `customer.subscription.deleted` once. */
  async cancel(id: string): Promise<ProviderSubscription> {
    const subscription = this.require(id);
    if (subscription.status === 'canceled') return this.toSubscription(subscription);
    subscription.status = 'canceled';
    subscription.canceledAt = this.now().toISOString();
    this.store.put('subscription', subscription);
    await this.events.subscription('customer.subscription.deleted', subscription);
    return this.toSubscription(subscription);
  }

  /** A SetupIntent (the local card form saves cards through `POST /api/payment/local/payment-methods` instead). */
  createSetupIntent(input: { customerId: string; metadata: IntentMetadata }, idempotencyKey: string): ProviderSetupIntent {
    requireCustomer(this.store, input.customerId);
    const setupIntent = this.store.once('setup_intent', idempotencyKey, () => {
      const id = randomId('seti');
      return this.store.put('setup_intent', { id, clientSecret: clientSecretFor(id), customerId: input.customerId, metadata: input.metadata });
    });
    return { id: setupIntent.id, clientSecret: setupIntent.clientSecret };
  }

  private require(id: string): SubscriptionObject {
    const subscription = this.store.get<SubscriptionObject>('subscription', id);
    if (!subscription) throw notFound('subscription', id);
    return subscription;
  }
}
