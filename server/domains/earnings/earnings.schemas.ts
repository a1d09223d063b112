import { z } from 'zod';
import { revenueSources } from '@common/payment-values';

const instant = z.union([z.iso.date(), z.iso.datetime()]);

export const earningsSummaryInput = z
  .strictObject({
    /** Inclusive start (a date or an ISO time, UTC). */
    from: instant.optional(),
    /** Exclusive end. */
    to: instant.optional(),
    /** Admins only: one creator's earnings; without it an admin gets the platform's totals. */
    creatorId: z.string().trim().min(1).max(64).optional(),
  })
  .optional();

const totals = z.object({
  count: z.number().int(),
  grossCents: z.number().int(),
  feeCents: z.number().int(),
  netCents: z.number().int(),
  creatorShareCents: z.number().int(),
  platformShareCents: z.number().int(),
});
export type EarningsTotals = z.infer<typeof totals>;

export const earningsSummaryOutput = z.object({
  scope: z.enum(['creator', 'platform']),
  creatorId: z.string().nullable(),
  currency: z.literal('cad'),
  from: z.string().nullable(),
  to: z.string().nullable(),
  totals,
  byMonth: z.array(totals.extend({ month: z.string() })),
  bySource: z.array(totals.extend({ source: z.enum(revenueSources) })),
});
export type EarningsSummary = z.infer<typeof earningsSummaryOutput>;
