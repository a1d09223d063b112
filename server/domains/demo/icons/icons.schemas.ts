import { z } from 'zod';

/** Every icon entry's preview size (demo-apps.md §9). */
export const iconPrevSize = 32;

export const iconEntry = z.object({
  order: z.number().int(),
  id: z.number().int(),
  name: z.string().min(1),
  prevSize: z.number().int(),
  code: z.number().int(),
  ligatures: z.string(),
  tags: z.array(z.string()),
});
export type IconEntry = z.infer<typeof iconEntry>;
