import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** Signed URLs are made per window of this length: the same URL all through it (a refetch keeps a player's `src`). */
const windowSeconds = 6 * 3600;

/**
 * Short-lived signed `/uploads` URLs for files no one may load without them: a members-only title's media as its
 * creator sees it in the podcasts app (a media element cannot send a bearer token). HMAC-SHA256 of the name and
 * the expiry under a key derived (HKDF) from the app secret for this purpose only. A URL is valid until the end of
 * the next whole six-hour window (6 to 12 hours), so two reads within a window answer the same URL.
 */
export class SignedUploads {
  private readonly key: Buffer;

  constructor(
    appSecret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', appSecret, 'cuepoint', 'signed upload urls v1', 32));
  }

  private signature(name: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${name}\n${expires}`).digest('base64url');
  }

  /** `/uploads/<name>` → `/uploads/<name>?expires=…&signature=…`; any other value (null, an external URL) as it is. */
  sign<T extends string | null>(url: T): T {
    const name = url && /^\/uploads\/([^/?#]+)$/.exec(url)?.[1];
    if (!name) return url;
    const nowSeconds = Math.floor(this.now() / 1000);
    const expires = (Math.floor(nowSeconds / windowSeconds) + 2) * windowSeconds;
    return `${url}?expires=${expires}&signature=${this.signature(decodeURIComponent(name), expires)}` as T;
  }

  /** Whether the query of a request for the stored file `name` carries a valid, unexpired signature. */
  verify(name: string, query: unknown): boolean {
    const { expires, signature } = (query ?? {}) as { expires?: unknown; signature?: unknown };
    if (typeof expires !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
    const expiresAt = Number(expires);
    if (expiresAt * 1000 <= this.now()) return false;
    const expected = Buffer.from(this.signature(name, expiresAt));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
