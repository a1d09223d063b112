import { z } from 'zod';

export const faqEntry = z.object({
  id: z.string().min(1),
  question: z.string().min(1),
  answer: z.string().min(1),
});
export type FaqEntry = z.infer<typeof faqEntry>;
