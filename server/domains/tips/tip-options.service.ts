import { DomainError } from '@server/platform/errors';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { tipOptions } from '@db/schema/tips';
import { newId, nowIso } from '@server/lib/ids';
import type { Storage } from '@server/platform/storage';
import { removeUploads } from '@server/platform/uploads';
import { maxTipOptions, tipOptionMessages, type TipOptionOutput } from './tip-options.schemas';

type TipOptionRow = typeof tipOptions.$inferSelect;

function toOutput(row: TipOptionRow): TipOptionOutput {
  return { id: row.id, title: row.title, amountCents: row.amountCents, iconUrl: row.iconUrl, position: row.position };
}

export async function listTipOptions(db: Db, creatorId: string): Promise<TipOptionOutput[]> {
  return (await db.select().from(tipOptions).where(eq(tipOptions.userId, creatorId)).orderBy(asc(tipOptions.position), asc(tipOptions.createdAt))).map(toOutput);
}

export async function ownOption(db: Pick<Db, 'select'>, creatorId: string, id: string): Promise<TipOptionRow> {
  const row = await firstRow(db.select().from(tipOptions).where(and(eq(tipOptions.id, id), eq(tipOptions.userId, creatorId))));
  if (!row) throw new DomainError({ code: 'NOT_FOUND', message: tipOptionMessages.notFound });
  return row;
}

export async function createTipOption(db: Db, creatorId: string, input: { title: string; amountCents: number; iconUrl?: string | null | undefined }): Promise<TipOptionOutput> {
  return db.transaction(async (tx) => {
    const existing = await tx.select({ position: tipOptions.position }).from(tipOptions).where(eq(tipOptions.userId, creatorId));
    if (existing.length >= maxTipOptions) throw new DomainError({ code: 'BAD_REQUEST', message: tipOptionMessages.tooMany });
    const position = existing.reduce((max, row) => Math.max(max, row.position + 1), 0);
    const row = (await firstRow(
      tx
        .insert(tipOptions)
        .values({ id: newId(), userId: creatorId, title: input.title, amountCents: input.amountCents, iconUrl: input.iconUrl ?? null, position })
        .returning(),
    ))!;
    return toOutput(row);
  });
}

/** Updates the given fields; answers the option and the icon it replaced (to delete once stored). */
export async function updateTipOption(
  db: Db,
  creatorId: string,
  input: { id: string; title?: string | undefined; amountCents?: number | undefined; iconUrl?: string | null | undefined },
): Promise<{ option: TipOptionOutput; replacedIconUrl: string | null }> {
  // The option as it was and its update in one transaction: the icon it replaced is the one this update replaced.
  return db.transaction(async (tx) => {
    const row = await ownOption(tx, creatorId, input.id);
    const updated = await firstRow(
      tx
        .update(tipOptions)
        .set({
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.amountCents !== undefined ? { amountCents: input.amountCents } : {}),
          ...(input.iconUrl !== undefined ? { iconUrl: input.iconUrl } : {}),
          updatedAt: nowIso(),
        })
        .where(eq(tipOptions.id, row.id))
        .returning(),
    );
    const replaced = input.iconUrl !== undefined && row.iconUrl !== input.iconUrl ? row.iconUrl : null;
    return { option: toOutput(updated ?? row), replacedIconUrl: replaced };
  });
}

export async function deleteTipOption(db: Db, creatorId: string, id: string): Promise<{ removedIconUrl: string | null }> {
  // Read and delete in one transaction: the icon answered is the one the deleted row had.
  return db.transaction(async (tx) => {
    const row = await ownOption(tx, creatorId, id);
    await tx.delete(tipOptions).where(eq(tipOptions.id, row.id));
    return { removedIconUrl: row.iconUrl };
  });
}

/** Sets the order of all the creator's options (the ids must be exactly theirs, each once). */
export async function reorderTipOptions(db: Db, creatorId: string, ids: string[]): Promise<TipOptionOutput[]> {
  await db.transaction(async (tx) => {
    const mine = await tx.select({ id: tipOptions.id }).from(tipOptions).where(eq(tipOptions.userId, creatorId));
    const known = new Set(mine.map((row) => row.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw new DomainError({ code: 'BAD_REQUEST', message: tipOptionMessages.reorderMismatch });
    }
    for (const [position, id] of ids.entries()) await tx.update(tipOptions).set({ position, updatedAt: nowIso() }).where(eq(tipOptions.id, id));
  });
  return listTipOptions(db, creatorId);
}

/** Deletes an icon file we stored, once nothing points at it any more. */
export async function removeStoredIcon(db: Db, storage: Storage, iconUrl: string | null): Promise<void> {
  if (!iconUrl?.startsWith('/uploads/')) return;
  const stillUsed = await firstRow(db.select({ id: tipOptions.id }).from(tipOptions).where(eq(tipOptions.iconUrl, iconUrl)).limit(1));
  if (stillUsed) return;
  await removeUploads(storage, [iconUrl]);
}
