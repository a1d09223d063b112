import type { Db } from '@db/client';
import { navigationItems } from '@common/navigation';
import type { SearchItem } from '@server/domains/demo/search/search.schemas';
import { searchItems } from '@server/domains/demo/search/search.service';
import type { DemoSeeder } from './seeder';
import { seededFaker } from './sample-faker';

/** The items GET /api/search answers: one result per navigation page, with a short excerpt. */
export function generateSearchItems(): SearchItem[] {
  const faker = seededFaker(801);
  return navigationItems.map((item) => ({
    id: item.id,
    title: item.title,
    url: item.url,
    excerpt: faker.lorem.sentence({ min: 6, max: 12 }),
  }));
}

export const searchSeeder: DemoSeeder = {
  app: 'search',
  async seed(db: Db) {
    await searchItems(db).replaceAll(generateSearchItems());
  },
};
