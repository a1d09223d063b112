import { z } from 'zod';
import { productIds } from '@db/schema/billing';

export const productIdSchema = z.enum(productIds);

export const productIdInput = z.strictObject({ id: z.string().trim().min(1).max(64) });

/** A subscription product as the web app receives it (money in integer cents, CAD). */
export const productOutput = z.object({
  id: productIdSchema,
  name: z.string(),
  pricePerMonthCents: z.number().int(),
  setUpFeeCents: z.number().int(),
  /** The payment provider's price id of the one-time setup fee (null when there is none). */
  setUpFeePriceId: z.string().nullable(),
});
export type ProductOutput = z.infer<typeof productOutput>;

export const productsOutput = z.array(productOutput);
