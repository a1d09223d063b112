import { asc } from 'drizzle-orm';
import type { Db } from '@db/client';
import { users } from '@db/schema/users';
import type { UserRole } from './roles';

export interface AdminUserRow {
  id: string;
  email: string;
  displayName: string;
  role: UserRole;
  isActive: boolean;
  /** Registered through checkout and not paid yet. */
  pendingPayment: boolean;
  subdomain: string | null;
}

/** Every account, for the admin Users screen (no secrets: no hash, no token version). */
export function listUsers(db: Db): AdminUserRow[] {
  return db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      role: users.role,
      isActive: users.isActive,
      pendingPayment: users.pendingPayment,
      subdomain: users.creatorTag,
    })
    .from(users)
    .orderBy(asc(users.role), asc(users.displayName), asc(users.email))
    .all();
}
