import { randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { localProviderObjects, type PaymentErrorDetails } from '@db/schema/payments';
import {
  PaymentProviderError,
  publishedCardFeeCents,
  type CreateIntentInput,
  type CreateSubscriptionInput,
  type IntentMetadata,
  type IntentStatus,
  type PaymentProvider,
  type ProviderCoupon,
  type ProviderCustomer,
  type ProviderEvent,
  type ProviderIntent,
  type ProviderInvoice,
  type ProviderSetupIntent,
  type ProviderSubscription,
  type SubscriptionUpdate,
} from './interface';
import { signWebhookPayload, verifyWebhookPayload } from './webhook-signature';

/** What a test card does when charged (Stripe's test cards; `later_declines` is local: see docs). */
type CardBehavior =
  | { kind: 'succeeds' }
  | { kind: 'declines'; code: string; declineCode?: string; message: string }
  | { kind: 'authenticates' }
  | { kind: 'later_declines' };

const declined = (declineCode: string, message: string, code = 'card_declined'): CardBehavior => ({ kind: 'declines', code, declineCode, message });

/** The card numbers `local` knows, as in Stripe's test mode (https://docs.stripe.com/testing). */
export const localTestCards: Record<string, { brand: string; behavior: CardBehavior }> = {
  '4242424242424242': { brand: 'visa', behavior: { kind: 'succeeds' } },
  '4000056655665556': { brand: 'visa', behavior: { kind: 'succeeds' } },
  '5555555555554444': { brand: 'mastercard', behavior: { kind: 'succeeds' } },
  '378282246310005': { brand: 'amex', behavior: { kind: 'succeeds' } },
  '6011111111111117': { brand: 'discover', behavior: { kind: 'succeeds' } },
  '3566002020360505': { brand: 'jcb', behavior: { kind: 'succeeds' } },
  '4000000000000002': { brand: 'visa', behavior: declined('generic_decline', 'Your card was declined.') },
  '4000000000009995': { brand: 'visa', behavior: declined('insufficient_funds', 'Your card has insufficient funds.') },
  '4000000000000069': { brand: 'visa', behavior: { kind: 'declines', code: 'expired_card', message: 'Your card has expired.' } },
  '4000000000000127': { brand: 'visa', behavior: { kind: 'declines', code: 'incorrect_cvc', message: "Your card's security code is incorrect." } },
  '4000002500003155': { brand: 'visa', behavior: { kind: 'authenticates' } },
  '4000000000000341': { brand: 'visa', behavior: { kind: 'later_declines' } },
};

/** Stripe's test tokens and payment methods, as wallets and `...-with-token` calls send them. */
const testTokens: Record<string, string> = {
  tok_visa: '4242424242424242',
  pm_card_visa: '4242424242424242',
  tok_mastercard: '5555555555554444',
  pm_card_mastercard: '5555555555554444',
  tok_amex: '378282246310005',
  pm_card_amex: '378282246310005',
  tok_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclined: '4000000000000002',
  tok_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  tok_threeDSecure2Required: '4000002500003155',
  pm_card_threeDSecure2Required: '4000002500003155',
};

const nonTestCard = declined(
  'test_mode_live_card',
  'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
);

export const authenticationFailedError: PaymentErrorDetails = {
  type: 'card_error',
  code: 'payment_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

/** Built-in coupons of the local provider. */
const localCoupons: ProviderCoupon[] = [
  { id: 'LAUNCH20', name: 'Launch 20% off', percentOff: 20, amountOffCents: null, currency: null, duration: 'once', durationInMonths: null, valid: true },
  { id: 'CREATOR5', name: '$5 off for 3 months', percentOff: null, amountOffCents: 500, currency: 'cad', duration: 'repeating', durationInMonths: 3, valid: true },
  { id: 'EXPIRED10', name: 'Expired 10% off', percentOff: 10, amountOffCents: null, currency: null, duration: 'once', durationInMonths: null, valid: false },
];

export interface CardDetails {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

export interface LocalCardResult {
  status: 'succeeded' | 'requires_action' | 'requires_payment_method';
  error?: PaymentErrorDetails;
}

interface PaymentMethodObject {
  id: string;
  brand: string;
  last4: string;
  number: string;
}

interface IntentObject {
  id: string;
  clientSecret: string;
  amountCents: number;
  currency: string;
  status: IntentStatus;
  metadata: IntentMetadata;
  description: string;
  customerId: string | null;
  invoiceId: string | null;
  lastError: PaymentErrorDetails | null;
  paymentMethodId: string | null;
  cardLast4: string | null;
  feeCents: number | null;
}

interface InvoiceObject {
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

interface SubscriptionObject {
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

/** Where the local provider delivers its signed events (the app's webhook handler). */
export type EventSink = (rawBody: string, signature: string) => Promise<void>;

/** Adds whole months (clamped to the month's last day), as Stripe's monthly billing does. */
export function addMonths(iso: string, months: number): string {
  const date = new Date(iso);
  const day = date.getUTCDate();
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString();
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function validationError(code: string, message: string): PaymentErrorDetails {
  return { type: 'validation_error', code, message };
}

/** Checks a card the way Stripe.js does before it reaches the server; null when it is complete and valid. */
export function validateCard(card: Omit<CardDetails, 'name'>, now = new Date()): PaymentErrorDetails | null {
  const number = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(number) || number.length < 13) return validationError('incomplete_number', 'Your card number is incomplete.');
  if (number.length > 19 || !luhnValid(number)) return validationError('invalid_number', 'Your card number is invalid.');
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    return validationError('invalid_expiry_month', "Your card's expiration month is invalid.");
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisYear = now.getUTCFullYear();
  if (year < thisYear) return validationError('invalid_expiry_year_past', "Your card's expiration year is in the past.");
  if (year === thisYear && card.expMonth < now.getUTCMonth() + 1) {
    return validationError('invalid_expiry_month_past', "Your card's expiration date is in the past.");
  }
  if (year > thisYear + 50) return validationError('invalid_expiry_year', "Your card's expiration year is invalid.");
  const cvcLength = number.startsWith('34') || number.startsWith('37') ? 4 : 3;
  if (!/^\d+$/.test(card.cvc) || card.cvc.length < cvcLength) return validationError('incomplete_cvc', "Your card's security code is incomplete.");
  if (card.cvc.length > cvcLength) return validationError('invalid_cvc', "Your card's security code is invalid.");
  return null;
}

function randomId(prefix: string): string {
  return `${prefix}_local_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

function notFound(kind: string, id: string): PaymentProviderError {
  const message = `No such ${kind}: '${id}'`;
  return new PaymentProviderError(message, { type: 'invalid_request_error', code: 'resource_missing', message }, 404);
}

function unexpectedState(message: string): PaymentProviderError {
  return new PaymentProviderError(message, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message }, 400);
}

/**
 * An offline provider that behaves like Stripe's test mode: intents with client secrets, customers,
 * monthly subscriptions with a setup fee on the first invoice, renewals that can fail, test cards and
 * tokens, and signed webhook events delivered to the app's own webhook handler.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;
  readonly publishableKey = null;
  readonly offersWallets = false;
  private sink: EventSink | null = null;

  constructor(
    private readonly db: Db,
    private readonly webhookSecret: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Where signed events go (the app's webhook handler), as Stripe would POST them. */
  setEventSink(sink: EventSink): void {
    this.sink = sink;
  }

  // Storage of the provider's own objects.
  private get<T>(type: string, id: string): T | undefined {
    const row = this.db.select().from(localProviderObjects).where(eq(localProviderObjects.id, id)).get();
    return row && row.type === type ? (row.data as T) : undefined;
  }

  private put<T extends { id: string }>(type: string, object: T): T {
    this.db
      .insert(localProviderObjects)
      .values({ id: object.id, type, data: object as unknown as Record<string, unknown> })
      .onConflictDoUpdate({ target: localProviderObjects.id, set: { data: object as unknown as Record<string, unknown> } })
      .run();
    return object;
  }

  private list<T>(type: string): T[] {
    return this.db.select().from(localProviderObjects).where(eq(localProviderObjects.type, type)).all().map((row) => row.data as T);
  }

  /** Runs a create once per idempotency key, answering the first result to every retry. */
  private once<T extends { id: string }>(type: string, idempotencyKey: string, create: () => T): T {
    const key = `idem_${type}_${idempotencyKey}`;
    const known = this.get<{ id: string; objectId: string }>('idempotency', key);
    if (known) {
      const existing = this.get<T>(type, known.objectId);
      if (existing) return existing;
    }
    const created = create();
    this.put('idempotency', { id: key, objectId: created.id });
    return created;
  }

  private requireIntent(id: string): IntentObject {
    const intent = this.get<IntentObject>('payment_intent', id);
    if (!intent) throw notFound('payment_intent', id);
    return intent;
  }

  /** The intent a client secret belongs to (constant-time compare of the secret). */
  intentByClientSecret(clientSecret: string): IntentObject {
    const id = clientSecret.split('_secret_')[0] ?? '';
    const intent = this.get<IntentObject>('payment_intent', id);
    const expected = Buffer.from(intent?.clientSecret ?? '');
    const given = Buffer.from(clientSecret);
    if (!intent || expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new PaymentProviderError('No such payment_intent client secret', {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: 'No such payment_intent client secret',
      }, 404);
    }
    return intent;
  }

  private toIntent(intent: IntentObject): ProviderIntent {
    return {
      id: intent.id,
      clientSecret: intent.clientSecret,
      amountCents: intent.amountCents,
      currency: intent.currency,
      status: intent.status,
      metadata: intent.metadata,
      lastError: intent.lastError,
      feeCents: intent.feeCents,
      cardLast4: intent.cardLast4,
      paymentMethodId: intent.paymentMethodId,
    };
  }

  private newIntent(input: { amountCents: number; currency: string; description: string; metadata: IntentMetadata; customerId: string | null; invoiceId: string | null }): IntentObject {
    const id = randomId('pi');
    return this.put<IntentObject>('payment_intent', {
      id,
      clientSecret: `${id}_secret_${randomBytes(16).toString('base64url').replace(/[-_]/g, 'x')}`,
      amountCents: input.amountCents,
      currency: input.currency,
      status: 'requires_payment_method',
      metadata: input.metadata,
      description: input.description,
      customerId: input.customerId,
      invoiceId: input.invoiceId,
      lastError: null,
      paymentMethodId: null,
      cardLast4: null,
      feeCents: null,
    });
  }

  async createCustomer(input: { email: string; name: string; userId: string }, idempotencyKey: string): Promise<ProviderCustomer> {
    const customer = this.once('customer', idempotencyKey, () =>
      this.put('customer', { id: randomId('cus'), email: input.email, name: input.name, userId: input.userId }),
    );
    return { id: customer.id, email: customer.email };
  }

  async createPaymentIntent(input: CreateIntentInput, idempotencyKey: string): Promise<ProviderIntent> {
    const intent = this.once('payment_intent', idempotencyKey, () =>
      this.newIntent({
        amountCents: input.amountCents,
        currency: input.currency,
        description: input.description,
        metadata: input.metadata,
        customerId: input.customerId ?? null,
        invoiceId: null,
      }),
    );
    if (input.paymentMethodId && intent.status === 'requires_payment_method' && !intent.lastError) {
      await this.confirmWithPaymentMethod(intent.id, this.paymentMethodFromToken(input.paymentMethodId));
      return this.toIntent(this.requireIntent(intent.id));
    }
    return this.toIntent(intent);
  }

  async retrievePaymentIntent(id: string): Promise<ProviderIntent> {
    return this.toIntent(this.requireIntent(id));
  }

  /** A payment method from the local card form (validated like Stripe.js); errors are `validation_error`s. */
  createPaymentMethod(card: CardDetails): PaymentMethodObject {
    const problem = validateCard(card, this.now());
    if (problem) throw new PaymentProviderError(problem.message, problem, 400);
    const number = card.cardNumber.replace(/[\s-]/g, '');
    return this.put<PaymentMethodObject>('payment_method', {
      id: randomId('pm'),
      brand: localTestCards[number]?.brand ?? 'unknown',
      last4: number.slice(-4),
      number,
    });
  }

  private paymentMethodFromToken(token: string): PaymentMethodObject {
    const saved = this.get<PaymentMethodObject>('payment_method', token);
    if (saved) return saved;
    const number = testTokens[token];
    if (!number) {
      const message = `No such PaymentMethod: '${token}'`;
      throw new PaymentProviderError(message, { type: 'invalid_request_error', code: 'resource_missing', message }, 400);
    }
    return this.put<PaymentMethodObject>('payment_method', { id: randomId('pm'), brand: localTestCards[number]?.brand ?? 'visa', last4: number.slice(-4), number });
  }

  /** `POST /api/payment/local/confirm`: the card form's confirmation of an intent by its client secret. */
  async confirmCardPayment(clientSecret: string, card: CardDetails): Promise<LocalCardResult> {
    const intent = this.intentByClientSecret(clientSecret);
    const problem = validateCard(card, this.now());
    if (problem) return { status: 'requires_payment_method', error: problem };
    const method = this.createPaymentMethod(card);
    return this.confirmWithPaymentMethod(intent.id, method);
  }

  private behaviorOf(method: PaymentMethodObject): CardBehavior {
    return localTestCards[method.number]?.behavior ?? nonTestCard;
  }

  private async confirmWithPaymentMethod(intentId: string, method: PaymentMethodObject, isRenewal = false): Promise<LocalCardResult> {
    const intent = this.requireIntent(intentId);
    if (intent.status === 'succeeded') {
      throw unexpectedState('You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.');
    }
    if (intent.status === 'canceled') throw unexpectedState('You cannot confirm this PaymentIntent because it has been canceled.');
    const behavior = this.behaviorOf(method);
    intent.paymentMethodId = method.id;
    intent.cardLast4 = method.last4;
    if (behavior.kind === 'authenticates') {
      intent.status = 'requires_action';
      intent.lastError = null;
      this.put('payment_intent', intent);
      await this.emit('payment_intent.requires_action', intent);
      return { status: 'requires_action' };
    }
    if (behavior.kind === 'declines' || (behavior.kind === 'later_declines' && isRenewal)) {
      const error: PaymentErrorDetails =
        behavior.kind === 'declines'
          ? { type: 'card_error', code: behavior.code, ...(behavior.declineCode ? { decline_code: behavior.declineCode } : {}), message: behavior.message }
          : { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
      return this.fail(intent, error);
    }
    return this.succeed(intent);
  }

  /** `POST /api/payment/local/authenticate`: the page's authentication step, completed or failed. */
  async authenticate(clientSecret: string, outcome: 'complete' | 'fail'): Promise<LocalCardResult> {
    const intent = this.intentByClientSecret(clientSecret);
    if (intent.status !== 'requires_action') {
      throw unexpectedState(`This PaymentIntent's status is ${intent.status}; it does not need authentication.`);
    }
    return outcome === 'complete' ? this.succeed(intent) : this.fail(intent, authenticationFailedError);
  }

  private async succeed(intent: IntentObject): Promise<LocalCardResult> {
    intent.status = 'succeeded';
    intent.lastError = null;
    intent.feeCents = publishedCardFeeCents(intent.amountCents);
    this.put('payment_intent', intent);
    if (intent.invoiceId) this.markInvoicePaid(intent.invoiceId, intent.paymentMethodId);
    await this.emit('payment_intent.succeeded', intent);
    if (intent.invoiceId) await this.emitInvoice('invoice.paid', intent.invoiceId);
    return { status: 'succeeded' };
  }

  private async fail(intent: IntentObject, error: PaymentErrorDetails): Promise<LocalCardResult> {
    intent.status = 'requires_payment_method';
    intent.lastError = error;
    this.put('payment_intent', intent);
    const invoice = intent.invoiceId ? this.get<InvoiceObject>('invoice', intent.invoiceId) : undefined;
    // A renewal that cannot be charged makes the subscription past due (a first invoice leaves it incomplete).
    if (invoice && invoice.billingReason !== 'subscription_create') this.markPastDue(invoice.subscriptionId);
    await this.emit('payment_intent.payment_failed', intent);
    if (intent.invoiceId) await this.emitInvoice('invoice.payment_failed', intent.invoiceId);
    return { status: 'requires_payment_method', error };
  }

  private markInvoicePaid(invoiceId: string, paymentMethodId: string | null): void {
    const invoice = this.get<InvoiceObject>('invoice', invoiceId);
    if (!invoice) return;
    invoice.status = 'paid';
    this.put('invoice', invoice);
    const subscription = this.get<SubscriptionObject>('subscription', invoice.subscriptionId);
    if (!subscription) return;
    const stillOpen = this.list<InvoiceObject>('invoice').some((other) => other.subscriptionId === subscription.id && other.status === 'open');
    if (!stillOpen && subscription.status !== 'canceled') subscription.status = 'active';
    if (paymentMethodId) subscription.defaultPaymentMethodId = paymentMethodId;
    this.put('subscription', subscription);
  }

  // Subscriptions.
  private toInvoice(invoice: InvoiceObject): ProviderInvoice {
    const intent = invoice.paymentIntentId ? this.get<IntentObject>('payment_intent', invoice.paymentIntentId) : undefined;
    return {
      id: invoice.id,
      subscriptionId: invoice.subscriptionId,
      status: invoice.status,
      billingReason: invoice.billingReason,
      amountDueCents: invoice.subscriptionCents + invoice.setUpFeeCents,
      setUpFeeCents: invoice.setUpFeeCents,
      subscriptionCents: invoice.subscriptionCents,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      paymentIntentId: invoice.paymentIntentId,
      clientSecret: intent?.clientSecret ?? null,
    };
  }

  private toSubscription(subscription: SubscriptionObject): ProviderSubscription {
    const invoice = subscription.latestInvoiceId ? this.get<InvoiceObject>('invoice', subscription.latestInvoiceId) : undefined;
    const method = subscription.defaultPaymentMethodId ? this.get<PaymentMethodObject>('payment_method', subscription.defaultPaymentMethodId) : undefined;
    return {
      id: subscription.id,
      customerId: subscription.customerId,
      status: subscription.status,
      currentPeriodStart: subscription.currentPeriodStart,
      currentPeriodEnd: subscription.currentPeriodEnd,
      latestInvoice: invoice ? this.toInvoice(invoice) : null,
      cardLast4: method?.last4 ?? null,
      cancelAtPeriodEnd: !!subscription.cancelAtPeriodEnd,
    };
  }

  private newInvoice(subscription: SubscriptionObject, reason: ProviderInvoice['billingReason'], setUpFeeCents: number): InvoiceObject {
    const invoiceId = randomId('in');
    const intent = this.newIntent({
      amountCents: subscription.priceCents + setUpFeeCents,
      currency: 'cad',
      description: subscription.description,
      metadata: { ...subscription.metadata, invoice_id: invoiceId, subscription_id: subscription.id, billing_reason: reason },
      customerId: subscription.customerId,
      invoiceId,
    });
    const invoice = this.put<InvoiceObject>('invoice', {
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
    this.put('subscription', subscription);
    return invoice;
  }

  async createSubscription(input: CreateSubscriptionInput, idempotencyKey: string): Promise<ProviderSubscription> {
    if (!this.get('customer', input.customerId)) throw notFound('customer', input.customerId);
    const method = input.paymentMethodId ? this.paymentMethodFromToken(input.paymentMethodId) : null;
    let created = false;
    const subscription = this.once('subscription', idempotencyKey, () => {
      created = true;
      const start = this.now().toISOString();
      return this.put<SubscriptionObject>('subscription', {
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
      const invoice = this.newInvoice(subscription, 'subscription_create', input.setUpFeePriceId ? input.setUpFeeCents : 0);
      if (method && invoice.paymentIntentId) await this.confirmWithPaymentMethod(invoice.paymentIntentId, method);
    }
    return this.toSubscription(this.get<SubscriptionObject>('subscription', subscription.id) ?? subscription);
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription> {
    const subscription = this.get<SubscriptionObject>('subscription', id);
    if (!subscription) throw notFound('subscription', id);
    return this.toSubscription(subscription);
  }

  /**
   * Cancels at the period's end (or undoes it) and changes the card, as Stripe's subscription update does;
   * a card that would be declined is refused (Stripe checks it when the SetupIntent confirms). Announces
   * `customer.subscription.updated`. A repeated idempotency key answers without changing anything again.
   */
  async updateSubscription(id: string, update: SubscriptionUpdate, idempotencyKey: string): Promise<ProviderSubscription> {
    const subscription = this.get<SubscriptionObject>('subscription', id);
    if (!subscription) throw notFound('subscription', id);
    const key = `idem_subscription_update_${idempotencyKey}`;
    if (this.get('idempotency', key)) return this.toSubscription(subscription);
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
      const message = 'A canceled subscription can only update its cancellation_reason and cancellation_details.';
      throw new PaymentProviderError(message, { type: 'invalid_request_error', message }, 400);
    }
    if (update.paymentMethodId !== undefined) {
      const method = this.paymentMethodFromToken(update.paymentMethodId);
      const behavior = this.behaviorOf(method);
      if (behavior.kind === 'declines') {
        throw new PaymentProviderError(behavior.message, { type: 'card_error', code: behavior.code, ...(behavior.declineCode ? { decline_code: behavior.declineCode } : {}), message: behavior.message });
      }
      subscription.defaultPaymentMethodId = method.id;
    }
    if (update.cancelAtPeriodEnd !== undefined) subscription.cancelAtPeriodEnd = update.cancelAtPeriodEnd;
    this.put('subscription', subscription);
    this.put('idempotency', { id: key, objectId: subscription.id });
    await this.emitSubscription('customer.subscription.updated', subscription);
    return this.toSubscription(subscription);
  }

  /** A SetupIntent (the local card form saves cards through `POST /api/payment/local/payment-methods` instead). */
  async createSetupIntent(input: { customerId: string; metadata: IntentMetadata }, idempotencyKey: string): Promise<ProviderSetupIntent> {
    if (!this.get('customer', input.customerId)) throw notFound('customer', input.customerId);
    const setupIntent = this.once('setup_intent', idempotencyKey, () => {
      const id = randomId('seti');
      return this.put('setup_intent', { id, clientSecret: `${id}_secret_${randomBytes(16).toString('base64url').replace(/[-_]/g, 'x')}`, customerId: input.customerId, metadata: input.metadata });
    });
    return { id: setupIntent.id, clientSecret: setupIntent.clientSecret };
  }

  async retrieveInvoice(id: string): Promise<ProviderInvoice> {
    const invoice = this.get<InvoiceObject>('invoice', id);
    if (!invoice) throw notFound('invoice', id);
    return this.toInvoice(invoice);
  }

  async listOpenInvoices(subscriptionId: string): Promise<ProviderInvoice[]> {
    return this.list<InvoiceObject>('invoice')
      .filter((invoice) => invoice.subscriptionId === subscriptionId && invoice.status === 'open')
      .sort((a, b) => a.periodStart.localeCompare(b.periodStart))
      .map((invoice) => this.toInvoice(invoice));
  }

  async prepareInvoicePayment(invoiceId: string): Promise<ProviderInvoice> {
    const invoice = this.get<InvoiceObject>('invoice', invoiceId);
    if (!invoice) throw notFound('invoice', invoiceId);
    if (invoice.status !== 'open') throw unexpectedState(`Invoice ${invoiceId} is ${invoice.status}; only an open invoice can be paid.`);
    return this.toInvoice(invoice);
  }

  /**
   * The billing clock: every active subscription whose period has ended gets a renewal invoice, charged
   * to its saved card. A declined charge leaves the invoice open and the subscription past_due (as
   * Stripe does; `local` does not retry by itself — paying the invoice from /reactivate does). One set to
   * cancel at the period's end is not renewed: it becomes `canceled` (`customer.subscription.deleted`).
   */
  async renewDueSubscriptions(): Promise<number> {
    const now = this.now().toISOString();
    let renewed = 0;
    for (const subscription of this.list<SubscriptionObject>('subscription')) {
      if (subscription.status !== 'active' || subscription.currentPeriodEnd > now) continue;
      if (subscription.cancelAtPeriodEnd) {
        subscription.status = 'canceled';
        subscription.canceledAt = now;
        this.put('subscription', subscription);
        await this.emitSubscription('customer.subscription.deleted', subscription);
        continue;
      }
      subscription.currentPeriodStart = subscription.currentPeriodEnd;
      subscription.currentPeriodEnd = addMonths(subscription.currentPeriodEnd, 1);
      const invoice = this.newInvoice(subscription, 'subscription_cycle', 0);
      const method = subscription.defaultPaymentMethodId ? this.get<PaymentMethodObject>('payment_method', subscription.defaultPaymentMethodId) : undefined;
      renewed += 1;
      if (method && invoice.paymentIntentId) {
        await this.confirmWithPaymentMethod(invoice.paymentIntentId, method, true);
      } else {
        this.markPastDue(subscription.id);
        await this.emitInvoice('invoice.payment_failed', invoice.id);
      }
    }
    return renewed;
  }

  private markPastDue(subscriptionId: string): void {
    const subscription = this.get<SubscriptionObject>('subscription', subscriptionId);
    if (!subscription) return;
    subscription.status = 'past_due';
    this.put('subscription', subscription);
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

  // Events, in Stripe's envelope, signed and handed to the app's webhook handler.
  private async emit(type: string, intent: IntentObject): Promise<void> {
    await this.deliver(type, {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amountCents,
      currency: intent.currency,
      status: intent.status,
      metadata: intent.metadata,
      last_payment_error: intent.lastError,
    });
  }

  private async emitInvoice(type: string, invoiceId: string): Promise<void> {
    const invoice = this.get<InvoiceObject>('invoice', invoiceId);
    if (!invoice) return;
    await this.deliver(type, { id: invoice.id, object: 'invoice', status: invoice.status, subscription: invoice.subscriptionId, billing_reason: invoice.billingReason });
  }

  private async emitSubscription(type: string, subscription: SubscriptionObject): Promise<void> {
    await this.deliver(type, {
      id: subscription.id,
      object: 'subscription',
      status: subscription.status,
      customer: subscription.customerId,
      cancel_at_period_end: !!subscription.cancelAtPeriodEnd,
      current_period_end: Math.floor(new Date(subscription.currentPeriodEnd).getTime() / 1000),
      metadata: subscription.metadata,
    });
  }

  private async deliver(type: string, object: Record<string, unknown>): Promise<void> {
    if (!this.sink) return;
    const payload = JSON.stringify({
      id: randomId('evt'),
      object: 'event',
      type,
      created: Math.floor(this.now().getTime() / 1000),
      livemode: false,
      data: { object },
    });
    await this.sink(payload, this.signWebhookPayload(payload));
  }
}
