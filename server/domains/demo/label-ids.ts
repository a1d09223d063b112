import { z } from 'zod';

/**
 * Label ids on a mail or todo are kept unique and in ascending order, so adding a label and removing it again
 * are exact inverses (toggling twice restores the item as it was).
 */
export function normalizeLabelIds(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** Removes the label when present, adds it (in order) when absent. */
export function toggleLabelId(ids: readonly number[], labelId: number): number[] {
  return ids.includes(labelId) ? ids.filter((id) => id !== labelId) : normalizeLabelIds([...ids, labelId]);
}

/** The `labels` field of a mail or todo: label ids, stored normalized. */
export function labelIdsSchema(labelId: z.ZodNumber) {
  return z.array(labelId).max(50).transform(normalizeLabelIds);
}
