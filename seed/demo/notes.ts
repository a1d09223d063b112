import { Faker, base, en } from '@faker-js/faker';
import type { Db } from '@db/client';
import { notesCollections } from '@server/domains/demo/notes/notes.service';
import type { Note, NoteLabel } from '@server/domains/demo/notes/notes.schemas';
import type { DemoSeeder } from './seeder';

export const noteLabels: NoteLabel[] = ['Family', 'Work', 'Todos', 'Prior', 'Personal', 'Friends'].map((name, index) => ({
  id: index + 1,
  name,
  handle: name.toLowerCase(),
}));

/** Deterministic sample notes, newest first. */
export function generateNotes(): Note[] {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(4202);
  const refDate = new Date(Date.UTC(2025, 5, 30, 12));
  return Array.from({ length: 16 }, (_, index) => {
    const hasChecklist = index % 3 === 1;
    const time = faker.date.recent({ days: 90, refDate });
    return {
      id: faker.string.uuid(),
      title: index % 5 === 4 ? '' : faker.lorem.sentence({ min: 2, max: 5 }).replace(/\.$/, ''),
      description: hasChecklist ? '' : faker.lorem.sentences({ min: 1, max: 3 }),
      archive: index % 7 === 6,
      image: '',
      time: time.toISOString(),
      reminder: index % 4 === 0 ? new Date(time.getTime() + faker.number.int({ min: 1, max: 20 }) * 86_400_000).toISOString() : null,
      checklist: hasChecklist
        ? Array.from({ length: faker.number.int({ min: 2, max: 5 }) }, () => ({
            id: faker.string.uuid(),
            checked: faker.datatype.boolean(),
            text: faker.lorem.words({ min: 2, max: 5 }),
          }))
        : [],
      labels: faker.helpers.arrayElements([1, 2, 3, 4, 5, 6], faker.number.int({ min: 0, max: 2 })).sort(),
    };
  }).sort((a, b) => b.time.localeCompare(a.time));
}

export const notesSeeder: DemoSeeder = {
  app: 'notes',
  async seed(db: Db) {
    await notesCollections.labels(db).replaceAll(noteLabels);
    await notesCollections.notes(db).replaceAll(generateNotes());
  },
};
