import type { Db } from '@db/client';
import type {
  CreateIntentInput,
  CreateRecurringPriceInput,
  CreateSubscriptionInput,
  IntentMetadata,
  PaymentProvider,
  ProviderCoupon,
  ProviderCustomer,
  ProviderEvent,
  ProviderIntent,
  ProviderInvoice,
  ProviderSetupIntent,
  ProviderSubscription,
  SavedCardChargeInput,
  SubscriptionUpdate,
} from '../interface';
import { signWebhookPayload, verifyWebhookPayload } from '../webhook-signature';
import { renewDueSubscriptions } from './billing-clock';
import type { CardDetails } from './card-validation';
import { createPaymentMethod } from './cards';
import { localCoupons } from './coupons';
import { createCustomer } from './customers';
import { LocalEventDelivery, type EventSink } from './events';
import { LocalIntents, type LocalCardResult } from './intents';
import { LocalInvoices } from './invoices';
import { LocalObjectStore, randomId, type IntentObject, type PaymentMethodObject } from './store';
import { LocalSubscriptions } from './subscriptions';

/**
 * An offline provider that behaves like Stripe's test mode: intents with client secrets, customers,
 * monthly subscriptions with a setup fee on the first invoice, renewals that can fail, test cards and
 * tokens, and signed webhook events delivered to the app's own webhook handler.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;
  readonly publishableKey = null;
  readonly offersWallets = false;
  private readonly store: LocalObjectStore;
  private readonly events: LocalEventDelivery;
  private readonly invoices: LocalInvoices;
  private readonly intents: LocalIntents;
  private readonly subscriptions: LocalSubscriptions;

  constructor(
    db: Db,
    private readonly webhookSecret: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.store = new LocalObjectStore(db);
    this.events = new LocalEventDelivery(this.store, webhookSecret, now);
    this.invoices = new LocalInvoices(this.store);
    this.intents = new LocalIntents(this.store, this.invoices, this.events, now);
    this.subscriptions = new LocalSubscriptions(this.store, this.intents, this.invoices, this.events, now);
  }

  /** Where signed events go (the app's webhook handler), as Stripe would POST them. */
  setEventSink(sink: EventSink): void {
    this.events.setSink(sink);
  }

  async createCustomer(input: { email: string; name: string; userId: string }, idempotencyKey: string): Promise<ProviderCustomer> {
    return createCustomer(this.store, input, idempotencyKey);
  }

  async createPaymentIntent(input: CreateIntentInput, idempotencyKey: string): Promise<ProviderIntent> {
    return this.intents.create(input, idempotencyKey);
  }

  async retrievePaymentIntent(id: string): Promise<ProviderIntent> {
    return this.intents.retrieve(id);
  }

  /** The intent a client secret belongs to (constant-time compare of the secret). */
  async intentByClientSecret(clientSecret: string): Promise<IntentObject> {
    return this.intents.byClientSecret(clientSecret);
  }

  /** A payment method from the local card form (validated like Stripe.js); errors are `validation_error`s. */
  async createPaymentMethod(card: CardDetails): Promise<PaymentMethodObject> {
    return createPaymentMethod(this.store, card, this.now());
  }

  /** `POST /api/payment/local/confirm`: the card form's confirmation of an intent by its client secret. */
  async confirmCardPayment(clientSecret: string, card: CardDetails): Promise<LocalCardResult> {
    return this.intents.confirmCardPayment(clientSecret, card);
  }

  /** `POST /api/payment/local/authenticate`: the page's authentication step, completed or failed. */
  async authenticate(clientSecret: string, outcome: 'complete' | 'fail'): Promise<LocalCardResult> {
    return this.intents.authenticate(clientSecret, outcome);
  }

  async createSubscription(input: CreateSubscriptionInput, idempotencyKey: string): Promise<ProviderSubscription> {
    return this.subscriptions.create(input, idempotencyKey);
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription> {
    return this.subscriptions.retrieve(id);
  }

  async updateSubscription(id: string, update: SubscriptionUpdate, idempotencyKey: string): Promise<ProviderSubscription> {
    return this.subscriptions.update(id, update, idempotencyKey);
  }

  async createSetupIntent(input: { customerId: string; metadata: IntentMetadata }, idempotencyKey: string): Promise<ProviderSetupIntent> {
    return this.subscriptions.createSetupIntent(input, idempotencyKey);
  }

  async retrieveInvoice(id: string): Promise<ProviderInvoice> {
    return this.invoices.retrieve(id);
  }

  async listOpenInvoices(subscriptionId: string): Promise<ProviderInvoice[]> {
    return this.invoices.listOpen(subscriptionId);
  }

  async prepareInvoicePayment(invoiceId: string): Promise<ProviderInvoice> {
    return this.invoices.prepareForPayment(invoiceId);
  }

  /** A price object to name in subscriptions (the local subscription bills the cents it is created with). */
  async createRecurringPrice(input: CreateRecurringPriceInput, idempotencyKey: string): Promise<{ id: string }> {
    const price = await this.store.once('price', idempotencyKey, () => this.store.put('price', { id: randomId('price'), recurring: 'month', ...input }));
    return { id: price.id };
  }

  async payInvoice(invoiceId: string, idempotencyKey: string): Promise<ProviderInvoice> {
    return this.subscriptions.payInvoice(invoiceId, idempotencyKey);
  }

  async chargeSavedCard(subscriptionId: string, input: SavedCardChargeInput, idempotencyKey: string): Promise<ProviderIntent> {
    return this.subscriptions.chargeSavedCard(subscriptionId, input, idempotencyKey);
  }

  async cancelSubscription(id: string): Promise<ProviderSubscription> {
    return this.subscriptions.cancel(id);
  }

  /** The billing clock's tick (see billing-clock.ts); answers how many subscriptions it renewed. */
  async renewDueSubscriptions(): Promise<number> {
    const { subscriptions, intents, invoices, events } = this;
    return renewDueSubscriptions(this.store, { subscriptions, intents, invoices, events }, this.now());
  }

  async retrieveCoupon(id: string): Promise<ProviderCoupon | null> {
    return localCoupons.find((coupon) => coupon.id === id) ?? null;
  }

  verifyWebhook(rawBody: Buffer | string, signature: string | undefined): ProviderEvent {
    return verifyWebhookPayload(this.webhookSecret, rawBody, signature);
  }

  signWebhookPayload(payload: string): string {
    return signWebhookPayload(this.webhookSecret, payload);
  }
}
