import { TRPCError } from '@trpc/server';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { users } from '@db/schema/users';
import { nowIso } from '@server/lib/ids';
import type { Actor, AppServices, UserRow } from '@server/trpc/context';
import type { SessionUser, UpdateSelfInput, ViewerProfileInput } from './users.schemas';
import { findUserById, toSessionUser } from './session-reads';

export function findUserByEmail(db: Db, email: string): UserRow | undefined {
  return db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
}

/** Login accepts the email or the creator tag. */
export function findUserByLogin(db: Db, identifier: string): UserRow | undefined {
  const value = identifier.trim().toLowerCase();
  return db
    .select()
    .from(users)
    .where(sql`${users.email} = ${value} OR lower(${users.creatorTag}) = ${value}`)
    .get();
}

export function checkUserExists(db: Db, email: string): { exists: boolean } {
  return { exists: !!findUserByEmail(db, email) };
}

export function updateSelf(services: AppServices, actor: Actor, input: UpdateSelfInput): SessionUser {
  const changes = input.user;
  const { db } = services;
  db.update(users)
    .set({
      ...(changes.displayName !== undefined && { displayName: changes.displayName }),
      ...(changes.firstName !== undefined && { firstName: changes.firstName }),
      ...(changes.lastName !== undefined && { lastName: changes.lastName }),
      ...(changes.description !== undefined && { description: changes.description }),
      ...(changes.imageUrl !== undefined && { imageUrl: changes.imageUrl }),
      ...(changes.shortcuts !== undefined && { shortcuts: changes.shortcuts }),
      updatedAt: nowIso(),
    })
    .where(eq(users.id, actor.id))
    .run();
  return toSessionUser(db, findUserById(db, actor.id)!);
}

export function updateViewerProfile(services: AppServices, actor: Actor, input: ViewerProfileInput): SessionUser {
  if (input.id !== actor.id) throw new TRPCError({ code: 'FORBIDDEN', message: 'You can only update your own profile' });
  const { db } = services;
  db.update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      displayName: `${input.firstName} ${input.lastName}`,
      ...(input.imageUrl !== undefined && { imageUrl: input.imageUrl }),
      updatedAt: nowIso(),
    })
    .where(eq(users.id, actor.id))
    .run();
  return toSessionUser(db, findUserById(db, actor.id)!);
}

/**
 * A creator registered through checkout has paid their first subscription: lift the checkout-only
 * limit (payments call this when the first payment is confirmed). Idempotent.
 */
export function markSubscriptionPaid(db: Db, userId: string): void {
  db.update(users).set({ pendingPayment: false, updatedAt: nowIso() }).where(and(eq(users.id, userId), eq(users.pendingPayment, true))).run();
}
