import { Faker, base, en } from '@faker-js/faker';
import type { Db } from '@db/client';
import { scrumboardCollections } from '@server/domains/demo/scrumboard/scrumboard.service';
import type { Board, Card } from '@server/domains/demo/scrumboard/scrumboard.schemas';
import { initialsAvatar } from './avatars';
import type { DemoSeeder } from './seeder';

const labelClasses = [
  { name: 'Design', class: 'bg-blue-500 text-white' },
  { name: 'App', class: 'bg-green-600 text-white' },
  { name: 'Feature', class: 'bg-orange-500 text-white' },
  { name: 'Bug', class: 'bg-red-600 text-white' },
  { name: 'Research', class: 'bg-purple-500 text-white' },
];

function generateBoard(faker: Faker, name: string, color: string, listNames: string[]): Board {
  const members = Array.from({ length: 5 }, () => {
    const memberName = faker.person.fullName();
    return { id: faker.string.uuid(), name: memberName, avatar: initialsAvatar(memberName) };
  });
  const labels = labelClasses.map((label) => ({ id: faker.string.uuid(), ...label }));
  const refDate = new Date(Date.UTC(2025, 5, 30, 12));
  const cards: Card[] = [];
  const lists = listNames.map((listName) => {
    const idCards: string[] = [];
    const count = faker.number.int({ min: 2, max: 4 });
    for (let index = 0; index < count; index += 1) {
      const cardId = faker.string.uuid();
      const withImage = faker.number.int({ min: 0, max: 3 }) === 0;
      const attachments: Card['attachments'] = [];
      if (withImage) {
        attachments.push({ id: faker.string.uuid(), name: `${faker.word.noun()}.png`, src: '', time: faker.date.recent({ days: 30, refDate }).toISOString(), type: 'image' });
      }
      if (faker.datatype.boolean()) {
        attachments.push({ id: faker.string.uuid(), name: faker.company.name(), url: `https://example.com/${faker.word.noun()}`, time: faker.date.recent({ days: 30, refDate }).toISOString(), type: 'link' });
      }
      const checklists = faker.datatype.boolean()
        ? [
            {
              id: faker.string.uuid(),
              name: 'Checklist',
              checkItems: Array.from({ length: faker.number.int({ min: 2, max: 5 }) }, () => ({
                id: faker.string.uuid(),
                name: faker.hacker.phrase().replace(/\.$/, ''),
                checked: faker.datatype.boolean(),
              })),
            },
          ]
        : [];
      const activities: Card['activities'] = Array.from({ length: faker.number.int({ min: 0, max: 3 }) }, () => ({
        id: faker.string.uuid(),
        type: 'comment' as const,
        idMember: faker.helpers.arrayElement(members).id,
        message: faker.lorem.sentence(),
        time: faker.date.recent({ days: 20, refDate }).toISOString(),
      }));
      for (const attachment of attachments) {
        activities.push({ id: faker.string.uuid(), type: 'attachment', idMember: faker.helpers.arrayElement(members).id, message: `attached ${attachment.name}`, time: attachment.time });
      }
      cards.push({
        id: cardId,
        name: faker.company.buzzPhrase(),
        description: faker.lorem.sentences({ min: 1, max: 3 }),
        idAttachmentCover: withImage ? attachments[0]!.id : '',
        idMembers: faker.helpers.arrayElements(members, faker.number.int({ min: 0, max: 3 })).map((member) => member.id),
        idLabels: faker.helpers.arrayElements(labels, faker.number.int({ min: 0, max: 2 })).map((label) => label.id),
        attachments,
        subscribed: faker.datatype.boolean(),
        checklists,
        activities,
        due: faker.datatype.boolean() ? faker.date.soon({ days: 40, refDate }).toISOString() : null,
      });
      idCards.push(cardId);
    }
    return { id: faker.string.uuid(), name: listName, idCards };
  });
  return {
    id: faker.string.uuid(),
    name,
    uri: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    settings: { color, subscribed: true, cardCoverImages: true },
    lists,
    cards,
    members,
    labels,
  };
}

export function generateBoards(): Board[] {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(4404);
  return [
    generateBoard(faker, 'Studio Website Relaunch', 'blue', ['Backlog', 'In progress', 'Review', 'Done']),
    generateBoard(faker, 'Mobile App Sprint', 'green', ['To do', 'Doing', 'Testing', 'Shipped']),
  ];
}

export const scrumboardSeeder: DemoSeeder = {
  app: 'scrumboard',
  async seed(db: Db) {
    await scrumboardCollections.boards(db).replaceAll(generateBoards());
  },
};
