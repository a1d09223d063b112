import { TRPCError } from '@trpc/server';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { users } from '@db/schema/users';
import { nowIso } from '@server/lib/ids';
import type { Actor, AppServices, UserRow } from '@server/trpc/context';
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
export function assertAdminChangeAllowed(
  db: Db | Transaction,
  actor: Pick<Actor, 'id'>,
  target: UserRow,
  change: { isActive?: boolean; role?: UserRole },
): void {
  const removesAdmin =
    target.role === 'admin' && target.isActive && (change.isActive === false || (change.role !== undefined && change.role !== 'admin'));
  if (!removesAdmin) return;
  if (target.id === actor.id) throw new TRPCError({ code: 'FORBIDDEN', message: adminRuleMessages.notOwnAccount });
  const activeAdmins = db
    .select({ count: sql<number>`count(*)` })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
    .get();
  if ((activeAdmins?.count ?? 0) <= 1) throw new TRPCError({ code: 'CONFLICT', message: adminRuleMessages.lastAdmin });
}

function requireUser(db: Db | Transaction, id: string): UserRow {
  const user = db.select().from(users).where(eq(users.id, id)).get();
  if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: authMessages.userNotFound });
  return user;
}

/** Admin activation (or deactivation). Activating also ends a pending checkout payment. */
export function setUserActive(services: Pick<AppServices, 'db' | 'bus'>, actor: Pick<Actor, 'id'>, id: string, isActive: boolean): SessionUser {
  const { db } = services;
  db.transaction((tx) => {
    const user = requireUser(tx, id);
    assertAdminChangeAllowed(tx, actor, user, { isActive });
    tx.update(users)
      .set({ isActive, ...(isActive && { pendingPayment: false }), updatedAt: nowIso() })
      .where(eq(users.id, id))
      .run();
  });
  sessionChanged(services, id);
  return toSessionUser(db, findUserById(db, id)!);
}

/** Changes an account's role; its tokens (which carry the role) stop working at once, on every instance. */
export function setUserRole(services: Pick<AppServices, 'db' | 'bus'>, actor: Pick<Actor, 'id'>, id: string, role: UserRole): SessionUser {
  const { db } = services;
  db.transaction((tx) => {
    const user = requireUser(tx, id);
    if (user.role === role) return;
    if ((user.role === 'viewer') !== (role === 'viewer')) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: authMessages.viewerRoleFixed });
    }
    assertAdminChangeAllowed(tx, actor, user, { role });
    tx.update(users)
      .set({ role, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: nowIso() })
      .where(eq(users.id, id))
      .run();
  });
  sessionChanged(services, id);
  return toSessionUser(db, findUserById(db, id)!);
}
