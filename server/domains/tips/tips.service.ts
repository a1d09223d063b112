import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@db/client';
import { tipOptions } from '@db/schema/tips';
import { users } from '@db/schema/users';
import { toDollars } from '@common/money';
import { tipMessages, type PublicTipOption } from './tips.schemas';

/** A creator's tip buttons, in their chosen order. Not a creator (or no such user): 404. */
export function listPublicTips(db: Db, userId: string): PublicTipOption[] {
  const creator = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), inArray(users.role, ['dj', 'admin'])))
    .get();
  if (!creator) throw new TRPCError({ code: 'NOT_FOUND', message: tipMessages.creatorNotFound });
  return db
    .select()
    .from(tipOptions)
    .where(eq(tipOptions.userId, creator.id))
    .orderBy(asc(tipOptions.position), asc(tipOptions.createdAt), asc(tipOptions.id))
    .all()
    .map((row) => ({ id: row.id, title: row.title, tipsAmount: toDollars(row.amountCents), iconUrl: row.iconUrl }));
}
