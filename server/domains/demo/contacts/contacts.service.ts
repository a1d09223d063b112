import { TRPCError } from '@trpc/server';
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

const notFound = (message: string) => new TRPCError({ code: 'NOT_FOUND', message });

export function getUser(db: Db): ContactsUser {
  const user = contactsCollections.user(db).list()[0];
  if (!user) throw notFound(contactsMessages.userNotFound);
  return user;
}

export function listContacts(db: Db, view: 'frequent' | 'starred' | 'all'): Contact[] {
  const contacts = contactsCollections.contacts(db).list();
  if (view === 'all') return contacts;
  const user = getUser(db);
  const ids = new Set(view === 'starred' ? user.starred : user.frequentContacts);
  return contacts.filter((contact) => ids.has(contact.id));
}

export function addContact(db: Db, input: NewContact): Contact {
  const { id: _clientId, ...fields } = input;
  return contactsCollections.contacts(db).put({ ...fields, id: newId() });
}

export function updateContact(db: Db, contact: Contact): Contact {
  const contacts = contactsCollections.contacts(db);
  if (!contacts.has(contact.id)) throw notFound(contactsMessages.contactNotFound);
  return contacts.put(contact);
}

function existingIds(db: Db, ids: string[]): string[] {
  const contacts = contactsCollections.contacts(db);
  const unique = [...new Set(ids)];
  if (unique.some((id) => !contacts.has(id))) throw notFound(contactsMessages.contactNotFound);
  return unique;
}

/** Removes contacts and drops them from the user's starred, frequent and group lists. */
export function removeContacts(db: Db, ids: string[]): string[] {
  const removed = existingIds(db, ids);
  const gone = new Set(removed);
  const keep = (list: string[]) => list.filter((id) => !gone.has(id));
  db.transaction(() => {
    contactsCollections.contacts(db).remove(removed);
    const user = contactsCollections.user(db).list()[0];
    if (user) {
      contactsCollections.user(db).put({
        ...user,
        starred: keep(user.starred),
        frequentContacts: keep(user.frequentContacts),
        groups: user.groups.map((group) => ({ ...group, contactIds: keep(group.contactIds) })),
      });
    }
  });
  return removed;
}

function saveStarred(db: Db, user: ContactsUser, starred: string[]): ContactsUser {
  return contactsCollections.user(db).put({ ...user, starred });
}

/** Stars each given contact that is not starred and unstars each that is; answers the user. */
export function toggleStarred(db: Db, ids: string[]): ContactsUser {
  const toggled = existingIds(db, ids);
  const user = getUser(db);
  const starred = new Set(user.starred);
  for (const id of toggled) {
    if (starred.has(id)) starred.delete(id);
    else starred.add(id);
  }
  return saveStarred(db, user, [...starred]);
}

export function setStarred(db: Db, ids: string[], starred: boolean): ContactsUser {
  const chosen = existingIds(db, ids);
  const user = getUser(db);
  const next = starred ? [...user.starred, ...chosen.filter((id) => !user.starred.includes(id))] : user.starred.filter((id) => !chosen.includes(id));
  return saveStarred(db, user, next);
}
