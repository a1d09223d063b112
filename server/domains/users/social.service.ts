import { DomainError } from '@server/platform/errors';
import { createHash, randomBytes } from 'node:crypto';
import { httpStatusOfCode } from '@server/platform/errors';
import { sourceLocale, textDirection, type Locale } from '@common/locales';
import { translate } from '@server/i18n/translate';
import { IdentityError, type ExternalIdentity } from '@server/providers/identity/interface';
import type { AppConfig } from '@server/config';
import type { OnceStore } from '@server/platform/bus-once';
import type { Services } from '@server/services';
import { creatorActivation } from './admin-users.service';
import { signInWithExternalIdentity } from './external-sign-in';

/** The `type` of every message the Apple popup posts to its opener. */
export const appleMessageType = 'cuepoint-apple-login';
export const appleCallbackPath = '/api/user/apple/callback';

export const appleMessages = {
  invalidHost: 'The host parameter must be the origin of this site (for example https://app.example.com)',
  needsPublicUrl: 'Apple sign-in behind a proxy needs PUBLIC_URL to be set',
  invalidState: 'This sign-in attempt is unknown or has expired. Please start again.',
  cancelled: 'Cancelled login',
  failed: 'The Apple sign-in failed. Please try again.',
  unexpected: 'Unexpected error. Please try again.',
} as const;

/** The popup page's own words, shown in the visitor's language (the message it posts stays in English). */
export const applePopupTexts = {
  title: 'Cuepoint sign-in',
  signedIn: 'You are signed in. You can close this window.',
} as const;

const stateLifetimeMs = 10 * 60 * 1000;

/** What the start of a sign-in remembers until its callback arrives. */
export interface AppleLoginState {
  nonce: string;
  codeVerifier: string;
  /** The validated origin of the page that opened the popup: the only target of postMessage. */
  host: string;
  roleId: 'viewer' | undefined;
  redirectUri: string;
  expiresAt: number;
}

/**
 * Pending sign-ins, keyed by the random `state`, in `services.once` (the callback may reach another instance than
 * the start did). Each state can be taken once, within its lifetime.
 */
export class AppleLoginStates {
  constructor(private readonly store: OnceStore) {}

  async create(entry: Omit<AppleLoginState, 'expiresAt'>): Promise<string> {
    const state = randomBytes(32).toString('base64url');
    await this.store.put(`apple:${state}`, JSON.stringify({ ...entry, expiresAt: Date.now() + stateLifetimeMs }), stateLifetimeMs);
    return state;
  }

  /** Removes and returns the entry; undefined when unknown, already used or expired. */
  async take(state: string): Promise<AppleLoginState | undefined> {
    if (!state) return undefined;
    const stored = await this.store.take(`apple:${state}`);
    if (stored === null) return undefined;
    const entry = JSON.parse(stored) as AppleLoginState;
    return entry.expiresAt > Date.now() ? entry : undefined;
  }
}

/**
 * The origin this server is reached at, the only place a session token may be posted to: PUBLIC_URL
 * when set; otherwise the request's own origin, but only while no proxy is trusted (the Host header
 * of a direct connection). Forwarded headers never count. Null when it cannot be known.
 */
export function serverOrigin(
  config: Pick<AppConfig, 'publicUrl' | 'trustProxy'>,
  request: { directProtocol: 'http' | 'https'; directHost: string | undefined },
): string | null {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  if (config.trustProxy !== false || !request.directHost) return null;
  try {
    return new URL(`${request.directProtocol}://${request.directHost}`).origin;
  } catch {
    return null;
  }
}

/**
 * `host` must be an http(s) origin (scheme, host, optional port; no path) equal to this server's
 * origin (see serverOrigin). Returns the normalised origin, or null.
 */
export function validateHost(host: string, ownOrigin: string): string | null {
  let url: URL;
  try {
    url = new URL(host);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin !== host.replace(/\/$/, '')) return null;
  return url.origin === ownOrigin ? url.origin : null;
}

export interface AppleStartInput {
  host: string;
  roleId: 'viewer' | undefined;
  /** From serverOrigin: null when this server's origin cannot be trusted (proxy without PUBLIC_URL). */
  ownOrigin: string | null;
}

export type AppleStartResult =
  | { kind: 'invalid-host'; message: string }
  | { kind: 'unknown-origin'; message: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; status: number; page: ApplePopupPage };

/** Validates the opener's origin, remembers the attempt and builds the provider's authorization URL. */
export async function startAppleSignIn(
  services: Services,
  states: AppleLoginStates,
  input: AppleStartInput,
): Promise<AppleStartResult> {
  if (!input.ownOrigin) return { kind: 'unknown-origin', message: appleMessages.needsPublicUrl };
  const host = validateHost(input.host, input.ownOrigin);
  if (!host) return { kind: 'invalid-host', message: appleMessages.invalidHost };
  const redirectUri = `${input.ownOrigin}${appleCallbackPath}`;
  const nonce = randomBytes(32).toString('base64url');
  const codeVerifier = randomBytes(32).toString('base64url');
  try {
    const state = await states.create({ nonce, codeVerifier, host, roleId: input.roleId, redirectUri });
    const location = await services.identity.appleAuthorizationUrl({ redirectUri, state, nonce, codeVerifier });
    return { kind: 'redirect', location };
  } catch (error) {
    if (!(error instanceof IdentityError)) throw error;
    services.log.warn({ err: error }, 'apple sign-in could not start');
    return { kind: 'page', status: 503, page: { targetOrigin: host, message: { type: appleMessageType, error: error.message } } };
  }
}

/** What the popup hands to its opener. */
export type AppleLoginMessage =
  | {
      type: typeof appleMessageType;
      token: string;
      role: string[];
      displayName: string;
      email: string;
      hasUnpaidInvoices: 'true' | 'false';
    }
  | { type: typeof appleMessageType; error: string };

export interface ApplePopupPage {
  /** Where postMessage may deliver; null when no trusted origin is known (nothing is posted). */
  targetOrigin: string | null;
  message: AppleLoginMessage;
}

/** Apple's "user" form field (first sign-in only): names that are not in the ID token. */
function namesFromAppleUser(raw: string | null): { firstName: string | null; lastName: string | null } {
  if (!raw || raw.length > 4096) return { firstName: null, lastName: null };
  try {
    const parsed = JSON.parse(raw) as { name?: { firstName?: unknown; lastName?: unknown } };
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 80) : null);
    return { firstName: text(parsed.name?.firstName), lastName: text(parsed.name?.lastName) };
  } catch {
    return { firstName: null, lastName: null };
  }
}

const callbackParamNames = ['code', 'state', 'iss', 'error', 'error_description'] as const;

/**
 * Completes the code flow with the callback's parameters (query or form_post body), signs the
 * person in (or links / creates the account) and describes the page that reports back.
 */
export async function completeAppleSignIn(
  services: Services,
  states: AppleLoginStates,
  params: Record<string, unknown>,
  ownOrigin: string | null,
): Promise<{ status: number; page: ApplePopupPage }> {
  const text = (name: string) => {
    const value = params[name];
    return typeof value === 'string' && value.length <= 4096 ? value : null;
  };
  const failure = (status: number, targetOrigin: string | null, error: string) => ({
    status,
    page: { targetOrigin, message: { type: appleMessageType, error } } satisfies ApplePopupPage,
  });

  const entry = await states.take(text('state') ?? '');
  // No trusted opener origin is known for an unknown state; the message only goes to our own origin.
  if (!entry) return failure(400, ownOrigin, appleMessages.invalidState);

  const providerError = text('error');
  if (providerError) {
    const cancelled = providerError === 'user_cancelled_authorize' || providerError === 'access_denied';
    return failure(cancelled ? 200 : 400, entry.host, cancelled ? appleMessages.cancelled : `${appleMessages.failed} (${providerError})`);
  }

  const callbackParams = new URLSearchParams();
  for (const name of callbackParamNames) {
    const value = text(name);
    if (value !== null) callbackParams.set(name, value);
  }

  let identity: ExternalIdentity;
  try {
    identity = await services.identity.appleCompleteSignIn({
      callbackParams,
      redirectUri: entry.redirectUri,
      state: text('state')!,
      nonce: entry.nonce,
      codeVerifier: entry.codeVerifier,
    });
  } catch (error) {
    if (!(error instanceof IdentityError)) {
      services.log.error({ err: error }, 'apple sign-in failed unexpectedly');
      return failure(500, entry.host, appleMessages.unexpected);
    }
    services.log.warn({ err: error }, 'apple sign-in failed');
    return failure(401, entry.host, error.message);
  }
  const names = namesFromAppleUser(text('user'));
  identity = { ...identity, firstName: identity.firstName ?? names.firstName, lastName: identity.lastName ?? names.lastName };

  try {
    const result = await signInWithExternalIdentity(services, identity, entry.roleId, await creatorActivation(services));
    if (result.kind === 'pending-activation') return failure(403, entry.host, result.message);
    const { token, user } = result.session;
    return {
      status: 200,
      page: {
        targetOrigin: entry.host,
        message: {
          type: appleMessageType,
          token,
          role: user.role,
          displayName: user.displayName,
          email: user.email,
          hasUnpaidInvoices: user.hasUnpaidInvoices,
        },
      },
    };
  } catch (error) {
    if (error instanceof DomainError && httpStatusOfCode[error.code] < 500) {
      return failure(httpStatusOfCode[error.code], entry.host, error.message);
    }
    services.log.error({ err: error }, 'apple sign-in failed unexpectedly');
    return failure(500, entry.host, appleMessages.unexpected);
  }
}

/** Serialises a value for a <script> block: JSON with every character that could end the block escaped. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A failure's text in `locale`: "The Apple sign-in failed." keeps the provider's code after it, as it came. */
function visibleText(locale: Locale, message: AppleLoginMessage): string {
  if (!('error' in message)) return translate(locale, applePopupTexts.signedIn);
  const { error } = message;
  if (error.startsWith(`${appleMessages.failed} (`)) return `${translate(locale, appleMessages.failed)}${error.slice(appleMessages.failed.length)}`;
  return translate(locale, error);
}

/**
 * The popup's page: one inline script (allowed by its hash in the Content-Security-Policy) posts
 * the message to the opener at the validated origin and closes the window. The visible text is
 * for the rare case without an opener, in the visitor's language (`locale`, request-locale.ts).
 */
export function renderApplePopupPage(page: ApplePopupPage, locale: Locale = sourceLocale): { html: string; contentSecurityPolicy: string } {
  const script =
    `(function(){var m=${scriptJson(page.message)};var o=${scriptJson(page.targetOrigin)};` +
    'if(o&&window.opener){window.opener.postMessage(m,o);window.close();}})();';
  const hash = createHash('sha256').update(script).digest('base64');
  const html =
    `<!doctype html><html lang="${locale}" dir="${textDirection(locale)}"><head><meta charset="utf-8">` +
    `<title>${escapeHtml(translate(locale, applePopupTexts.title))}</title></head>` +
    `<body><p id="message">${escapeHtml(visibleText(locale, page.message))}</p><script>${script}</script></body></html>`;
  const contentSecurityPolicy = `default-src 'none'; script-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
  return { html, contentSecurityPolicy };
}
