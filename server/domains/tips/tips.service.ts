import { DomainError } from '@server/platform/errors';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { tipOptions } from '@db/schema/tips';
import { users } from '@db/schema/users';
import { toDollars } from '@common/money';
import { tipMessages, type PublicTipOption } from './tips.schemas';

/** A creator's tip buttons, in their chosen order. Not a creator (or no such user): 404. */
export async function listPublicTips(db: Db, userId: string): Promise<PublicTipOption[]> {
  const creator = await firstRow(
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), inArray(users.role, ['dj', 'admin']))),
  );
  if (!creator) throw new DomainError({ code: 'NOT_FOUND', message: tipMessages.creatorNotFound });
  return (
    await db
      .select()
      .from(tipOptions)
      .where(eq(tipOptions.userId, creator.id))
      .orderBy(asc(tipOptions.position), asc(tipOptions.createdAt), asc(tipOptions.id))
  ).map((row) => ({ id: row.id, title: row.title, tipsAmount: toDollars(row.amountCents), iconUrl: row.iconUrl }));
}
