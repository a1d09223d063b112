import Stripe from 'stripe';
import type { PaymentsConfig } from '@server/config';
import {
  PaymentProviderError,
  WebhookSignatureError,
  publishedCardFeeCents,
  type CreateIntentInput,
  type CreateRecurringPriceInput,
  type CreateSubscriptionInput,
  type IntentStatus,
  type PaymentProvider,
  type ProviderCoupon,
  type ProviderCustomer,
  type ProviderEvent,
  type ProviderIntent,
  type IntentMetadata,
  type ProviderInvoice,
  type ProviderSetupIntent,
  type ProviderSubscription,
  type SavedCardChargeInput,
  type SubscriptionUpdate,
} from './interface';
import { signWebhookPayload, verifyWebhookPayload } from './webhook-signature';

const isoFromUnix = (seconds: number | null | undefined) => new Date((seconds ?? 0) * 1000).toISOString();
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/** The SDK's failures as our provider errors (the message is what the user sees). */
function providerError(error: unknown): never {
  if (error instanceof Stripe.errors.StripeError) {
    const details = {
      type: error.rawType ?? 'api_error',
      ...(error.code ? { code: error.code } : {}),
      ...(error.decline_code ? { decline_code: error.decline_code } : {}),
      message: error.message,
    };
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 502;
    throw new PaymentProviderError(error.message, details, status);
  }
  throw error;
}

/**
 * Stripe through the official SDK. `STRIPE_API_BASE` points it at another host (a local fake in tests).
 * PaymentIntents for tips and paywalls, Customers, Subscriptions with the setup fee as an invoice item
 * on the first invoice; every create carries an idempotency key.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string | null;
  readonly offersWallets: boolean;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string | undefined;

  constructor(config: PaymentsConfig) {
    if (!config.stripeSecretKey) throw new Error('Stripe needs a secret key');
    this.stripe = new Stripe(config.stripeSecretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(config.stripeApiBase ?? {}),
    });
    this.webhookSecret = config.stripeWebhookSecret;
    this.publishableKey = config.stripePublishableKey ?? null;
    this.offersWallets = !!config.stripePublishableKey;
  }

  private toIntent(intent: Stripe.PaymentIntent): ProviderIntent {
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    const balance = charge && typeof charge.balance_transaction === 'object' ? charge.balance_transaction : null;
    const error = intent.last_payment_error;
    return {
      id: intent.id,
      clientSecret: intent.client_secret ?? '',
      amountCents: intent.amount,
      currency: intent.currency,
      status: intent.status as IntentStatus,
      metadata: { ...(intent.metadata ?? {}) },
      lastError: error
        ? {
            type: error.type,
            ...(error.code ? { code: error.code } : {}),
            ...(error.decline_code ? { decline_code: error.decline_code } : {}),
            message: error.message ?? 'Your payment could not be completed.',
          }
        : null,
      feeCents: balance ? balance.fee : intent.status === 'succeeded' ? publishedCardFeeCents(intent.amount) : null,
      cardLast4: charge?.payment_method_details?.card?.last4 ?? null,
      paymentMethodId: idOf(intent.payment_method),
    };
  }

  private toInvoice(invoice: Stripe.Invoice): ProviderInvoice {
    const lines = invoice.lines?.data ?? [];
    const setUpFeeCents = lines.filter((line) => line.parent?.type === 'invoice_item_details').reduce((sum, line) => sum + line.amount, 0);
    const subscriptionLine = lines.find((line) => line.parent?.type === 'subscription_item_details');
    const payment = invoice.payments?.data?.find((entry) => entry.payment?.type === 'payment_intent');
    const reason = invoice.billing_reason;
    return {
      id: invoice.id ?? '',
      subscriptionId: idOf(invoice.parent?.subscription_details?.subscription) ?? '',
      status: (invoice.status ?? 'draft') as ProviderInvoice['status'],
      billingReason: reason === 'subscription_create' ? 'subscription_create' : reason === 'subscription_cycle' ? 'subscription_cycle' : 'manual',
      amountDueCents: invoice.amount_due,
      setUpFeeCents,
      subscriptionCents: subscriptionLine?.amount ?? invoice.amount_due - setUpFeeCents,
      periodStart: isoFromUnix(subscriptionLine?.period.start ?? invoice.period_start),
      periodEnd: isoFromUnix(subscriptionLine?.period.end ?? invoice.period_end),
      paymentIntentId: idOf(payment?.payment?.payment_intent),
      clientSecret: invoice.confirmation_secret?.client_secret ?? null,
    };
  }

  private toSubscription(subscription: Stripe.Subscription): ProviderSubscription {
    const item = subscription.items?.data?.[0];
    const invoice = typeof subscription.latest_invoice === 'object' && subscription.latest_invoice ? subscription.latest_invoice : null;
    const method = typeof subscription.default_payment_method === 'object' ? subscription.default_payment_method : null;
    return {
      id: subscription.id,
      customerId: idOf(subscription.customer) ?? '',
      status: subscription.status as ProviderSubscription['status'],
      currentPeriodStart: isoFromUnix(item?.current_period_start),
      currentPeriodEnd: isoFromUnix(item?.current_period_end),
      latestInvoice: invoice ? this.toInvoice(invoice) : null,
      cardLast4: method?.card?.last4 ?? null,
      cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
    };
  }

  async createCustomer(input: { email: string; name: string; userId: string }, idempotencyKey: string): Promise<ProviderCustomer> {
    try {
      const customer = await this.stripe.customers.create({ email: input.email, name: input.name, metadata: { userId: input.userId } }, { idempotencyKey });
      return { id: customer.id, email: customer.email ?? input.email };
    } catch (error) {
      return providerError(error);
    }
  }

  async createPaymentIntent(input: CreateIntentInput, idempotencyKey: string): Promise<ProviderIntent> {
    const params: Stripe.PaymentIntentCreateParams = {
      amount: input.amountCents,
      currency: input.currency,
      description: input.description,
      metadata: input.metadata,
      // Cards and wallets only, confirmed without redirects.
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      ...(input.email ? { receipt_email: input.email } : {}),
      ...(input.customerId ? { customer: input.customerId } : {}),
    };
    if (input.paymentMethodId) {
      // A wallet hands over a token (tok_…) or a payment method (pm_…); both are confirmed at once.
      if (input.paymentMethodId.startsWith('tok_')) params.payment_method_data = { type: 'card', card: { token: input.paymentMethodId } } as Stripe.PaymentIntentCreateParams.PaymentMethodData;
      else params.payment_method = input.paymentMethodId;
      params.confirm = true;
      if (input.offSession) params.off_session = true;
    }
    try {
      const intent = await this.stripe.paymentIntents.create(params, { idempotencyKey });
      return this.retrievePaymentIntent(intent.id);
    } catch (error) {
      // A declined confirmation still created the intent: answer it with its last error.
      if (error instanceof Stripe.errors.StripeCardError && error.payment_intent?.id) return this.retrievePaymentIntent(error.payment_intent.id);
      return providerError(error);
    }
  }

  async retrievePaymentIntent(id: string): Promise<ProviderIntent> {
    try {
      return this.toIntent(await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge.balance_transaction'] }));
    } catch (error) {
      return providerError(error);
    }
  }

  async createSubscription(input: CreateSubscriptionInput, idempotencyKey: string): Promise<ProviderSubscription> {
    try {
      const subscription = await this.stripe.subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price: input.priceId }],
          ...(input.setUpFeePriceId && input.setUpFeeCents > 0 ? { add_invoice_items: [{ price: input.setUpFeePriceId }] } : {}),
          payment_behavior: input.paymentMethodId ? 'allow_incomplete' : 'default_incomplete',
          ...(input.paymentMethodId ? { default_payment_method: input.paymentMethodId } : {}),
          payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
          metadata: input.metadata,
          description: input.description,
          expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments', 'default_payment_method'],
        },
        { idempotencyKey },
      );
      return this.toSubscription(subscription);
    } catch (error) {
      return providerError(error);
    }
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription> {
    try {
      return this.toSubscription(
        await this.stripe.subscriptions.retrieve(id, { expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments', 'default_payment_method'] }),
      );
    } catch (error) {
      return providerError(error);
    }
  }

  /**
   * `POST /v1/subscriptions/{id}`: `cancel_at_period_end`, the card (`default_payment_method`) and the price (its one
   * item's, with `proration_behavior=none`: the next renewal bills the new price, nothing is prorated by Stripe).
   */
  async updateSubscription(id: string, update: SubscriptionUpdate, idempotencyKey: string): Promise<ProviderSubscription> {
    try {
      let item: string | undefined;
      if (update.price !== undefined) {
        item = (await this.stripe.subscriptions.retrieve(id)).items?.data?.[0]?.id;
        if (!item) throw new PaymentProviderError(`Subscription ${id} has no item to change`, { type: 'invalid_request_error', message: `Subscription ${id} has no item to change` }, 400);
      }
      return this.toSubscription(
        await this.stripe.subscriptions.update(
          id,
          {
            ...(update.cancelAtPeriodEnd !== undefined ? { cancel_at_period_end: update.cancelAtPeriodEnd } : {}),
            ...(update.paymentMethodId !== undefined ? { default_payment_method: update.paymentMethodId } : {}),
            ...(update.price !== undefined && item ? { items: [{ id: item, price: update.price.id }], proration_behavior: 'none' as const } : {}),
            expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments', 'default_payment_method'],
          },
          { idempotencyKey },
        ),
      );
    } catch (error) {
      return providerError(error);
    }
  }

  /** A SetupIntent for a new card, confirmed in the browser with Stripe Elements (`confirmCardSetup`). */
  async createSetupIntent(input: { customerId: string; metadata: IntentMetadata }, idempotencyKey: string): Promise<ProviderSetupIntent> {
    try {
      const setupIntent = await this.stripe.setupIntents.create(
        { customer: input.customerId, allowed_payment_method_types: ['card'], usage: 'off_session', metadata: input.metadata },
        { idempotencyKey },
      );
      return { id: setupIntent.id, clientSecret: setupIntent.client_secret ?? '' };
    } catch (error) {
      return providerError(error);
    }
  }

  async retrieveInvoice(id: string): Promise<ProviderInvoice> {
    try {
      return this.toInvoice(await this.stripe.invoices.retrieve(id, { expand: ['confirmation_secret', 'payments'] }));
    } catch (error) {
      return providerError(error);
    }
  }

  async listOpenInvoices(subscriptionId: string): Promise<ProviderInvoice[]> {
    try {
      const list = await this.stripe.invoices.list({ subscription: subscriptionId, status: 'open', limit: 20, expand: ['data.confirmation_secret', 'data.payments'] });
      return list.data.map((invoice) => this.toInvoice(invoice)).sort((a, b) => a.periodStart.localeCompare(b.periodStart));
    } catch (error) {
      return providerError(error);
    }
  }

  async prepareInvoicePayment(invoiceId: string): Promise<ProviderInvoice> {
    const invoice = await this.retrieveInvoice(invoiceId);
    if (invoice.status !== 'open') {
      const message = `Invoice ${invoiceId} is ${invoice.status}; only an open invoice can be paid.`;
      throw new PaymentProviderError(message, { type: 'invalid_request_error', code: 'invoice_not_open', message }, 400);
    }
    return invoice;
  }

  async retrieveCoupon(id: string): Promise<ProviderCoupon | null> {
    try {
      const coupon = await this.stripe.coupons.retrieve(id);
      return {
        id: coupon.id,
        name: coupon.name,
        percentOff: coupon.percent_off,
        amountOffCents: coupon.amount_off,
        currency: coupon.currency,
        duration: coupon.duration as ProviderCoupon['duration'],
        durationInMonths: coupon.duration_in_months,
        valid: coupon.valid,
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      return providerError(error);
    }
  }

  /** `POST /v1/prices` with its product made inline: a membership tier's monthly price. */
  async createRecurringPrice(input: CreateRecurringPriceInput, idempotencyKey: string): Promise<{ id: string }> {
    try {
      const price = await this.stripe.prices.create(
        { currency: input.currency, unit_amount: input.amountCents, recurring: { interval: 'month' }, product_data: { name: input.productName, metadata: input.metadata }, metadata: input.metadata },
        { idempotencyKey },
      );
      return { id: price.id };
    } catch (error) {
      return providerError(error);
    }
  }

  /** `POST /v1/invoices/{id}/pay` with the subscription's default card; a decline answers the invoice, still open. */
  async payInvoice(invoiceId: string, idempotencyKey: string): Promise<ProviderInvoice> {
    try {
      await this.stripe.invoices.pay(invoiceId, { off_session: true }, { idempotencyKey });
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeCardError)) return providerError(error);
    }
    return this.retrieveInvoice(invoiceId);
  }

  /**
   * `POST /v1/payment_intents` for the subscription's customer with its saved card (`off_session`, confirmed at once): the
   * subscription's default payment method, or the card that paid its latest invoice. A decline answers the intent.
   */
  async chargeSavedCard(subscriptionId: string, input: SavedCardChargeInput, idempotencyKey: string): Promise<ProviderIntent> {
    let customerId: string | null;
    let paymentMethodId: string | null;
    try {
      const subscription = await this.stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice.payments'] });
      customerId = idOf(subscription.customer);
      paymentMethodId = idOf(subscription.default_payment_method);
      const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
      const paidWith = invoice?.payments?.data?.find((entry) => entry.payment?.type === 'payment_intent')?.payment?.payment_intent;
      if (!paymentMethodId && paidWith) paymentMethodId = (await this.retrievePaymentIntent(idOf(paidWith) ?? '')).paymentMethodId;
    } catch (error) {
      if (error instanceof PaymentProviderError) throw error;
      return providerError(error);
    }
    if (!customerId || !paymentMethodId) {
      const message = 'This customer has no attached payment source or default payment method.';
      throw new PaymentProviderError(message, { type: 'invalid_request_error', code: 'payment_method_missing', message }, 400);
    }
    return this.createPaymentIntent({ ...input, customerId, paymentMethodId, offSession: true }, idempotencyKey);
  }

  /** `DELETE /v1/subscriptions/{id}`: ends it now. */
  async cancelSubscription(id: string, idempotencyKey: string): Promise<ProviderSubscription> {
    try {
      await this.stripe.subscriptions.cancel(id, {}, { idempotencyKey });
    } catch (error) {
      return providerError(error);
    }
    return this.retrieveSubscription(id);
  }

  /** Without a webhook secret every webhook is refused; status reports still re-fetch from Stripe. */
  verifyWebhook(rawBody: Buffer | string, signature: string | undefined): ProviderEvent {
    if (!this.webhookSecret) throw new WebhookSignatureError('Webhooks are not configured');
    return verifyWebhookPayload(this.webhookSecret, rawBody, signature);
  }

  signWebhookPayload(payload: string): string {
    if (!this.webhookSecret) throw new WebhookSignatureError('Webhooks are not configured');
    return signWebhookPayload(this.webhookSecret, payload);
  }
}
