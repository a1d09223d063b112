import webPush from 'web-push';
import type { PushMessage, PushOutcome, PushSender, PushTarget } from './interface';
import type { VapidKeys } from './vapid-keys';

const requestTimeoutMs = 30_000;
/** VAPID tokens are valid 12 hours and reused for one hour per push service (signing one costs more than encrypting). */
const vapidLifetimeSeconds = 12 * 3600;
const vapidReuseMs = 3600_000;

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payloads (RFC 8291): the `web-push` library
 * encrypts and signs, `fetch` carries the request (so the answer's status and Retry-After reach the queue).
 */
export class WebPushSender implements PushSender {
  readonly publicKey: string;

  constructor(
    private readonly keys: VapidKeys,
    private readonly subject: string,
  ) {
    this.publicKey = keys.publicKey;
  }

  private readonly vapidByAudience = new Map<string, { authorization: string; signedAt: number }>();

  /** `vapid t=…, k=…` for a push service origin (RFC 8292 `aud`), signed once and reused for an hour. */
  private vapidAuthorization(audience: string, now = Date.now()): string {
    const cached = this.vapidByAudience.get(audience);
    if (cached && now - cached.signedAt < vapidReuseMs) return cached.authorization;
    const { Authorization } = webPush.getVapidHeaders(
      audience,
      this.subject,
      this.keys.publicKey,
      this.keys.privateKey,
      'aes128gcm',
      Math.floor(now / 1000) + vapidLifetimeSeconds,
    );
    if (this.vapidByAudience.size > 1000) this.vapidByAudience.clear();
    this.vapidByAudience.set(audience, { authorization: Authorization, signedAt: now });
    return Authorization;
  }

  async send(target: PushTarget, message: PushMessage): Promise<PushOutcome> {
    // Encrypted per subscription by web-push; the VAPID header is added from the per-origin cache.
    const request = webPush.generateRequestDetails(target, message.payload, {
      TTL: message.ttlSeconds,
      urgency: message.urgency,
      topic: message.topic,
      contentEncoding: 'aes128gcm',
    });
    const headers: Record<string, string> = { Authorization: this.vapidAuthorization(new URL(target.endpoint).origin) };
    for (const [name, value] of Object.entries(request.headers)) headers[name] = String(value);
    let response: Response;
    try {
      response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
    } catch (error) {
      return { kind: 'retry', status: null, retryAfterMs: null, error: error instanceof Error ? error.message : 'network error' };
    }
    // The body is only a diagnostic; never keep more than a line of it.
    const text = (await response.text().catch(() => '')).slice(0, 200);
    return classify(response.status, response.headers.get('retry-after'), text);
  }
}

export function classify(status: number, retryAfter: string | null, body: string, now = Date.now()): PushOutcome {
  if (status >= 200 && status < 300) return { kind: 'delivered', status };
  if (status === 404 || status === 410) return { kind: 'gone', status };
  if (status === 429 || status >= 500) {
    return { kind: 'retry', status, retryAfterMs: parseRetryAfter(retryAfter, now), error: `push service answered ${status}${body ? `: ${body}` : ''}` };
  }
  return { kind: 'rejected', status, error: `push service answered ${status}${body ? `: ${body}` : ''}` };
}

/** Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
