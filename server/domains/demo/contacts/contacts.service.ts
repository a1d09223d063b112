import { DomainError } from '@server/platform/errors';
import type { Db } from '@db/client';
import { newId } from '@server/lib/ids';
import { collection } from '../demo.store';
import type { Contact, ContactsUser, NewContact } from './contacts.schemas';

export const contactsCollections = {
  contacts: (db: Db) => collection<Contact>(db, 'contacts.contacts'),
  /** One document: the address book's owner with starred, frequent contacts and groups. */
  user: (db: Db) => collection<ContactsUser>(db, 'contacts.user'),
};

export const contactsMessages = {
  contactNotFound: 'Contact not found',
  userNotFound: 'The contacts user is not set up',
} as const;

const notFound = (message: string) => new DomainError({ code: 'NOT_FOUND', message });

export async function getUser(db: Db): Promise<ContactsUser> {
  const user = (await contactsCollections.user(db).list())[0];
  if (!user) throw notFound(contactsMessages.userNotFound);
  return user;
}

export async function listContacts(db: Db, view: 'frequent' | 'starred' | 'all'): Promise<Contact[]> {
  const contacts = await contactsCollections.contacts(db).list();
  if (view === 'all') return contacts;
  const user = await getUser(db);
  const ids = new Set(view === 'starred' ? user.starred : user.frequentContacts);
  return contacts.filter((contact) => ids.has(contact.id));
}

export async function addContact(db: Db, input: NewContact): Promise<Contact> {
  const { id: _clientId, ...fields } = input;
  return contactsCollections.contacts(db).put({ ...fields, id: newId() });
}

export async function updateContact(db: Db, contact: Contact): Promise<Contact> {
  const contacts = contactsCollections.contacts(db);
  // The check and the write are one step: a contact removed meanwhile is not written back.
  return db.transaction(async () => {
    if (!(await contacts.has(contact.id))) throw notFound(contactsMessages.contactNotFound);
    return contacts.put(contact);
  });
}

async function existingIds(db: Db, ids: string[]): Promise<string[]> {
  const contacts = contactsCollections.contacts(db);
  const unique = [...new Set(ids)];
  for (const id of unique) if (!(await contacts.has(id))) throw notFound(contactsMessages.contactNotFound);
  return unique;
}

/** Removes contacts and drops them from the user's starred, frequent and group lists. */
export async function removeContacts(db: Db, ids: string[]): Promise<string[]> {
  const removed = await existingIds(db, ids);
  const gone = new Set(removed);
  const keep = (list: string[]) => list.filter((id) => !gone.has(id));
  await db.transaction(async () => {
    await contactsCollections.contacts(db).remove(removed);
    const user = (await contactsCollections.user(db).list())[0];
    if (user) {
      await contactsCollections.user(db).put({
        ...user,
        starred: keep(user.starred),
        frequentContacts: keep(user.frequentContacts),
        groups: user.groups.map((group) => ({ ...group, contactIds: keep(group.contactIds) })),
      });
    }
  });
  return removed;
}

async function saveStarred(db: Db, user: ContactsUser, starred: string[]): Promise<ContactsUser> {
  return contactsCollections.user(db).put({ ...user, starred });
}

/** Stars each given contact that is not starred and unstars each that is; answers the user. */
export async function toggleStarred(db: Db, ids: string[]): Promise<ContactsUser> {
  // Read, toggled and written back in one step: two toggles at once each see the other's result.
  return db.transaction(async () => {
    const toggled = await existingIds(db, ids);
    const user = await getUser(db);
    const starred = new Set(user.starred);
    for (const id of toggled) {
      if (starred.has(id)) starred.delete(id);
      else starred.add(id);
    }
    return saveStarred(db, user, [...starred]);
  });
}

export async function setStarred(db: Db, ids: string[], starred: boolean): Promise<ContactsUser> {
  // Read, changed and written back in one step: no change made meanwhile is lost.
  return db.transaction(async () => {
    const chosen = await existingIds(db, ids);
    const user = await getUser(db);
    const next = starred ? [...user.starred, ...chosen.filter((id) => !user.starred.includes(id))] : user.starred.filter((id) => !chosen.includes(id));
    return saveStarred(db, user, next);
  });
}
