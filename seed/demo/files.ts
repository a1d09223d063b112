import type { Db } from '@db/client';
import type { FileEntry } from '@server/domains/demo/files/files.schemas';
import { fileEntries } from '@server/domains/demo/files/files.service';
import type { DemoSeeder } from './seeder';
import { hexId, longDate, seededFaker, shiftDays } from './sample-faker';

export const fileCount = 20;

const displayDate = longDate;

export function generateFiles(): FileEntry[] {
  const faker = seededFaker(401);
  const folders = ['Recordings', 'Artwork', 'Contracts', 'Setlists'];
  return Array.from({ length: fileCount }, (_, index): FileEntry => {
    const type = index < folders.length ? 'folder' : index % 3 === 0 ? 'spreadsheet' : 'document';
    const created = shiftDays(-faker.number.int({ min: 60, max: 700 }));
    const modified = shiftDays(-faker.number.int({ min: 1, max: 59 }));
    const opened = shiftDays(-faker.number.int({ min: 0, max: 10 }));
    const owner = faker.helpers.arrayElement(['me', 'public', faker.person.fullName()]);
    const base = {
      id: hexId(faker),
      owner,
      modified: displayDate(modified),
      opened: displayDate(opened),
      created: displayDate(created),
      location: faker.helpers.arrayElement(['My Files > Documents', 'My Files > Shared', 'My Files']),
      offline: faker.datatype.boolean({ probability: 0.3 }),
    };
    if (type === 'folder') {
      return { ...base, name: folders[index]!, type, size: '', extention: '' };
    }
    const words = faker.lorem.words({ min: 1, max: 3 });
    const extention = type === 'spreadsheet' ? 'xlsx' : faker.helpers.arrayElement(['docx', 'pdf', 'txt']);
    const size = `${faker.number.float({ min: 0.1, max: 25, fractionDigits: 1 })} Mb`;
    return {
      ...base,
      name: `${words.replace(/\s+/g, '-')}.${extention}`,
      type,
      size,
      extention,
      preview: `/assets/images/file-manager/${type}-preview.jpg`,
    };
  });
}

export const filesSeeder: DemoSeeder = {
  app: 'files',
  async seed(db: Db) {
    await fileEntries(db).replaceAll(generateFiles());
  },
};
