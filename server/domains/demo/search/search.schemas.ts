import { z } from 'zod';

export const searchItem = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  url: z.string().min(1),
  excerpt: z.string(),
});
export type SearchItem = z.infer<typeof searchItem>;

export const navigationMatch = z.object({ id: z.string(), title: z.string(), url: z.string() });

/** ?query= of the suggestion and shortcut searches; a missing query is the empty query. */
export const searchQueryInput = z.object({ query: z.string().max(200, 'The query is too long').optional() });
