import { z } from 'zod';

/** A bot check's answer (reCAPTCHA's siteverify shape; the proof-of-work check answers the same). */
export const botCheckVerdict = z.object({
  success: z.boolean(),
  score: z.number(),
  action: z.string().optional(),
  'error-codes': z.array(z.string()),
});
export type BotCheckVerdict = z.infer<typeof botCheckVerdict>;
