import Stripe from 'stripe';
import { WebhookSignatureError, type ProviderEvent } from './interface';

interface RawEvent {
  id: string;
  type: string;
  data: { object: { id?: unknown; object?: unknown } };
}

const objectTypes: Record<string, ProviderEvent['objectType']> = {
  payment_intent: 'payment_intent',
  invoice: 'invoice',
  subscription: 'customer.subscription',
};

/** Stripe's `Stripe-Signature` header (`t=…,v1=…`, HMAC-SHA256 of `t.payload`), made by the SDK. */
export function signWebhookPayload(secret: string, payload: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
}

/** A signed event older than this is refused (a replayed capture), as Stripe's own libraries do. */
export const webhookToleranceSeconds = 300;

/** Verifies the signature over the exact raw body (5 minutes tolerance) and names the event's object. */
export function verifyWebhookPayload(secret: string, rawBody: Buffer | string, signature: string | undefined): ProviderEvent {
  if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
  let event: RawEvent;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret, webhookToleranceSeconds) as unknown as RawEvent;
  } catch {
    throw new WebhookSignatureError();
  }
  const object = event.data?.object ?? {};
  return {
    id: event.id,
    type: event.type,
    objectId: typeof object.id === 'string' ? object.id : '',
    objectType: (typeof object.object === 'string' && objectTypes[object.object]) || 'other',
  };
}
