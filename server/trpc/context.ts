import type { FastifyRequest } from 'fastify';
import { findUserById } from '@server/domains/users/session-reads';
import { isApiTokenString, resolveApiTokenActor } from '@server/domains/api-tokens/api-tokens.service';
import { TokenInvalidError } from '@server/platform/tokens';
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

export async function resolveActor(
  services: AppServices,
  token: string | null,
): Promise<{ actor: Actor | null; authError: string | null }> {
  if (!token) return { actor: null, authError: null };
  if (isApiTokenString(token)) return resolveApiTokenActor(services, token);
  try {
    const claims = await services.tokens.verify(token);
    const user = await findUserById(services, claims.sub);
    if (!user || user.tokenVersion !== claims.ver || user.role !== claims.role || (!user.isActive && user.role !== 'viewer') || user.deactivatedAt !== null) {
      return { actor: null, authError: 'Invalid access_token' };
    }
    const actor: Actor = { id: user.id, role: user.role, typ: claims.typ, issuedAt: claims.iat, token, user };
    if (claims.act) {
      if (!(await isActingAdminValid(services, claims.act))) return { actor: null, authError: 'Invalid access_token' };
      actor.emulatedBy = { id: claims.act.sub, tokenVersion: claims.act.ver };
    }
    return { actor, authError: null };
  } catch (error) {
    if (error instanceof TokenInvalidError) return { actor: null, authError: error.message };
    throw error;
  }
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
  const { actor, authError } = await resolveActor(services, token);
  return { services, actor, authError, clientIp: request.ip };
}
