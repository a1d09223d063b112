import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';

/**
 * A small HTTP server speaking Stripe's wire format (form-encoded requests with nested `a[b][0]=…`
 * keys, JSON objects with `object` fields, `{ error }` bodies with 402/404) for the endpoints the
 * adapter uses. Idempotency keys replay the first answer, as Stripe does. Tests drive the "browser"
 * side (a card confirmed with Stripe.js) through `succeedIntent`.
 */

type Json = Record<string, unknown>;

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  /** The request's content type and body as sent (Stripe's API takes form-encoded bodies). */
  contentType: string | undefined;
  rawBody: string;
  params: Json;
}

function setPath(target: Json, keys: string[], value: string): void {
  let node: Json = target;
  keys.forEach((key, index) => {
    const last = index === keys.length - 1;
    if (last) {
      node[key] = value;
      return;
    }
    const nextIsIndex = /^\d+$/.test(keys[index + 1] ?? '');
    node[key] ??= nextIsIndex ? [] : {};
    node = node[key] as Json;
  });
}

/** `items[0][price]=x&metadata[a]=b` → `{ items: [{ price: 'x' }], metadata: { a: 'b' } }`. */
export function decodeStripeForm(text: string): Json {
  const result: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const keys = rawKey.replace(/\]/g, '').split('[');
    setPath(result, keys, value);
  }
  return result;
}

const id = (prefix: string) => `${prefix}_fake_${randomBytes(8).toString('hex')}`;

/** Stripe's test payment methods (https://docs.stripe.com/testing#cards): the card each one stands for. */
const testPaymentMethods: Record<string, { brand: string; last4: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_amex: { brand: 'amex', last4: '8431' },
};
const nowSeconds = () => Math.floor(Date.now() / 1000);

export class StripeFake {
  readonly requests: RecordedRequest[] = [];
  private readonly objects = new Map<string, Json>();
  private readonly idempotent = new Map<string, { status: number; body: Json }>();
  /** Prices made through `POST /v1/prices` (membership tiers), by id: their monthly cents. */
  private readonly createdPrices = new Map<string, number>();
  private server: Server | null = null;
  port = 0;

  constructor(readonly coupons: Json[] = [{ id: 'SPRING', object: 'coupon', name: 'Spring', percent_off: 15, amount_off: null, currency: null, duration: 'once', duration_in_months: null, valid: true }]) {}

  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    return `http://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  object(objectId: string): Json | undefined {
    return this.objects.get(objectId);
  }

  /** What Stripe.js' confirmCardPayment does for a card that succeeds: the intent succeeds with a charge and its fee. */
  succeedIntent(intentId: string, options: { feeCents: number; last4?: string }): void {
    const intent = this.objects.get(intentId);
    if (!intent) throw new Error(`unknown intent ${intentId}`);
    const charge = {
      id: id('ch'),
      object: 'charge',
      amount: intent.amount,
      balance_transaction: { id: id('txn'), object: 'balance_transaction', amount: intent.amount, fee: options.feeCents, net: (intent.amount as number) - options.feeCents },
      payment_method_details: { type: 'card', card: { brand: 'visa', last4: options.last4 ?? '4242' } },
    };
    Object.assign(intent, { status: 'succeeded', latest_charge: charge, payment_method: 'pm_card_visa', last_payment_error: null });
    const invoiceId = intent.invoice_id as string | undefined;
    if (invoiceId) {
      const invoice = this.objects.get(invoiceId)!;
      invoice.status = 'paid';
      const subscription = this.objects.get((invoice.parent as { subscription_details: { subscription: string } }).subscription_details.subscription)!;
      subscription.status = 'active';
    }
  }

  /** What Stripe.js' confirmCardSetup does with a card: the SetupIntent succeeds and its payment method is attached to the customer. */
  confirmSetupIntent(setupIntentId: string, paymentMethodId: string): void {
    const setupIntent = this.objects.get(setupIntentId);
    if (!setupIntent) throw new Error(`unknown setup intent ${setupIntentId}`);
    const card = testPaymentMethods[paymentMethodId];
    if (!card) throw new Error(`unknown test payment method ${paymentMethodId}`);
    Object.assign(setupIntent, { status: 'succeeded', payment_method: paymentMethodId });
    this.objects.set(paymentMethodId, { id: paymentMethodId, object: 'payment_method', type: 'card', customer: setupIntent.customer, card });
  }

  /** What Stripe does when a period ends: a subscription set to cancel at its end is canceled (then `customer.subscription.deleted`). */
  endPeriod(subscriptionId: string): void {
    const subscription = this.objects.get(subscriptionId);
    if (!subscription) throw new Error(`unknown subscription ${subscriptionId}`);
    if (subscription.cancel_at_period_end) Object.assign(subscription, { status: 'canceled', ended_at: nowSeconds(), canceled_at: nowSeconds() });
  }

  /** A signed-event body for `type` about an object. */
  eventPayload(type: string, objectId: string): string {
    const object = this.objects.get(objectId) ?? { id: objectId };
    return JSON.stringify({ id: id('evt'), object: 'event', type, api_version: '2026-10-28.endive', created: nowSeconds(), livemode: false, data: { object } });
  }

  private send(response: ServerResponse, status: number, body: Json): void {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    response.end(JSON.stringify(body));
  }

  private error(status: number, type: string, message: string, extra: Json = {}): { status: number; body: Json } {
    return { status, body: { error: { type, message, ...extra } } };
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake');
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const params = request.method === 'GET' ? decodeStripeForm(url.searchParams.toString()) : decodeStripeForm(rawBody);
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const contentType = request.headers['content-type'];
    this.requests.push({ method: request.method ?? 'GET', path: url.pathname, idempotencyKey, contentType, rawBody, params });
    if (request.method === 'POST' && rawBody && !String(contentType).startsWith('application/x-www-form-urlencoded')) {
      return this.send(response, 400, { error: { type: 'invalid_request_error', message: 'Stripe takes application/x-www-form-urlencoded request bodies' } });
    }
    if (!String(request.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
      return this.send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const replayKey = idempotencyKey ? `${request.method} ${url.pathname} ${idempotencyKey}` : undefined;
    const replay = replayKey ? this.idempotent.get(replayKey) : undefined;
    if (replay) return this.send(response, replay.status, replay.body);
    const answer = this.route(request.method ?? 'GET', url.pathname, params);
    if (replayKey) this.idempotent.set(replayKey, answer);
    this.send(response, answer.status, answer.body);
  }

  private expanded(object: Json, expand: unknown): Json {
    const paths = Array.isArray(expand) ? (expand as string[]) : [];
    const copy = structuredClone(object);
    if (copy.object === 'payment_intent' && !paths.some((path) => path.startsWith('latest_charge')) && copy.latest_charge) {
      copy.latest_charge = (copy.latest_charge as Json).id;
    }
    if (copy.object === 'charge' || copy.object === 'payment_intent') return copy;
    return copy;
  }

  private route(method: string, path: string, params: Json): { status: number; body: Json } {
    const [, , resource, objectId] = path.split('/');
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', email: params.email, name: params.name, metadata: params.metadata ?? {} };
      this.objects.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/payment_intents') return this.createIntent(params);
    if (method === 'GET' && resource === 'payment_intents' && objectId) {
      const intent = this.objects.get(objectId);
      return intent ? { status: 200, body: this.expanded(intent, params.expand) } : this.error(404, 'invalid_request_error', `No such payment_intent: '${objectId}'`, { code: 'resource_missing' });
    }
    if (method === 'POST' && path === '/v1/prices') {
      const amount = Number(params.unit_amount);
      if (!Number.isInteger(amount) || amount < 0) return this.error(400, 'invalid_request_error', 'Invalid integer: unit_amount', { param: 'unit_amount' });
      const product = { id: id('prod'), object: 'product', name: (params.product_data as Json | undefined)?.name ?? null };
      this.objects.set(product.id, product);
      const price = { id: id('price'), object: 'price', currency: params.currency, unit_amount: amount, recurring: params.recurring ?? null, product: product.id, metadata: params.metadata ?? {} };
      this.objects.set(price.id, price);
      this.createdPrices.set(price.id, amount);
      return { status: 200, body: price };
    }
    if (method === 'POST' && path === '/v1/subscriptions') return this.createSubscription(params);
    if (method === 'DELETE' && resource === 'subscriptions' && objectId) {
      const subscription = this.objects.get(objectId);
      if (!subscription || subscription.object !== 'subscription') return this.error(404, 'invalid_request_error', `No such subscription: '${objectId}'`, { code: 'resource_missing' });
      Object.assign(subscription, { status: 'canceled', ended_at: nowSeconds(), canceled_at: nowSeconds() });
      return { status: 200, body: this.subscriptionBody(subscription) };
    }
    if (method === 'GET' && resource === 'subscriptions' && objectId) {
      const subscription = this.objects.get(objectId);
      return subscription ? { status: 200, body: this.subscriptionBody(subscription, params.expand) } : this.error(404, 'invalid_request_error', `No such subscription: '${objectId}'`, { code: 'resource_missing' });
    }
    if (method === 'POST' && resource === 'subscriptions' && objectId) return this.updateSubscription(objectId, params);
    if (method === 'POST' && path === '/v1/setup_intents') {
      if (!params.customer || !this.objects.get(params.customer as string)) return this.error(400, 'invalid_request_error', `No such customer: '${String(params.customer)}'`, { code: 'resource_missing', param: 'customer' });
      const setupIntentId = id('seti');
      const setupIntent: Json = {
        id: setupIntentId,
        object: 'setup_intent',
        client_secret: `${setupIntentId}_secret_${randomBytes(8).toString('hex')}`,
        customer: params.customer,
        status: 'requires_payment_method',
        usage: params.usage ?? 'off_session',
        payment_method: null,
        payment_method_types: (params.allowed_payment_method_types as string[] | undefined) ?? ['card'],
        metadata: params.metadata ?? {},
      };
      this.objects.set(setupIntentId, setupIntent);
      return { status: 200, body: setupIntent };
    }
    if (method === 'POST' && resource === 'invoices' && objectId && path.endsWith('/pay')) {
      const invoice = this.objects.get(objectId);
      if (!invoice || invoice.object !== 'invoice') return this.error(404, 'invalid_request_error', `No such invoice: '${objectId}'`, { code: 'resource_missing' });
      if (invoice.status !== 'open') return this.error(400, 'invalid_request_error', 'Invoice is already paid', { code: 'invoice_already_paid' });
      const intentId = ((invoice.payments as { data: { payment: { payment_intent: string } }[] }).data[0]?.payment.payment_intent) ?? '';
      this.succeedIntent(intentId, { feeCents: Math.round(((invoice.amount_due as number) * 29) / 1000) + 30 });
      return { status: 200, body: invoice };
    }
    if (method === 'GET' && resource === 'invoices' && objectId) {
      const invoice = this.objects.get(objectId);
      return invoice ? { status: 200, body: invoice } : this.error(404, 'invalid_request_error', `No such invoice: '${objectId}'`, { code: 'resource_missing' });
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const data = [...this.objects.values()].filter(
        (object) =>
          object.object === 'invoice' &&
          (!params.status || object.status === params.status) &&
          (!params.subscription || (object.parent as { subscription_details: { subscription: string } }).subscription_details.subscription === params.subscription),
      );
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/invoices' } };
    }
    if (method === 'GET' && resource === 'coupons' && objectId) {
      const coupon = this.coupons.find((candidate) => candidate.id === objectId);
      return coupon ? { status: 200, body: coupon } : this.error(404, 'invalid_request_error', `No such coupon: '${objectId}'`, { code: 'resource_missing', param: 'coupon' });
    }
    return this.error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  private newIntent(amount: number, currency: string, metadata: Json, invoiceId?: string): Json {
    const intentId = id('pi');
    const intent: Json = {
      id: intentId,
      object: 'payment_intent',
      amount,
      currency,
      status: 'requires_payment_method',
      client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
      metadata,
      last_payment_error: null,
      latest_charge: null,
      payment_method: null,
      ...(invoiceId ? { invoice_id: invoiceId } : {}),
    };
    this.objects.set(intentId, intent);
    return intent;
  }

  private createIntent(params: Json): { status: number; body: Json } {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 50) return this.error(400, 'invalid_request_error', 'Amount must be at least $0.50 cad', { param: 'amount' });
    const intent = this.newIntent(amount, String(params.currency), (params.metadata as Json) ?? {});
    if (params.confirm === 'true') {
      const method = (params.payment_method as string | undefined) ?? ((params.payment_method_data as Json | undefined)?.card as Json | undefined)?.token;
      if (method === 'pm_card_chargeDeclined' || method === 'tok_chargeDeclined') {
        const lastError = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
        Object.assign(intent, { status: 'requires_payment_method', last_payment_error: lastError, payment_method: method });
        return this.error(402, 'card_error', 'Your card was declined.', { code: 'card_declined', decline_code: 'generic_decline', payment_intent: intent });
      }
      this.succeedIntent(intent.id as string, { feeCents: Math.round((amount * 29) / 1000) + 30 });
    }
    return { status: 200, body: this.expanded(intent, params.expand) };
  }

  private createSubscription(params: Json): { status: number; body: Json } {
    const items = (params.items as Json[] | undefined) ?? [];
    const price = items[0]?.price as string | undefined;
    if (!price || !params.customer) return this.error(400, 'invalid_request_error', 'Missing required param: items[0][price].');
    const prices: Record<string, number> = { price_live_stream_monthly: 2999, price_podcast_monthly: 999, price_podcast_setup: 1999, price_podcast_video_monthly: 1999, price_podcast_video_setup: 2999 };
    const start = nowSeconds();
    const end = start + 30 * 86_400;
    const subscriptionId = id('sub');
    const invoiceId = id('in');
    const extras = ((params.add_invoice_items as Json[] | undefined) ?? []).map((item) => ({
      id: id('il'),
      object: 'line_item',
      amount: prices[item.price as string] ?? this.createdPrices.get(item.price as string) ?? 0,
      period: { start, end: start },
      parent: { type: 'invoice_item_details', invoice_item_details: {}, subscription_item_details: null },
    }));
    const lines = [
      { id: id('il'), object: 'line_item', amount: prices[price] ?? this.createdPrices.get(price) ?? 0, period: { start, end }, parent: { type: 'subscription_item_details', subscription_item_details: {}, invoice_item_details: null } },
      ...extras,
    ];
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    const intent = this.newIntent(total, 'cad', {}, invoiceId);
    const invoice: Json = {
      id: invoiceId,
      object: 'invoice',
      status: 'open',
      billing_reason: 'subscription_create',
      amount_due: total,
      period_start: start,
      period_end: start,
      lines: { object: 'list', data: lines, has_more: false },
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
      confirmation_secret: { type: 'payment_intent', client_secret: intent.client_secret },
      payments: { object: 'list', data: [{ id: id('inpay'), object: 'invoice_payment', payment: { type: 'payment_intent', payment_intent: intent.id } }], has_more: false },
    };
    this.objects.set(invoiceId, invoice);
    const subscription: Json = {
      id: subscriptionId,
      object: 'subscription',
      customer: params.customer,
      status: 'incomplete',
      metadata: params.metadata ?? {},
      items: { object: 'list', data: [{ id: id('si'), object: 'subscription_item', price: { id: price }, current_period_start: start, current_period_end: end }] },
      latest_invoice: invoiceId,
      default_payment_method: null,
      request: { payment_behavior: params.payment_behavior, add_invoice_items: params.add_invoice_items ?? [] },
    };
    this.objects.set(subscriptionId, subscription);
    return { status: 200, body: this.subscriptionBody(subscription, params.expand) };
  }

  /** `POST /v1/subscriptions/{id}`: `cancel_at_period_end` ("true"/"false") and `default_payment_method`. */
  private updateSubscription(subscriptionId: string, params: Json): { status: number; body: Json } {
    const subscription = this.objects.get(subscriptionId);
    if (!subscription || subscription.object !== 'subscription') return this.error(404, 'invalid_request_error', `No such subscription: '${subscriptionId}'`, { code: 'resource_missing' });
    if (subscription.status === 'canceled') {
      return this.error(400, 'invalid_request_error', 'A canceled subscription can only update its cancellation_reason and cancellation_details.');
    }
    if (params.cancel_at_period_end !== undefined) {
      if (params.cancel_at_period_end !== 'true' && params.cancel_at_period_end !== 'false') return this.error(400, 'invalid_request_error', 'Invalid boolean: cancel_at_period_end', { param: 'cancel_at_period_end' });
      subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
      subscription.cancel_at = subscription.cancel_at_period_end ? ((subscription.items as { data: Json[] }).data[0]?.current_period_end ?? null) : null;
    }
    if (params.default_payment_method !== undefined) {
      const method = this.objects.get(params.default_payment_method as string);
      if (!method || method.object !== 'payment_method') {
        return this.error(400, 'invalid_request_error', `No such PaymentMethod: '${String(params.default_payment_method)}'`, { code: 'resource_missing', param: 'default_payment_method' });
      }
      if (method.customer !== subscription.customer) {
        return this.error(400, 'invalid_request_error', 'The customer does not have a payment method with the ID ' + String(method.id) + '.', { param: 'default_payment_method' });
      }
      subscription.default_payment_method = method.id;
    }
    return { status: 200, body: this.subscriptionBody(subscription, params.expand) };
  }

  private subscriptionBody(subscription: Json, expand?: unknown): Json {
    const paths = Array.isArray(expand) ? (expand as string[]) : [];
    const method = typeof subscription.default_payment_method === 'string' && paths.includes('default_payment_method') ? this.objects.get(subscription.default_payment_method) : undefined;
    return {
      ...subscription,
      cancel_at_period_end: subscription.cancel_at_period_end ?? false,
      latest_invoice: this.objects.get(subscription.latest_invoice as string) ?? subscription.latest_invoice,
      ...(method ? { default_payment_method: method } : {}),
    };
  }
}
