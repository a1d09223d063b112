import type { Db } from '@db/client';
import type { FaqEntry } from '@server/domains/demo/faq/faq.schemas';
import { faqEntries } from '@server/domains/demo/faq/faq.service';
import type { DemoSeeder } from './seeder';
import { hexId, seededFaker } from './sample-faker';

const questions = [
  'How do I start a live stream?',
  'Can viewers watch a stream after it ends?',
  'How are tips paid out to creators?',
  'Which payment cards are accepted?',
  'How do I add an episode to a podcast?',
  'Can I schedule push notifications in advance?',
  'How do I change the creator tag of my page?',
  'Is there a limit on upload sizes?',
  'How do premium events work for viewers?',
  'Can I ban a viewer from the chat?',
  'How do I publish my mobile app?',
  'Where can I read the terms and conditions?',
];

export function generateFaqs(): FaqEntry[] {
  const faker = seededFaker(301);
  return questions.map((question) => ({ id: hexId(faker), question, answer: faker.lorem.paragraph({ min: 3, max: 6 }) }));
}

export const faqSeeder: DemoSeeder = {
  app: 'faq',
  async seed(db: Db) {
    await faqEntries(db).replaceAll(generateFaqs());
  },
};
