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

/** The sources a creator earns from, as `earnings.summary` names them (subscriptions are the creator's own plan: costs). */
export const earningSources = ['tips', 'paywall', 'memberships'] as const;
export type EarningSource = (typeof earningSources)[number];

export const earningsMessages = {
  monthInvalid: 'Use a month as YYYY-MM',
  sourceInvalid: 'Use a source: tips, paywall or memberships',
  cursorInvalid: 'This page link has expired. Please start from the first page.',
  tipNotFound: 'Tip not found',
} as const;

export const earningsPaymentsPageSize = 50;

export const earningsPaymentsInput = z
  .strictObject({
    /** A UTC month, `YYYY-MM`, by the time the payment succeeded. */
    month: z
      .string()
      .trim()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, earningsMessages.monthInvalid)
      .optional(),
    source: z.enum(earningSources, earningsMessages.sourceInvalid).optional(),
    /** `nextCursor` of the previous page. */
    cursor: z.string().trim().min(1).max(200).optional(),
    /** Sent by tRPC's infinite queries; pages only go forward. */
    direction: z.enum(['forward', 'backward']).optional(),
    /** Rows per page (1–100, default 50). */
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .optional();
export type EarningsPaymentsInput = NonNullable<z.input<typeof earningsPaymentsInput>>;

export const earningsPaymentRow = z.object({
  /** The payment's id. */
  id: z.string(),
  /** When it succeeded (UTC ISO). */
  date: z.string(),
  /** The payer's display name. */
  payerName: z.string(),
  source: z.enum(earningSources),
  amountCents: z.number().int(),
  /** The creator's share, as `earnings.summary` counts it. */
  creatorShareCents: z.number().int(),
  /** A tip's row: the tip (for hiding its message); null otherwise. */
  tipId: z.string().nullable(),
  /** The tipper's message (still shown to the creator when hidden). */
  tipMessage: z.string().nullable(),
  /** The creator hid the message: it is shown nowhere public. */
  tipMessageHidden: z.boolean(),
});
export type EarningsPaymentRow = z.infer<typeof earningsPaymentRow>;

export const earningsPaymentsOutput = z.object({
  items: z.array(earningsPaymentRow),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type EarningsPayments = z.infer<typeof earningsPaymentsOutput>;

export const tipMessageVisibilityInput = z.strictObject({ tipId: z.string().trim().min(1).max(64) });
export const tipMessageVisibilityOutput = z.object({ tipId: z.string(), tipMessageHidden: z.boolean() });
