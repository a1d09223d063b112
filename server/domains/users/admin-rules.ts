import { DomainError } from '@server/platform/errors';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { users } from '@db/schema/users';
import { firstRow } from '@db/store';
import { nowIso } from '@server/lib/ids';
import type { Services } from '@server/services';
import type { Actor, UserRow } from '@server/platform/actor';
import { authMessages, type SessionUser } from './users.schemas';
import type { UserRole } from '@common/roles';
import { findUserById, sessionChanged, toSessionUser } from './session-reads';

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

export const adminRuleMessages = {
  notOwnAccount: 'You cannot deactivate or demote your own account',
  lastAdmin: 'The last active admin cannot be deactivated or demoted',
} as const;

/**
 * The admin rules every user-management change goes through: an admin never deactivates or demotes
 * themself, and the last active admin stays. Call inside the transaction that writes the change.
 */
export async function assertAdminChangeAllowed(
  db: Db | Transaction,
  actor: Pick<Actor, 'id'>,
  target: UserRow,
  change: { isActive?: boolean; role?: UserRole },
): Promise<void> {
  const removesAdmin =
    target.role === 'admin' && target.isActive && (change.isActive === false || (change.role !== undefined && change.role !== 'admin'));
  if (!removesAdmin) return;
  if (target.id === actor.id) throw new DomainError({ code: 'FORBIDDEN', message: adminRuleMessages.notOwnAccount });
  const activeAdmins = await firstRow(
    db
      .select({ count: sql<number>`count(*)` })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.isActive, true))),
  );
  if ((activeAdmins?.count ?? 0) <= 1) throw new DomainError({ code: 'CONFLICT', message: adminRuleMessages.lastAdmin });
}

interface ActivationColumns {
  isActive?: boolean;
  pendingPayment?: boolean;
  deactivatedAt?: string | null;
  tokenVersion?: SQL;
}

/**
 * The columns an admin's activation change writes. Deactivating an active account stamps `deactivated_at` and bumps
 * its token version, so every token it holds (viewers' too) stops working at once; activating clears the stamp and
 * ends a pending checkout payment. A creator still waiting for a first activation stays waiting (not deactivated).
 */
export function activationChange(current: UserRow, isActive: boolean | undefined): ActivationColumns {
  if (isActive === true) return { isActive, pendingPayment: false, deactivatedAt: null };
  if (isActive === false && current.isActive) return { isActive, deactivatedAt: nowIso(), tokenVersion: sql`${users.tokenVersion} + 1` };
  return isActive === undefined ? {} : { isActive };
}

async function requireUser(db: Db | Transaction, id: string): Promise<UserRow> {
  const user = await firstRow(db.select().from(users).where(eq(users.id, id)));
  if (!user) throw new DomainError({ code: 'NOT_FOUND', message: authMessages.userNotFound });
  return user;
}

/** After an active account was deactivated (committed): `users:deactivated`. */
export async function announceDeactivation(services: Pick<Services, 'domainEvents'>, before: Pick<UserRow, 'id' | 'isActive' | 'creatorTag'>, isActive: boolean | undefined): Promise<void> {
  if (isActive === false && before.isActive) await services.domainEvents.publish('users:deactivated', { userId: before.id, creatorTag: before.creatorTag });
}

/** Admin activation (or deactivation): see activationChange. */
export async function setUserActive(
  services: Pick<Services, 'db' | 'store' | 'bus' | 'domainEvents'>,
  actor: Pick<Actor, 'id'>,
  id: string,
  isActive: boolean,
): Promise<SessionUser> {
  const { db } = services;
  const before = await db.transaction(async (tx) => {
    const user = await requireUser(tx, id);
    await assertAdminChangeAllowed(tx, actor, user, { isActive });
    await tx
      .update(users)
      .set({ ...activationChange(user, isActive), updatedAt: nowIso() })
      .where(eq(users.id, id));
    return user;
  });
  sessionChanged(services, id);
  await announceDeactivation(services, before, isActive);
  return toSessionUser(services, (await findUserById(services, id))!);
}

/** Changes an account's role; its tokens (which carry the role) stop working at once, on every instance. */
export async function setUserRole(
  services: Pick<Services, 'db' | 'store' | 'bus'>,
  actor: Pick<Actor, 'id'>,
  id: string,
  role: UserRole,
): Promise<SessionUser> {
  const { db } = services;
  await db.transaction(async (tx) => {
    const user = await requireUser(tx, id);
    if (user.role === role) return;
    if ((user.role === 'viewer') !== (role === 'viewer')) {
      throw new DomainError({ code: 'BAD_REQUEST', message: authMessages.viewerRoleFixed });
    }
    await assertAdminChangeAllowed(tx, actor, user, { role });
    await tx
      .update(users)
      .set({ role, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: nowIso() })
      .where(eq(users.id, id));
  });
  sessionChanged(services, id);
  return toSessionUser(services, (await findUserById(services, id))!);
}
