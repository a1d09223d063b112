import { z } from 'zod';

export const tipOptionMessages = {
  notFound: 'Tip option not found',
  tooMany: 'You can have at most 12 tip options',
  reorderMismatch: 'Send every one of your tip options exactly once',
  titleRequired: 'Please enter a title',
  amountRange: 'The amount must be between $1.00 and $1,000.00',
  iconUrl: 'Use an uploaded icon or an https URL',
} as const;

export const maxTipOptions = 12;

/** An icon we stored (`/uploads/…`) or an https image URL. */
const iconUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => /^\/uploads\/[A-Za-z0-9_-]+\.(png|jpg|webp|gif)$/.test(value) || /^https:\/\/[^\s"'<>]+$/.test(value), tipOptionMessages.iconUrl);

const title = z.string().trim().min(1, tipOptionMessages.titleRequired).max(60);
const amountCents = z.number().int().min(100, tipOptionMessages.amountRange).max(100_000, tipOptionMessages.amountRange);
const id = z.string().trim().min(1).max(64);

export const createTipOptionInput = z.strictObject({ title, amountCents, iconUrl: iconUrl.nullable().optional() });
export const updateTipOptionInput = z.strictObject({ id, title: title.optional(), amountCents: amountCents.optional(), iconUrl: iconUrl.nullable().optional() });
export const tipOptionIdInput = z.strictObject({ id });
export const reorderTipOptionsInput = z.strictObject({ ids: z.array(id).min(1).max(maxTipOptions) });

export const tipOptionOutput = z.object({
  id: z.string(),
  title: z.string(),
  amountCents: z.number().int(),
  iconUrl: z.string().nullable(),
  position: z.number().int(),
});
export type TipOptionOutput = z.infer<typeof tipOptionOutput>;
