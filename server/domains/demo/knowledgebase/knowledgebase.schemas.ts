import { z } from 'zod';

/** The four sample categories, their article counts (demo-apps.md §9) and the path every category carries. */
export const knowledgeBaseCategoryCounts = [
  { title: 'Your Account', articlesCount: 17 },
  { title: 'Selling', articlesCount: 12 },
  { title: 'Buying', articlesCount: 19 },
  { title: 'Item Support', articlesCount: 24 },
] as const;
export const knowledgeBasePath = '/pages/knowledge-base';
export const featuredArticlesPerCategory = 5;

export const knowledgeBaseCategory = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  path: z.string().min(1),
  articlesCount: z.number().int().min(0),
  featuredArticles: z.array(z.object({ id: z.string().min(1), title: z.string().min(1), content: z.string() })),
});
export type KnowledgeBaseCategory = z.infer<typeof knowledgeBaseCategory>;
