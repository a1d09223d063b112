import { eq } from 'drizzle-orm';
import { firstRow, type Db } from '@db/store';
import { users } from '@db/schema/users';
import { DomainError } from '@server/platform/errors';
import { authMessages } from './users.schemas';

/** Refuses an account an admin deactivated (or made inactive) since its token or socket was accepted. */
export async function requireActiveAccount(db: Db, userId: string): Promise<void> {
  const row = await firstRow(db.select({ isActive: users.isActive, deactivatedAt: users.deactivatedAt }).from(users).where(eq(users.id, userId)));
  if (!row || !row.isActive || row.deactivatedAt) throw new DomainError({ code: 'FORBIDDEN', message: authMessages.accountDeactivated });
}
