import type { PaymentErrorDetails, PaymentProviderName } from '@db/schema/payments';

/** Stripe's PaymentIntent statuses (the set both providers answer with). */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export type IntentMetadata = Record<string, string>;

export interface ProviderIntent {
  id: string;
  clientSecret: string;
  amountCents: number;
  currency: string;
  status: IntentStatus;
  metadata: IntentMetadata;
  lastError: PaymentErrorDetails | null;
  /** The provider's fee once the charge exists (null while unknown). */
  feeCents: number | null;
  cardLast4: string | null;
  /** The payment method used (saved for renewals). */
  paymentMethodId: string | null;
}

export interface ProviderCustomer {
  id: string;
  email: string;
}

export interface ProviderInvoice {
  id: string;
  subscriptionId: string;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  billingReason: 'subscription_create' | 'subscription_cycle' | 'manual';
  amountDueCents: number;
  /** The setup fee line (first invoice only). */
  setUpFeeCents: number;
  subscriptionCents: number;
  periodStart: string;
  periodEnd: string;
  paymentIntentId: string | null;
  clientSecret: string | null;
}

export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: 'incomplete' | 'incomplete_expired' | 'active' | 'past_due' | 'unpaid' | 'canceled' | 'trialing' | 'paused';
  currentPeriodStart: string;
  currentPeriodEnd: string;
  latestInvoice: ProviderInvoice | null;
  cardLast4: string | null;
  /** Ends at `currentPeriodEnd` instead of renewing (Stripe's `cancel_at_period_end`). */
  cancelAtPeriodEnd: boolean;
}

/** What a subscriber may change on their subscription: cancel at the period's end (or undo it), the card it charges. */
export interface SubscriptionUpdate {
  cancelAtPeriodEnd?: boolean | undefined;
  /** A payment method of the subscription's customer (a SetupIntent's, or the local card form's). */
  paymentMethodId?: string | undefined;
  /**
   * Another monthly price (its provider id, and our cents for the local provider), billed from the next renewal on
   * with no proration: what the period's change costs is the app's to charge (a membership's tier change).
   */
  price?: { id: string; cents: number } | undefined;
}

/** A one-off charge with a subscription's saved card, made without the payer present (a membership's upgrade). */
export interface SavedCardChargeInput {
  amountCents: number;
  currency: 'cad';
  description: string;
  metadata: IntentMetadata;
}

/** A SetupIntent: the browser confirms a card with its client secret (Stripe Elements) without paying. */
export interface ProviderSetupIntent {
  id: string;
  clientSecret: string;
}

export interface ProviderCoupon {
  id: string;
  name: string | null;
  percentOff: number | null;
  amountOffCents: number | null;
  currency: string | null;
  duration: 'forever' | 'once' | 'repeating';
  durationInMonths: number | null;
  valid: boolean;
}

/** A verified webhook event in Stripe's shape (`data.object` is the provider's raw object). */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The object named by the event: an intent, invoice or subscription id. */
  objectId: string;
  objectType: 'payment_intent' | 'invoice' | 'customer.subscription' | 'other';
}

export interface CreateIntentInput {
  amountCents: number;
  currency: 'cad';
  description: string;
  metadata: IntentMetadata;
  email?: string | undefined;
  customerId?: string | undefined;
  /** Confirm at once with this payment method or wallet token (the `...-with-token` calls). */
  paymentMethodId?: string | undefined;
  /** Charged without the payer present (a saved card, Stripe's `off_session`): the bank cannot ask them to authenticate. */
  offSession?: boolean | undefined;
}

export interface CreateSubscriptionInput {
  customerId: string;
  /** The provider's monthly price, and our cents for the local provider. */
  priceId: string;
  priceCents: number;
  /** Added to the first invoice as an invoice item. */
  setUpFeePriceId: string | null;
  setUpFeeCents: number;
  metadata: IntentMetadata;
  /** Charge this payment method now; without it the first invoice waits for the card form (client secret). */
  paymentMethodId?: string | undefined;
  description: string;
}

/** A recurring monthly price of its own product (a creator's membership tier at one price). */
export interface CreateRecurringPriceInput {
  productName: string;
  amountCents: number;
  currency: 'cad';
  metadata: IntentMetadata;
}

/** A failure the provider reports (a declined card, an unknown id): shown to the user as is. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly details: PaymentErrorDetails,
    readonly statusCode = 402,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export class WebhookSignatureError extends Error {
  constructor(message = 'Invalid webhook signature') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/**
 * What the payments domain needs from a card provider. Every create takes an idempotency key so a
 * retried request never creates a second object.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** For the browser: Stripe Elements runs only with a publishable key. */
  readonly publishableKey: string | null;
  /** Whether the browser can pay with a wallet (Apple Pay / Google Pay) through this provider. */
  readonly offersWallets: boolean;
  createCustomer(input: { email: string; name: string; userId: string }, idempotencyKey: string): Promise<ProviderCustomer>;
  createPaymentIntent(input: CreateIntentInput, idempotencyKey: string): Promise<ProviderIntent>;
  retrievePaymentIntent(id: string): Promise<ProviderIntent>;
  createSubscription(input: CreateSubscriptionInput, idempotencyKey: string): Promise<ProviderSubscription>;
  retrieveSubscription(id: string): Promise<ProviderSubscription>;
  /** Changes a subscription (cancel at period end, resume, the default card) and answers it as it is now. */
  updateSubscription(id: string, update: SubscriptionUpdate, idempotencyKey: string): Promise<ProviderSubscription>;
  /** A SetupIntent for the customer, to save a new card for their subscriptions. */
  createSetupIntent(input: { customerId: string; metadata: IntentMetadata }, idempotencyKey: string): Promise<ProviderSetupIntent>;
  retrieveInvoice(id: string): Promise<ProviderInvoice>;
  /** The subscription's open invoices, oldest first. */
  listOpenInvoices(subscriptionId: string): Promise<ProviderInvoice[]>;
  /** Readies an open invoice for the card form (its intent's client secret). */
  prepareInvoicePayment(invoiceId: string, idempotencyKey: string): Promise<ProviderInvoice>;
  retrieveCoupon(id: string): Promise<ProviderCoupon | null>;
  /** A monthly price (and its product) for subscriptions on prices made at run time: membership tiers. */
  createRecurringPrice(input: CreateRecurringPriceInput, idempotencyKey: string): Promise<{ id: string }>;
  /**
   * Charges an open invoice now with its subscription's saved card (Stripe's `POST /v1/invoices/{id}/pay`): a retry of
   * a failed renewal. A decline is not thrown: the answer is the invoice as it is after the attempt (still open).
   */
  payInvoice(invoiceId: string, idempotencyKey: string): Promise<ProviderInvoice>;
  /**
   * Charges the subscription's saved card once, now, off session (a payment intent of its customer, outside the
   * subscription's invoices). A decline is not thrown: the answer is the intent with its last error.
   */
  chargeSavedCard(subscriptionId: string, input: SavedCardChargeInput, idempotencyKey: string): Promise<ProviderIntent>;
  /** Ends a subscription now (no further invoices or retries), announcing `customer.subscription.deleted`. */
  cancelSubscription(id: string, idempotencyKey: string): Promise<ProviderSubscription>;
  /** Checks the signature over the exact raw body; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer | string, signature: string | undefined): ProviderEvent;
  /** Signs a payload the way this provider's webhooks are signed (tests and the local provider). */
  signWebhookPayload(payload: string): string;
  /**
   * Optional: where a provider that simulates the card network delivers its signed events (the local provider; the
   * app's webhook handler, as Stripe would POST them). Providers that POST real webhooks leave it out.
   */
  setEventSink?(sink: PaymentEventSink): void;
  /**
   * Optional: renews the subscriptions due now and answers how many (the local provider's billing clock, run every
   * minute by the payments domain). Providers that renew by themselves (Stripe) leave it out.
   */
  renewDueSubscriptions?(): Promise<number>;
}

/** Receives a provider's signed event: the raw body and its signature, as a webhook request carries them. */
export type PaymentEventSink = (rawBody: string, signature: string) => Promise<void>;

/** Stripe's published card price for Canada, used by `local` (and when the provider reports no fee): 2.9% + 30¢. */
export function publishedCardFeeCents(amountCents: number): number {
  return Math.min(amountCents, Math.round((amountCents * 29) / 1000) + 30);
}
