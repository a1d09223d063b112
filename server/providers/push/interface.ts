/** A browser's push subscription (the PushSubscription JSON minus expirationTime). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushMessage {
  /** The JSON text the service worker receives (encrypted per RFC 8291 on the way). */
  payload: string;
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** RFC 8030 Topic: a re-send with the same topic replaces an undelivered copy at the push service. */
  topic: string;
}

/**
 * What the push service said, already sorted for the queue:
 * - `delivered` (2xx), `gone` (404/410: the subscription is dead, delete it),
 * - `retry` (429, 5xx, network failure; `retryAfterMs` from the Retry-After header when given),
 * - `rejected` (any other answer: retrying would not help).
 */
export type PushOutcome =
  | { kind: 'delivered'; status: number }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; status: number | null; retryAfterMs: number | null; error: string }
  | { kind: 'rejected'; status: number; error: string };

export interface PushSender {
  /** The VAPID public key browsers subscribe with (base64url, uncompressed P-256 point). */
  readonly publicKey: string;
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
}
