import { Faker, base, en } from '@faker-js/faker';
import type { Db } from '@db/client';
import { contactsCollections } from '@server/domains/demo/contacts/contacts.service';
import type { Contact, ContactsUser } from '@server/domains/demo/contacts/contacts.schemas';
import { initialsAvatar } from './avatars';
import type { DemoSeeder } from './seeder';

export function generateContacts(): { contacts: Contact[]; user: ContactsUser } {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(4505);
  const contacts: Contact[] = Array.from({ length: 32 }, () => {
    const name = faker.person.firstName();
    const lastName = faker.person.lastName();
    return {
      id: faker.string.uuid(),
      name,
      lastName,
      avatar: initialsAvatar(`${name} ${lastName}`),
      nickname: faker.internet.username({ firstName: name, lastName }),
      company: faker.company.name(),
      jobTitle: faker.person.jobTitle(),
      email: faker.internet.email({ firstName: name, lastName, provider: 'example.com' }).toLowerCase(),
      phone: faker.phone.number({ style: 'national' }),
      address: `${faker.location.streetAddress()}, ${faker.location.city()}`,
      birthday: faker.date.birthdate({ min: 20, max: 65, mode: 'age', refDate: new Date(Date.UTC(2025, 0, 1)) }).toISOString().slice(0, 10),
      notes: faker.lorem.sentence(),
    };
  });
  const ids = contacts.map((contact) => contact.id);
  const user: ContactsUser = {
    id: faker.string.uuid(),
    name: 'Cuepoint Demo',
    avatar: initialsAvatar('Cuepoint Demo'),
    starred: ids.filter((_, index) => index % 4 === 0),
    frequentContacts: ids.filter((_, index) => index % 3 === 1),
    groups: [
      { id: faker.string.uuid(), name: 'Friends', contactIds: ids.slice(0, 6) },
      { id: faker.string.uuid(), name: 'Clients', contactIds: ids.slice(10, 18) },
      { id: faker.string.uuid(), name: 'Recent Workers', contactIds: ids.slice(20, 26) },
    ],
  };
  return { contacts, user };
}

export const contactsSeeder: DemoSeeder = {
  app: 'contacts',
  async seed(db: Db) {
    const { contacts, user } = generateContacts();
    await contactsCollections.contacts(db).replaceAll(contacts);
    await contactsCollections.user(db).replaceAll([user]);
  },
};
