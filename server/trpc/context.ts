import type { FastifyRequest } from 'fastify';
import { findUserById } from '@server/domains/users/session-reads';
import { isApiTokenString, resolveApiTokenActor } from '@server/domains/api-tokens/api-tokens.service';
import { TokenInvalidError, type TokenClaims } from '@server/platform/tokens';
import type { Actor, UserRow } from '@server/platform/actor';
import type { AppServices } from '@server/composition';

export type { Actor, AppServices, UserRow };

export interface Context {
  services: AppServices;
  actor: Actor | null;
  /** Why a presented token was not accepted ("Invalid access_token" or "access_token expired"). */
  authError: string | null;
  clientIp: string;
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
 * call. A token verified before is taken from the token service's cache without a promise, so a request whose session
 * row is cached too waits on nothing but the row read.
 */
export async function resolveActor(services: AppServices, token: string | null): Promise<ResolvedActor> {
  if (!token) return noToken;
  if (isApiTokenString(token)) return resolveApiTokenActor(services, token);
  let claims: TokenClaims | undefined;
  try {
    claims = services.tokens.verifyCached(token) ?? (await services.tokens.verify(token));
  } catch (error) {
    if (error instanceof TokenInvalidError) return refused(error);
    throw error;
  }
  const user = await findUserById(services, claims.sub);
  if (!user || user.tokenVersion !== claims.ver || user.role !== claims.role || (!user.isActive && user.role !== 'viewer') || user.deactivatedAt !== null) {
    return invalidToken;
  }
  const actor: Actor = { id: user.id, role: user.role, typ: claims.typ, issuedAt: claims.iat, token, user };
  if (claims.act) {
    if (!(await isActingAdminValid(services, claims.act))) return invalidToken;
    actor.emulatedBy = { id: claims.act.sub, tokenVersion: claims.act.ver };
  }
  return { actor, authError: null };
}

/** An emulation token lives only as long as its admin: still there, still an active admin, same token version. */
async function isActingAdminValid(services: AppServices, act: { sub: string; ver: number }): Promise<boolean> {
  const admin = await findUserById(services, act.sub);
  return !!admin && admin.role === 'admin' && admin.isActive && admin.tokenVersion === act.ver;
}

export async function createContext(
  services: AppServices,
  request: Pick<FastifyRequest, 'headers' | 'ip'>,
  connectionParams?: Record<string, string | undefined> | null,
): Promise<Context> {
  const token = bearerToken(request.headers.authorization) ?? connectionParams?.token ?? null;
  const { actor, authError } = token ? await resolveActor(services, token) : noToken;
  return { services, actor, authError, clientIp: request.ip };
}
