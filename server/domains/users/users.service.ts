import { DomainError } from '@server/platform/errors';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { users } from '@db/schema/users';
import { nowIso } from '@server/lib/ids';
import type { Services } from '@server/services';
import type { Actor, UserRow } from '@server/platform/actor';
import type { Locale } from '@common/locales';
import { authMessages, type SessionUser, type UpdateSelfInput, type ViewerProfileInput } from './users.schemas';
import { findUserById, sessionChanged, toSessionUser } from './session-reads';

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return firstRow(db.select().from(users).where(eq(users.email, email.trim().toLowerCase())));
}

/** Login accepts the email or the creator tag. */
export async function findUserByLogin(db: Db, identifier: string): Promise<UserRow | undefined> {
  const value = identifier.trim().toLowerCase();
  return firstRow(
    db
      .select()
      .from(users)
      .where(sql`${users.email} = ${value} OR lower(${users.creatorTag}) = ${value}`)
      .limit(1),
  );
}

export async function checkUserExists(db: Db, email: string): Promise<{ exists: boolean }> {
  return { exists: !!(await findUserByEmail(db, email)) };
}

export async function updateSelf(services: Services, actor: Actor, input: UpdateSelfInput): Promise<SessionUser> {
  const changes = input.user;
  const { db } = services;
  await db
    .update(users)
    .set({
      ...(changes.displayName !== undefined && { displayName: changes.displayName }),
      ...(changes.firstName !== undefined && { firstName: changes.firstName }),
      ...(changes.lastName !== undefined && { lastName: changes.lastName }),
      ...(changes.description !== undefined && { description: changes.description }),
      ...(changes.imageUrl !== undefined && { imageUrl: changes.imageUrl }),
      ...(changes.shortcuts !== undefined && { shortcuts: changes.shortcuts }),
      updatedAt: nowIso(),
    })
    .where(eq(users.id, actor.id));
  return toSessionUser(services, (await findUserById(services, actor.id))!);
}

export async function updateViewerProfile(services: Services, actor: Actor, input: ViewerProfileInput): Promise<SessionUser> {
  if (input.id !== actor.id) throw new DomainError({ code: 'FORBIDDEN', message: authMessages.ownProfileOnly });
  const { db } = services;
  await db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      displayName: `${input.firstName} ${input.lastName}`,
      ...(input.imageUrl !== undefined && { imageUrl: input.imageUrl }),
      updatedAt: nowIso(),
    })
    .where(eq(users.id, actor.id));
  return toSessionUser(services, (await findUserById(services, actor.id))!);
}

/** The account's language, for every device it signs in on (and the language of its mails and error messages). */
export async function setLocale(services: Services, actor: Actor, locale: Locale): Promise<{ locale: Locale }> {
  await services.db.update(users).set({ locale, updatedAt: nowIso() }).where(eq(users.id, actor.id));
  // Every instance reads the row again at once: the next answer's errors are in the new language.
  sessionChanged(services, actor.id);
  return { locale };
}

/**
 * A creator registered through checkout has paid their first subscription: lift the checkout-only
 * limit (payments call this when the first payment is confirmed). Idempotent.
 */
export async function markSubscriptionPaid(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ pendingPayment: false, updatedAt: nowIso() }).where(and(eq(users.id, userId), eq(users.pendingPayment, true)));
}
