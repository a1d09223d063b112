import { Faker, base, en } from '@faker-js/faker';
import type { Db } from '@db/client';
import { chatCollections } from '@server/domains/demo/chat/chat.service';
import { chatStatuses, type Chat, type ChatContact, type ChatUser } from '@server/domains/demo/chat/chat.schemas';
import { initialsAvatar } from './avatars';
import type { DemoSeeder } from './seeder';

export function generateChat(): { contacts: ChatContact[]; chats: Chat[]; user: ChatUser } {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(4606);
  const contacts: ChatContact[] = Array.from({ length: 12 }, (_, index) => {
    const name = faker.person.fullName();
    return {
      id: faker.string.uuid(),
      name,
      avatar: initialsAvatar(name),
      status: chatStatuses[index % chatStatuses.length]!,
      mood: faker.lorem.sentence({ min: 3, max: 7 }),
      unread: index % 3 === 0 ? faker.number.int({ min: 1, max: 5 }) : 0,
    };
  });
  const user: ChatUser = {
    id: faker.string.uuid(),
    name: 'Cuepoint Demo',
    avatar: initialsAvatar('Cuepoint Demo'),
    status: 'online',
    mood: 'Checking the sample apps',
    chatList: [],
  };
  const chats: Chat[] = [];
  let time = Date.UTC(2025, 5, 28, 9);
  for (const contact of contacts.slice(0, 6)) {
    const dialog = Array.from({ length: faker.number.int({ min: 3, max: 8 }) }, (_, index) => {
      time += faker.number.int({ min: 1, max: 40 }) * 60_000;
      return { who: index % 2 === 0 ? contact.id : user.id, message: faker.lorem.sentence({ min: 3, max: 14 }), time: new Date(time).toISOString() };
    });
    const chat = { id: faker.string.uuid(), dialog };
    chats.push(chat);
    user.chatList.push({ chatId: chat.id, contactId: contact.id, lastMessageTime: dialog[dialog.length - 1]!.time });
  }
  return { contacts, chats, user };
}

export const chatSeeder: DemoSeeder = {
  app: 'chat',
  async seed(db: Db) {
    const { contacts, chats, user } = generateChat();
    await chatCollections.contacts(db).replaceAll(contacts);
    await chatCollections.chats(db).replaceAll(chats);
    await chatCollections.user(db).replaceAll([user]);
  },
};
