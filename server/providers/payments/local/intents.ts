import { timingSafeEqual } from 'node:crypto';
import type { PaymentErrorDetails } from '@db/schema/payments';
import { PaymentProviderError, publishedCardFeeCents, type CreateIntentInput, type IntentMetadata, type ProviderIntent } from '../interface';
import { validateCard, type CardDetails } from './card-validation';
import { authenticationFailedError, behaviorOf, createPaymentMethod, declineErrorOf, paymentMethodFromToken } from './cards';
import type { LocalEventDelivery } from './events';
import type { LocalInvoices } from './invoices';
import { clientSecretFor, notFound, randomId, unexpectedState, type IntentObject, type InvoiceObject, type LocalObjectStore, type PaymentMethodObject } from './store';

/** Stripe's decline of an off-session charge on a card that asks for authentication. */
const authenticationRequiredError: PaymentErrorDetails = {
  type: 'card_error',
  code: 'authentication_required',
  decline_code: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};

export interface LocalCardResult {
  status: 'succeeded' | 'requires_action' | 'requires_payment_method';
  error?: PaymentErrorDetails;
}

export interface NewIntent {
  amountCents: number;
  currency: string;
  description: string;
  metadata: IntentMetadata;
  customerId: string | null;
  invoiceId: string | null;
}

/** A charge's outcome, and the events that announce it (delivered once its transaction has committed). */
interface Charge {
  result: LocalCardResult;
  announce(): Promise<void>;
}

/** Payment intents: created, confirmed with a test card (declines, authentication), succeeded or failed. */
export class LocalIntents {
  constructor(
    private readonly store: LocalObjectStore,
    private readonly invoices: LocalInvoices,
    private readonly events: LocalEventDelivery,
    private readonly now: () => Date,
  ) {}

  async open(input: NewIntent): Promise<IntentObject> {
    const id = randomId('pi');
    return this.store.put<IntentObject>('payment_intent', {
      id,
      clientSecret: clientSecretFor(id),
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

  async create(input: CreateIntentInput, idempotencyKey: string): Promise<ProviderIntent> {
    // The intent, and (with a payment method) its charge, in one transaction: a retry with the same key sees either
    // nothing or the charged intent. The events go out after the commit.
    const { intent, charge } = await this.store.transaction(async () => {
      const intent = await this.store.once('payment_intent', idempotencyKey, () =>
        this.open({
          amountCents: input.amountCents,
          currency: input.currency,
          description: input.description,
          metadata: input.metadata,
          customerId: input.customerId ?? null,
          invoiceId: null,
        }),
      );
      if (input.paymentMethodId && intent.status === 'requires_payment_method' && !intent.lastError) {
        const method = await paymentMethodFromToken(this.store, input.paymentMethodId);
        // Off session (a saved card charged by the app) as a renewal is: a card that declines later declines.
        return { intent, charge: await this.charge(intent, method, input.offSession === true, input.offSession === true) };
      }
      return { intent, charge: null };
    });
    if (!charge) return this.toIntent(intent);
    await charge.announce();
    return this.toIntent(await this.require(intent.id));
  }

  async retrieve(id: string): Promise<ProviderIntent> {
    return this.toIntent(await this.require(id));
  }

  /** The intent a client secret belongs to (constant-time compare of the secret). */
  async byClientSecret(clientSecret: string): Promise<IntentObject> {
    const id = clientSecret.split('_secret_')[0] ?? '';
    const intent = await this.store.get<IntentObject>('payment_intent', id);
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

  /** `POST /api/payment/local/confirm`: the card form's confirmation of an intent by its client secret. */
  async confirmCardPayment(clientSecret: string, card: CardDetails): Promise<LocalCardResult> {
    const intent = await this.byClientSecret(clientSecret);
    const problem = validateCard(card, this.now());
    if (problem) return { status: 'requires_payment_method', error: problem };
    const method = await createPaymentMethod(this.store, card, this.now());
    return this.confirmWithPaymentMethod(intent.id, method);
  }

  /** Charges the card; `isRenewal` is the billing clock's charge, where a `later_declines` card declines. */
  async confirmWithPaymentMethod(intentId: string, method: PaymentMethodObject, isRenewal = false): Promise<LocalCardResult> {
    // The intent's status check and its change in one transaction: two confirmations at once charge it once.
    const charge = await this.store.transaction(async () => this.charge(await this.require(intentId), method, isRenewal));
    await charge.announce();
    return charge.result;
  }

  /** `POST /api/payment/local/authenticate`: the page's authentication step, completed or failed. */
  async authenticate(clientSecret: string, outcome: 'complete' | 'fail'): Promise<LocalCardResult> {
    const charge = await this.store.transaction(async () => {
      const intent = await this.byClientSecret(clientSecret);
      if (intent.status !== 'requires_action') {
        throw unexpectedState(`This PaymentIntent's status is ${intent.status}; it does not need authentication.`);
      }
      return outcome === 'complete' ? this.succeed(intent) : this.fail(intent, authenticationFailedError);
    });
    await charge.announce();
    return charge.result;
  }

  private async require(id: string): Promise<IntentObject> {
    const intent = await this.store.get<IntentObject>('payment_intent', id);
    if (!intent) throw notFound('payment_intent', id);
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

  /**
   * The charge's records (inside the caller's transaction); its events are the answer's `announce`. Off session, a card
   * that needs authentication is declined with `authentication_required`, as Stripe does (nobody is there to confirm).
   */
  private async charge(intent: IntentObject, method: PaymentMethodObject, isRenewal: boolean, offSession = false): Promise<Charge> {
    if (intent.status === 'succeeded') {
      throw unexpectedState('You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.');
    }
    if (intent.status === 'canceled') throw unexpectedState('You cannot confirm this PaymentIntent because it has been canceled.');
    const behavior = behaviorOf(method);
    intent.paymentMethodId = method.id;
    intent.cardLast4 = method.last4;
    if (behavior.kind === 'authenticates' && offSession) return this.fail(intent, authenticationRequiredError);
    if (behavior.kind === 'authenticates') {
      intent.status = 'requires_action';
      intent.lastError = null;
      await this.store.put('payment_intent', intent);
      return { result: { status: 'requires_action' }, announce: () => this.events.intent('payment_intent.requires_action', intent) };
    }
    if (behavior.kind === 'declines') return this.fail(intent, declineErrorOf(behavior));
    if (behavior.kind === 'later_declines' && isRenewal) {
      return this.fail(intent, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
    }
    return this.succeed(intent);
  }

  private async succeed(intent: IntentObject): Promise<Charge> {
    intent.status = 'succeeded';
    intent.lastError = null;
    intent.feeCents = publishedCardFeeCents(intent.amountCents);
    await this.store.put('payment_intent', intent);
    if (intent.invoiceId) await this.invoices.markPaid(intent.invoiceId, intent.paymentMethodId);
    return {
      result: { status: 'succeeded' },
      announce: async () => {
        await this.events.intent('payment_intent.succeeded', intent);
        if (intent.invoiceId) await this.events.invoice('invoice.paid', intent.invoiceId);
      },
    };
  }

  private async fail(intent: IntentObject, error: PaymentErrorDetails): Promise<Charge> {
    intent.status = 'requires_payment_method';
    intent.lastError = error;
    await this.store.put('payment_intent', intent);
    const invoice = intent.invoiceId ? await this.store.get<InvoiceObject>('invoice', intent.invoiceId) : undefined;
    // A renewal that cannot be charged makes the subscription past due (a first invoice leaves it incomplete).
    if (invoice && invoice.billingReason !== 'subscription_create') await this.invoices.markPastDue(invoice.subscriptionId);
    return {
      result: { status: 'requires_payment_method', error },
      announce: async () => {
        await this.events.intent('payment_intent.payment_failed', intent);
        if (intent.invoiceId) await this.events.invoice('invoice.payment_failed', intent.invoiceId);
      },
    };
  }
}
