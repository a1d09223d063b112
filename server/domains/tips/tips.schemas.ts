import { z } from 'zod';

export const tipMessages = {
  creatorNotFound: 'Creator not found',
} as const;

export const creatorTipsInput = z.strictObject({ userId: z.string().trim().min(1).max(64) });

/** A tip button on the event page (platform.md §3 "Tip option"): `tipsAmount` in dollars. */
export const publicTipOption = z.object({
  id: z.string(),
  title: z.string(),
  tipsAmount: z.number(),
  iconUrl: z.string().nullable(),
});
export type PublicTipOption = z.infer<typeof publicTipOption>;

export const publicTipOptions = z.array(publicTipOption);
