import type { Db } from '@db/client';
import {
  featuredArticlesPerCategory,
  knowledgeBaseCategoryCounts,
  knowledgeBasePath,
  type KnowledgeBaseCategory,
} from '@server/domains/demo/knowledgebase/knowledgebase.schemas';
import { knowledgeBaseCategories } from '@server/domains/demo/knowledgebase/knowledgebase.service';
import type { DemoSeeder } from './seeder';
import { seededFaker, slugify } from './sample-faker';

const articleTitles: Record<string, string[]> = {
  'Your Account': ['Changing your password', 'Turning on sign-in alerts', 'Closing your account', 'Updating your profile photo', 'Switching your creator tag'],
  Selling: ['Pricing a premium event', 'Setting up tip options', 'When payouts arrive', 'Refunding a viewer', 'Selling access to replays'],
  Buying: ['Paying for a premium event', 'Which cards are accepted', 'Finding your receipts', 'Asking for a refund', 'Sending a tip to a creator'],
  'Item Support': ['A stream does not start', 'The chat does not load', 'An episode will not play', 'Audio is out of sync', 'Push notifications do not arrive'],
};

export function generateKnowledgeBase(): KnowledgeBaseCategory[] {
  const faker = seededFaker(601);
  return knowledgeBaseCategoryCounts.map(({ title, articlesCount }, index) => ({
    id: String(index + 1),
    title,
    path: knowledgeBasePath,
    articlesCount,
    featuredArticles: articleTitles[title]!.slice(0, featuredArticlesPerCategory).map((articleTitle, articleIndex) => ({
      id: `${slugify(title)}-${articleIndex + 1}`,
      title: articleTitle,
      content: faker.lorem
        .paragraphs(3, '\n')
        .split('\n')
        .map((paragraph) => `<p>${paragraph}</p>`)
        .join(''),
    })),
  }));
}

export const knowledgebaseSeeder: DemoSeeder = {
  app: 'knowledgebase',
  async seed(db: Db) {
    await knowledgeBaseCategories(db).replaceAll(generateKnowledgeBase());
  },
};
