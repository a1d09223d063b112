import { TRPCError } from '@trpc/server';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { tipOptions } from '@db/schema/tips';
import { newId, nowIso } from '@server/lib/ids';
import type { Storage } from '@server/lib/storage';
import { removeUploads } from '@server/lib/uploads';
import { maxTipOptions, tipOptionMessages, type TipOptionOutput } from './tip-options.schemas';

type TipOptionRow = typeof tipOptions.$inferSelect;

function toOutput(row: TipOptionRow): TipOptionOutput {
  return { id: row.id, title: row.title, amountCents: row.amountCents, iconUrl: row.iconUrl, position: row.position };
}

export function listTipOptions(db: Db, creatorId: string): TipOptionOutput[] {
  return db.select().from(tipOptions).where(eq(tipOptions.userId, creatorId)).orderBy(asc(tipOptions.position), asc(tipOptions.createdAt)).all().map(toOutput);
}

export function ownOption(db: Db, creatorId: string, id: string): TipOptionRow {
  const row = db.select().from(tipOptions).where(and(eq(tipOptions.id, id), eq(tipOptions.userId, creatorId))).get();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: tipOptionMessages.notFound });
  return row;
}

export function createTipOption(db: Db, creatorId: string, input: { title: string; amountCents: number; iconUrl?: string | null | undefined }): TipOptionOutput {
  return db.transaction((tx) => {
    const existing = tx.select({ position: tipOptions.position }).from(tipOptions).where(eq(tipOptions.userId, creatorId)).all();
    if (existing.length >= maxTipOptions) throw new TRPCError({ code: 'BAD_REQUEST', message: tipOptionMessages.tooMany });
    const position = existing.reduce((max, row) => Math.max(max, row.position + 1), 0);
    const row = tx
      .insert(tipOptions)
      .values({ id: newId(), userId: creatorId, title: input.title, amountCents: input.amountCents, iconUrl: input.iconUrl ?? null, position })
      .returning()
      .get();
    return toOutput(row);
  });
}

/** Updates the given fields; answers the option and the icon it replaced (to delete once stored). */
export function updateTipOption(
  db: Db,
  creatorId: string,
  input: { id: string; title?: string | undefined; amountCents?: number | undefined; iconUrl?: string | null | undefined },
): { option: TipOptionOutput; replacedIconUrl: string | null } {
  const row = ownOption(db, creatorId, input.id);
  const updated = db
    .update(tipOptions)
    .set({
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.amountCents !== undefined ? { amountCents: input.amountCents } : {}),
      ...(input.iconUrl !== undefined ? { iconUrl: input.iconUrl } : {}),
      updatedAt: nowIso(),
    })
    .where(eq(tipOptions.id, row.id))
    .returning()
    .get();
  const replaced = input.iconUrl !== undefined && row.iconUrl !== input.iconUrl ? row.iconUrl : null;
  return { option: toOutput(updated ?? row), replacedIconUrl: replaced };
}

export function deleteTipOption(db: Db, creatorId: string, id: string): { removedIconUrl: string | null } {
  const row = ownOption(db, creatorId, id);
  db.delete(tipOptions).where(eq(tipOptions.id, row.id)).run();
  return { removedIconUrl: row.iconUrl };
}

/** Sets the order of all the creator's options (the ids must be exactly theirs, each once). */
export function reorderTipOptions(db: Db, creatorId: string, ids: string[]): TipOptionOutput[] {
  db.transaction((tx) => {
    const mine = tx.select({ id: tipOptions.id }).from(tipOptions).where(eq(tipOptions.userId, creatorId)).all();
    const known = new Set(mine.map((row) => row.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: tipOptionMessages.reorderMismatch });
    }
    ids.forEach((id, position) => tx.update(tipOptions).set({ position, updatedAt: nowIso() }).where(eq(tipOptions.id, id)).run());
  });
  return listTipOptions(db, creatorId);
}

/** Deletes an icon file we stored, once nothing points at it any more. */
export async function removeStoredIcon(db: Db, storage: Storage, iconUrl: string | null): Promise<void> {
  if (!iconUrl?.startsWith('/uploads/')) return;
  const stillUsed = db.select({ id: tipOptions.id }).from(tipOptions).where(eq(tipOptions.iconUrl, iconUrl)).get();
  if (stillUsed) return;
  await removeUploads(storage, [iconUrl]);
}
