import type { FastifyRequest } from 'fastify';
import { findUserById, findUserByIdNow } from '@server/domains/users/session-reads';
import { isApiTokenString, resolveApiTokenActor } from '@server/domains/api-tokens/api-tokens.service';
import { TokenInvalidError, type TokenClaims } from '@server/platform/tokens';
import type { Actor, UserRow } from '@server/platform/actor';
import type { AppServices } from '@server/composition';
import type { Locale } from '@common/locales';
import { requestLocale } from '@server/i18n/request-locale';

export type { Actor, AppServices, UserRow };

export interface Context {
  services: AppServices;
  actor: Actor | null;
  /** Why a presented token was not accepted ("Invalid access_token" or "access_token expired"). */
  authError: string | null;
  clientIp: string;
  /** The request's `Accept-Language`, kept as it came: read only when an answer is translated (`contextLocale`). */
  acceptLanguage?: string | undefined;
}

export function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(value.trim());
  return match?.[1] ?? null;
}

/** What a presented token resolves to: the signed-in actor, or why the token was refused (both null: no token). */
export interface ResolvedActor {
  actor: Actor | null;
  authError: string | null;
}

const noToken: ResolvedActor = Object.freeze({ actor: null, authError: null });
const invalidToken: ResolvedActor = Object.freeze({ actor: null, authError: 'Invalid access_token' });
const expiredToken: ResolvedActor = Object.freeze({ actor: null, authError: 'access_token expired' });

function refused(error: TokenInvalidError): ResolvedActor {
  if (error.message === invalidToken.authError) return invalidToken;
  if (error.message === expiredToken.authError) return expiredToken;
  return { actor: null, authError: error.message };
}

/**
 * The actor a token stands for, checked against the user row as stored now (token version, role, activation) on every
 * call. Answered without a promise when it can be (a token verified before, its user row kept by the session reads
 * or read by the sync read): a signed-in request then waits on nothing before its procedure runs.
 */
export function resolveActor(services: AppServices, token: string | null): ResolvedActor | Promise<ResolvedActor> {
  if (!token) return noToken;
  if (isApiTokenString(token)) return resolveApiTokenActor(services, token);
  let claims: TokenClaims | undefined;
  try {
    claims = services.tokens.verifyCached(token);
  } catch (error) {
    if (error instanceof TokenInvalidError) return refused(error);
    throw error;
  }
  if (!claims) return resolveVerifiedActor(services, token);
  const user = findUserByIdNow(services, claims.sub);
  if (user instanceof Promise) return user.then((row) => actorOf(services, token, claims, row));
  return actorOf(services, token, claims, user);
}

/** A token not verified before: its signature checked first (jose's promise). */
async function resolveVerifiedActor(services: AppServices, token: string): Promise<ResolvedActor> {
  let claims: TokenClaims;
  try {
    claims = await services.tokens.verify(token);
  } catch (error) {
    if (error instanceof TokenInvalidError) return refused(error);
    throw error;
  }
  return actorOf(services, token, claims, await findUserById(services, claims.sub));
}

function actorOf(services: AppServices, token: string, claims: TokenClaims, user: UserRow | undefined): ResolvedActor | Promise<ResolvedActor> {
  if (!user || user.tokenVersion !== claims.ver || user.role !== claims.role || (!user.isActive && user.role !== 'viewer') || user.deactivatedAt !== null) {
    return invalidToken;
  }
  const actor: Actor = { id: user.id, role: user.role, typ: claims.typ, issuedAt: claims.iat, token, user };
  if (!claims.act) return { actor, authError: null };
  const act = claims.act;
  return isActingAdminValid(services, act).then((valid) => {
    if (!valid) return invalidToken;
    actor.emulatedBy = { id: act.sub, tokenVersion: act.ver };
    return { actor, authError: null };
  });
}

/** An emulation token lives only as long as its admin: still there, still an active admin, same token version. */
async function isActingAdminValid(services: AppServices, act: { sub: string; ver: number }): Promise<boolean> {
  const admin = await findUserById(services, act.sub);
  return !!admin && admin.role === 'admin' && admin.isActive && admin.tokenVersion === act.ver;
}

/** The request's context: without a promise when its actor is had so (see `resolveActor`). */
export function createContext(
  services: AppServices,
  request: Pick<FastifyRequest, 'headers' | 'ip'>,
  connectionParams?: Record<string, string | undefined> | null,
): Context | Promise<Context> {
  const token = bearerToken(request.headers.authorization) ?? connectionParams?.token ?? null;
  const clientIp = request.ip;
  const acceptLanguage = request.headers['accept-language'];
  if (!token) return { services, actor: null, authError: null, clientIp, acceptLanguage };
  const resolved = resolveActor(services, token);
  if (resolved instanceof Promise) return resolved.then(({ actor, authError }) => ({ services, actor, authError, clientIp, acceptLanguage }));
  return { services, actor: resolved.actor, authError: resolved.authError, clientIp, acceptLanguage };
}

/** The caller's language (`requestLocale`): worked out only when asked, for an error or a mail, never per request. */
export function contextLocale(ctx: Pick<Context, 'actor' | 'acceptLanguage'> | null | undefined): Locale {
  return requestLocale(ctx?.actor?.user.locale, ctx?.acceptLanguage);
}

/**
 * The language of a request that has no context at hand (the REST error handler): its token's account, read again
 * (answered from the verified-token cache and session reads on every request but a token's first), else its header.
 */
export function requestLocaleOf(services: AppServices, request: Pick<FastifyRequest, 'headers'>): Locale | Promise<Locale> {
  const acceptLanguage = request.headers['accept-language'];
  const token = bearerToken(request.headers.authorization);
  const resolved = token ? resolveActor(services, token) : noToken;
  if (resolved instanceof Promise) return resolved.then(({ actor }) => requestLocale(actor?.user.locale, acceptLanguage), () => requestLocale(null, acceptLanguage));
  return requestLocale(resolved.actor?.user.locale, acceptLanguage);
}
