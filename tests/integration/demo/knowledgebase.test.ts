import { describe, expect, it } from 'vitest';
import { generateKnowledgeBase } from '../../../seed/demo/knowledgebase';
import { itAnswersSeededData, useSeededDemoApp } from './part2-setup';

const t = useSeededDemoApp();

describe('knowledge base REST', () => {
  itAnswersSeededData(t, '/api/knowledge-base', generateKnowledgeBase);

  it('answers the four categories with their article counts, path and 5 featured articles each', async () => {
    const categories = (await t.get('/api/knowledge-base')).json() as Array<{
      title: string;
      articlesCount: number;
      path: string;
      featuredArticles: Array<{ id: string; title: string; content: string }>;
    }>;
    expect(categories.map(({ title, articlesCount, path }) => ({ title, articlesCount, path }))).toEqual([
      { title: 'Your Account', articlesCount: 17, path: '/pages/knowledge-base' },
      { title: 'Selling', articlesCount: 12, path: '/pages/knowledge-base' },
      { title: 'Buying', articlesCount: 19, path: '/pages/knowledge-base' },
      { title: 'Item Support', articlesCount: 24, path: '/pages/knowledge-base' },
    ]);
    for (const category of categories) {
      expect(category.featuredArticles).toHaveLength(5);
      for (const article of category.featuredArticles) expect(article.content).toMatch(/^<p>/);
    }
  });
});
