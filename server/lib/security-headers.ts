import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '@server/config';

/**
 * The browser-facing header policy, in one place. The header sets are computed once from the config
 * (at start) and applied by one onRequest hook; a route that needs its own policy (Apple's popup page)
 * overrides single headers on its reply.
 */

/** Origins a feature adds to the Content-Security-Policy (only when that feature is configured). */
export interface ContentSecuritySources {
  script?: string[];
  style?: string[];
  frame?: string[];
  connect?: string[];
}

/** Pages under these prefixes may be framed by any site (embeddable players and event pages). */
export const framablePathPrefixes: readonly string[] = ['/embed/'];

/** Answers under these prefixes are data, not pages (Apple's popup page under /api sets its own policy). */
export const apiPathPrefixes: readonly string[] = ['/api/', '/trpc/', '/healthz', '/readyz', '/feeds/', '/msgHub'];

/** Stream and video players the event pages frame (platform.md §2: YouTube, Twitch, Vimeo stream values). */
/**
 * Creators paste any https embed URL as their stream (platform.md §3), so frames may come from any https origin;
 * scripts, connections and forms stay locked to this site.
 */
const streamPlayerOrigins = ['https:'];

/** What the configured sign-in and bot-check providers need to load in the browser. */
export function providerSources(config: Pick<AppConfig, 'google' | 'botCheck'> & Partial<Pick<AppConfig, 'payments'>>): ContentSecuritySources[] {
  const sources: ContentSecuritySources[] = [];
  if (config.google.clientId) {
    // Google Identity Services: its script, its button/One Tap iframe, styles and FedCM calls.
    sources.push({
      script: ['https://accounts.google.com/gsi/client'],
      style: ['https://accounts.google.com/gsi/style'],
      frame: ['https://accounts.google.com/gsi/'],
      connect: ['https://accounts.google.com/gsi/'],
    });
  }
  if (config.botCheck.provider === 'recaptcha') {
    sources.push({
      script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
      frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    });
  }
  if (config.payments?.stripePublishableKey) {
    // Stripe.js (card Element, 3-D Secure, the payment request button) and Google Pay's button and sheet.
    sources.push({
      script: ['https://js.stripe.com', 'https://pay.google.com'],
      frame: ['https://js.stripe.com', 'https://hooks.stripe.com', 'https://pay.google.com'],
      connect: ['https://api.stripe.com'],
    });
  }
  // Apple sign-in runs in a popup on our own /api/user/apple route (its page sends its own policy): nothing to add.
  return sources;
}

/** `'sha256-…'` sources for every inline <script> of a page (the built index.html has none today). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim()) hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

function contentSecurityPolicy(sources: ContentSecuritySources[], scriptHashes: string[], frameAncestors: string): string {
  const all = (kind: keyof ContentSecuritySources) => [...new Set(sources.flatMap((source) => source[kind] ?? []))];
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scriptHashes, ...all('script')]],
    // Inline style attributes (React, dialogs, toasts) but no inline or foreign scripts.
    ['style-src', ["'self'", "'unsafe-inline'", ...all('style')]],
    ['img-src', ["'self'", 'data:', 'blob:', 'https:']],
    ['media-src', ["'self'", 'blob:', 'https:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", 'https:', ...all('connect')]],
    ['frame-src', ["'self'", ...streamPlayerOrigins, ...all('frame')]],
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', [frameAncestors]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

export type HeaderSet = Readonly<Record<string, string>>;

export interface SecurityHeaders {
  /** Every response except framable pages. */
  page: HeaderSet;
  /** Pages under `framablePathPrefixes`: the same policy with `frame-ancestors *` and no X-Frame-Options. */
  embed: HeaderSet;
  /**
   * Machine answers (`apiPathPrefixes`: JSON, feeds, the health check): never rendered as a page, so they carry only
   * what protects a non-document answer (no sniffing, no framing, nothing loadable, no cross-site reads); the feeds
   * and the calendar open themselves with `crossOriginReadableHeaders`.
   */
  api: HeaderSet;
}

export interface SecurityHeaderOptions {
  /** Inline scripts allowed by hash (see inlineScriptHashes). */
  scriptHashes?: string[];
  /** Sources other features add when configured (e.g. a card provider's script and frames). */
  extraSources?: ContentSecuritySources[];
}

export function buildSecurityHeaders(config: Pick<AppConfig, 'google' | 'botCheck'> & Partial<Pick<AppConfig, 'payments'>>, options: SecurityHeaderOptions = {}): SecurityHeaders {
  const sources = [...providerSources(config), ...(options.extraSources ?? [])];
  const scriptHashes = options.scriptHashes ?? [];
  const shared = {
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy':
      'camera=(self), microphone=(self), display-capture=(self), geolocation=(), usb=(), serial=(), hid=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), browsing-topics=(), payment=(self)',
    // The sign-in popups (Apple's page, Google's account chooser) must keep window.opener to hand the session back.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  return {
    page: Object.freeze({
      ...shared,
      'content-security-policy': contentSecurityPolicy(sources, scriptHashes, "'self'"),
      'x-frame-options': 'SAMEORIGIN',
    }),
    embed: Object.freeze({ ...shared, 'content-security-policy': contentSecurityPolicy(sources, scriptHashes, '*') }),
    api: Object.freeze({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': shared['referrer-policy'],
      'strict-transport-security': shared['strict-transport-security'],
      'x-content-type-options': 'nosniff',
    }),
  };
}

/**
 * Public media that players, readers and calendar apps on other sites load (public uploads, podcast feeds, the
 * `.ics` calendar, free events' HLS and replays): readable from any origin (CORS `*`, no credentials) and loadable
 * cross-origin (CORP), with the headers a media player reads exposed. Everything else keeps `same-origin`.
 */
export const crossOriginReadableHeaders: HeaderSet = Object.freeze({
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Accept-Ranges, Content-Range, Content-Length, Content-Encoding, ETag, Last-Modified',
  'cross-origin-resource-policy': 'cross-origin',
});

/** The CORS preflight of those paths: GET and HEAD, with Range and the conditional headers, for a day. */
export const crossOriginPreflightHeaders: HeaderSet = Object.freeze({
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD',
  'access-control-allow-headers': 'Range, If-Range, If-None-Match, If-Modified-Since',
  'access-control-max-age': '86400',
  'cross-origin-resource-policy': 'cross-origin',
});

export function isFramablePath(url: string): boolean {
  return framablePathPrefixes.some((prefix) => url.startsWith(prefix));
}

/** The header set for a request path (with or without its query). */
export function securityHeadersFor(headers: SecurityHeaders, url: string): HeaderSet {
  if (apiPathPrefixes.some((prefix) => url.startsWith(prefix))) return headers.api;
  return isFramablePath(url) ? headers.embed : headers.page;
}

/** One onRequest hook applies the precomputed set; routes may still override single headers. */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeadersFor(headers, request.url));
    done();
  });
}
