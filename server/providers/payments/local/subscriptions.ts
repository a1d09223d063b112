import {
  PaymentProviderError,
  type CreateSubscriptionInput,
  type IntentMetadata,
  type ProviderIntent,
  type ProviderInvoice,
  type ProviderSetupIntent,
  type SavedCardChargeInput,
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

  async toSubscription(subscription: SubscriptionObject): Promise<ProviderSubscription> {
    const invoice = subscription.latestInvoiceId ? await this.store.get<InvoiceObject>('invoice', subscription.latestInvoiceId) : undefined;
    const method = subscription.defaultPaymentMethodId ? await this.store.get<PaymentMethodObject>('payment_method', subscription.defaultPaymentMethodId) : undefined;
    return {
      id: subscription.id,
      customerId: subscription.customerId,
      status: subscription.status,
      currentPeriodStart: subscription.currentPeriodStart,
      currentPeriodEnd: subscription.currentPeriodEnd,
      latestInvoice: invoice ? await this.invoices.toInvoice(invoice) : null,
      cardLast4: method?.last4 ?? null,
      cancelAtPeriodEnd: !!subscription.cancelAtPeriodEnd,
    };
  }

  /** The subscription's invoice for its current period, with the intent that pays it (call inside a transaction). */
  async openInvoice(subscription: SubscriptionObject, reason: ProviderInvoice['billingReason'], setUpFeeCents: number): Promise<InvoiceObject> {
    const invoiceId = randomId('in');
    const intent = await this.intents.open({
      amountCents: subscription.priceCents + setUpFeeCents,
      currency: 'cad',
      description: subscription.description,
      metadata: { ...subscription.metadata, invoice_id: invoiceId, subscription_id: subscription.id, billing_reason: reason },
      customerId: subscription.customerId,
      invoiceId,
    });
    const invoice = await this.store.put<InvoiceObject>('invoice', {
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
    await this.store.put('subscription', subscription);
    return invoice;
  }

  async create(input: CreateSubscriptionInput, idempotencyKey: string): Promise<ProviderSubscription> {
    // The subscription and its first invoice in one transaction (a retry sees both or neither); the charge after it.
    const { subscription, method, invoice } = await this.store.transaction(async () => {
      await requireCustomer(this.store, input.customerId);
      const method = input.paymentMethodId ? await paymentMethodFromToken(this.store, input.paymentMethodId) : null;
      let created = false;
      const subscription = await this.store.once('subscription', idempotencyKey, () => {
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
      const invoice = created ? await this.openInvoice(subscription, 'subscription_create', input.setUpFeePriceId ? input.setUpFeeCents : 0) : null;
      return { subscription, method, invoice };
    });
    if (method && invoice?.paymentIntentId) await this.intents.confirmWithPaymentMethod(invoice.paymentIntentId, method);
    return this.toSubscription((await this.store.get<SubscriptionObject>('subscription', subscription.id)) ?? subscription);
  }

  async retrieve(id: string): Promise<ProviderSubscription> {
    return this.toSubscription(await this.require(id));
  }

  /**
   * Cancels at the period's end (or undoes it) and changes the card, as Stripe's subscription update does;
   * a card that would be declined is refused (Stripe checks it when the SetupIntent confirms). Announces
   * `customer.subscription.updated`. A repeated idempotency key answers without changing anything again.
   */
  async update(id: string, update: SubscriptionUpdate, idempotencyKey: string): Promise<ProviderSubscription> {
    const key = `idem_subscription_update_${idempotencyKey}`;
    // Read, check and write of the subscription (and its idempotency key) in one transaction; the event after it.
    const { subscription, replayed } = await this.store.transaction(async () => {
      const subscription = await this.require(id);
      if (await this.store.get('idempotency', key)) return { subscription, replayed: true };
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
        const message = 'A canceled subscription can only update its cancellation_reason and cancellation_details.';
        throw new PaymentProviderError(message, { type: 'invalid_request_error', message }, 400);
      }
      if (update.paymentMethodId !== undefined) {
        const method = await paymentMethodFromToken(this.store, update.paymentMethodId);
        const behavior = behaviorOf(method);
        if (behavior.kind === 'declines') throw new PaymentProviderError(behavior.message, declineErrorOf(behavior));
        subscription.defaultPaymentMethodId = method.id;
      }
      if (update.cancelAtPeriodEnd !== undefined) subscription.cancelAtPeriodEnd = update.cancelAtPeriodEnd;
      // The renewals bill the new price; nothing is prorated (the app charges a change's difference itself).
      if (update.price !== undefined) {
        subscription.priceId = update.price.id;
        subscription.priceCents = update.price.cents;
      }
      await this.store.put('subscription', subscription);
      await this.store.put('idempotency', { id: key, objectId: subscription.id });
      return { subscription, replayed: false };
    });
    if (!replayed) await this.events.subscription('customer.subscription.updated', subscription);
    return this.toSubscription(subscription);
  }

  /**
   * Charges an open invoice with the subscription's saved card, as the billing clock's renewal does (a `later_declines`
   * card declines). A repeated idempotency key, or an invoice no longer open, answers without charging again.
   */
  async payInvoice(invoiceId: string, idempotencyKey: string): Promise<ProviderInvoice> {
    const key = `idem_invoice_pay_${idempotencyKey}`;
    // The "already paid or tried?" check and the idempotency key in one transaction; the charge after it.
    const { invoice, charge, method } = await this.store.transaction(async () => {
      const invoice = await this.store.get<InvoiceObject>('invoice', invoiceId);
      if (!invoice) throw notFound('invoice', invoiceId);
      if (invoice.status !== 'open' || (await this.store.get('idempotency', key))) return { invoice, charge: false, method: undefined };
      // Kept even when the subscription turns out to have no card (the refusal below comes after the commit).
      await this.store.put('idempotency', { id: key, objectId: invoice.id });
      const subscription = await this.require(invoice.subscriptionId);
      const method = subscription.defaultPaymentMethodId ? await this.store.get<PaymentMethodObject>('payment_method', subscription.defaultPaymentMethodId) : undefined;
      return { invoice, charge: true, method };
    });
    if (!charge) return this.invoices.toInvoice(invoice);
    if (!method) {
      const message = 'This customer has no attached payment source or default payment method.';
      throw new PaymentProviderError(message, { type: 'invalid_request_error', code: 'invoice_no_payment_method_types', message }, 400);
    }
    if (invoice.paymentIntentId) await this.intents.confirmWithPaymentMethod(invoice.paymentIntentId, method, true);
    return this.invoices.retrieve(invoice.id);
  }

  /**
   * A one-off charge with the subscription's saved card, off session (a payment intent of its customer): declines and
   * cards that would ask for authentication answer the intent with its last error.
   */
  async chargeSavedCard(subscriptionId: string, input: SavedCardChargeInput, idempotencyKey: string): Promise<ProviderIntent> {
    const subscription = await this.require(subscriptionId);
    if (!subscription.defaultPaymentMethodId) {
      const message = 'This customer has no attached payment source or default payment method.';
      throw new PaymentProviderError(message, { type: 'invalid_request_error', code: 'payment_method_missing', message }, 400);
    }
    return this.intents.create({ ...input, customerId: subscription.customerId, paymentMethodId: subscription.defaultPaymentMethodId, offSession: true }, idempotencyKey);
  }

  /** Ends the subscription now (`DELETE /v1/subscriptions/{id}`), announcing `customer.subscription.deleted` once. */
  async cancel(id: string): Promise<ProviderSubscription> {
    const { subscription, canceled } = await this.store.transaction(async () => {
      const subscription = await this.require(id);
      if (subscription.status === 'canceled') return { subscription, canceled: false };
      subscription.status = 'canceled';
      subscription.canceledAt = this.now().toISOString();
      await this.store.put('subscription', subscription);
      return { subscription, canceled: true };
    });
    if (canceled) await this.events.subscription('customer.subscription.deleted', subscription);
    return this.toSubscription(subscription);
  }

  /** A SetupIntent (the local card form saves cards through `POST /api/payment/local/payment-methods` instead). */
  async createSetupIntent(input: { customerId: string; metadata: IntentMetadata }, idempotencyKey: string): Promise<ProviderSetupIntent> {
    await requireCustomer(this.store, input.customerId);
    const setupIntent = await this.store.once('setup_intent', idempotencyKey, () => {
      const id = randomId('seti');
      return this.store.put('setup_intent', { id, clientSecret: clientSecretFor(id), customerId: input.customerId, metadata: input.metadata });
    });
    return { id: setupIntent.id, clientSecret: setupIntent.clientSecret };
  }

  private async require(id: string): Promise<SubscriptionObject> {
    const subscription = await this.store.get<SubscriptionObject>('subscription', id);
    if (!subscription) throw notFound('subscription', id);
    return subscription;
  }
}
