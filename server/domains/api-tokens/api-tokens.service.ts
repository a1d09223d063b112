import { DomainError } from '@server/platform/errors';
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { apiTokens } from '@db/schema/api-tokens';
import { users } from '@db/schema/users';
import { newId } from '@server/lib/ids';
import type { Services } from '@server/services';
import type { Actor } from '@server/platform/actor';
import {
  apiTokenMessages,
  apiTokenPrefix,
  apiTokenScopes,
  type ApiTokenScope,
  type ApiTokenSummary,
} from './api-tokens.schemas';

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

const lastUsedPrecisionMs = 60_000;
const maxActiveTokens = 50;
const dayMs = 24 * 3600 * 1000;

export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isApiTokenString(token: string): boolean {
  return token.startsWith(apiTokenPrefix);
}

type ApiTokenRow = typeof apiTokens.$inferSelect;

function toSummary(row: ApiTokenRow): ApiTokenSummary {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes.filter((scope): scope is ApiTokenScope => (apiTokenScopes as readonly string[]).includes(scope)),
    hint: row.tokenHint,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
  };
}

function refuseApiTokenManagement(actor: Actor): void {
  if (actor.emulatedBy) throw new DomainError({ code: 'FORBIDDEN', message: apiTokenMessages.emulating });
}

export async function createApiToken(
  db: Db,
  actor: Actor,
  input: { name: string; scopes: ApiTokenScope[]; expiresInDays?: number | undefined },
  now = new Date(),
): Promise<{ token: string; apiToken: ApiTokenSummary }> {
  refuseApiTokenManagement(actor);
  if (input.scopes.includes('admin') && actor.role !== 'admin') {
    throw new DomainError({ code: 'FORBIDDEN', message: apiTokenMessages.adminScopeForAdmins });
  }
  const token = apiTokenPrefix + randomBytes(32).toString('base64url');
  // Counting the active tokens and adding one is one step: two creations at once cannot both pass the limit.
  const row = await db.transaction(async (tx) => {
    const active = (await listApiTokens(tx, actor)).filter((summary) => !summary.revokedAt && !isExpired(summary.expiresAt, now));
    if (active.length >= maxActiveTokens) throw new DomainError({ code: 'CONFLICT', message: apiTokenMessages.tooMany });
    return (await firstRow(
      tx
        .insert(apiTokens)
        .values({
          id: newId(),
          userId: actor.id,
          name: input.name,
          tokenHash: hashApiToken(token),
          tokenHint: token.slice(-4),
          scopes: input.scopes,
          createdAt: now.toISOString(),
          expiresAt: input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * dayMs).toISOString() : null,
        })
        .returning(),
    ))!;
  });
  return { token, apiToken: toSummary(row) };
}

export async function listApiTokens(db: Db | Transaction, actor: Actor): Promise<ApiTokenSummary[]> {
  refuseApiTokenManagement(actor);
  return (await db.select().from(apiTokens).where(eq(apiTokens.userId, actor.id)).orderBy(desc(apiTokens.createdAt))).map(toSummary);
}

export async function revokeApiToken(db: Db, actor: Actor, id: string, now = new Date()): Promise<ApiTokenSummary> {
  refuseApiTokenManagement(actor);
  // The answer tells the token's state as this revoke left it: reading and revoking are one step.
  return db.transaction(async (tx) => {
    const row = await firstRow(
      tx
        .select()
        .from(apiTokens)
        .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, actor.id))),
    );
    if (!row) throw new DomainError({ code: 'NOT_FOUND', message: apiTokenMessages.notFound });
    if (row.revokedAt) return toSummary(row);
    const updated = await firstRow(
      tx
        .update(apiTokens)
        .set({ revokedAt: now.toISOString() })
        .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
        .returning(),
    );
    return toSummary(updated ?? row);
  });
}

function isExpired(expiresAt: string | null, now: Date): boolean {
  return !!expiresAt && Date.parse(expiresAt) <= now.getTime();
}

/** Why a stored token does not admit its bearer now, or null when it does. */
function refusalOf(row: ApiTokenRow, owner: typeof users.$inferSelect | undefined, now: Date): string | null {
  if (row.revokedAt) return apiTokenMessages.revoked;
  if (isExpired(row.expiresAt, now)) return apiTokenMessages.expired;
  // A deactivated owner, or one who is no longer a creator or admin, has no working tokens.
  if (!owner || !owner.isActive || (owner.role !== 'dj' && owner.role !== 'admin')) return apiTokenMessages.invalid;
  return null;
}

/**
 * The Actor behind an `Authorization: Bearer cp_...` token, looked up on every request (no cache, so a revoke
 * or an expiry counts from the next request). Records `last_used_at` at most once a minute.
 */
export async function resolveApiTokenActor(
  services: Services,
  token: string,
  now = new Date(),
): Promise<{ actor: Actor | null; authError: string | null }> {
  const found = await firstRow(
    services.db
      .select({ token: apiTokens, owner: users })
      .from(apiTokens)
      .leftJoin(users, eq(users.id, apiTokens.userId))
      .where(eq(apiTokens.tokenHash, hashApiToken(token))),
  );
  if (!found) return { actor: null, authError: apiTokenMessages.invalid };
  const refusal = refusalOf(found.token, found.owner ?? undefined, now);
  if (refusal || !found.owner) return { actor: null, authError: refusal ?? apiTokenMessages.invalid };
  if (!found.token.lastUsedAt || now.getTime() - Date.parse(found.token.lastUsedAt) >= lastUsedPrecisionMs) {
    await services.db.update(apiTokens).set({ lastUsedAt: now.toISOString() }).where(eq(apiTokens.id, found.token.id));
  }
  const owner = found.owner;
  return {
    actor: {
      id: owner.id,
      role: owner.role,
      typ: 'user',
      issuedAt: Math.floor(Date.parse(found.token.createdAt) / 1000),
      token,
      user: owner,
      apiToken: { id: found.token.id, scopes: toSummary(found.token).scopes },
    },
    authError: null,
  };
}

/**
 * Re-checks a token already resolved for this connection: a websocket keeps its context for its whole life,
 * so each procedure call asks again whether the token was revoked or expired meanwhile.
 */
export async function apiTokenRefusal(db: Db, tokenId: string, now = new Date()): Promise<string | null> {
  const found = await firstRow(
    db
      .select({ token: apiTokens, owner: users })
      .from(apiTokens)
      .leftJoin(users, eq(users.id, apiTokens.userId))
      .where(eq(apiTokens.id, tokenId)),
  );
  if (!found) return apiTokenMessages.invalid;
  return refusalOf(found.token, found.owner ?? undefined, now);
}
