import { z } from 'zod';
import { clientProvidedId } from '../demo.inputs';

/** Shapes of the contacts app (demo-apps.md §3 Contacts). Inputs strip unknown fields (never stored); wrong types and missing fields are refused. */
const tooLong = 'This value is too long';
const id = z.string().trim().min(1, 'Min character length is 1').max(64, tooLong);
const text = (max: number) => z.string().trim().max(max, tooLong);

const contactFields = {
  name: z.string().trim().min(1, 'Min character length is 1').max(100, tooLong),
  lastName: text(100),
  avatar: text(4096),
  nickname: text(100),
  company: text(200),
  jobTitle: text(200),
  email: z.union([z.literal(''), z.string().trim().max(254, tooLong).email('Please enter a valid email')]),
  phone: text(50),
  address: text(500),
  birthday: text(40),
  notes: text(5000),
};

export const contactSchema = z.object({ id, ...contactFields });
export type Contact = z.infer<typeof contactSchema>;

/** A new contact: name required, the rest defaults to empty (an id sent by the client is replaced). */
export const newContactSchema = z.object({
  id: clientProvidedId,
  name: contactFields.name,
  lastName: contactFields.lastName.default(''),
  avatar: contactFields.avatar.default(''),
  nickname: contactFields.nickname.default(''),
  company: contactFields.company.default(''),
  jobTitle: contactFields.jobTitle.default(''),
  email: contactFields.email.default(''),
  phone: contactFields.phone.default(''),
  address: contactFields.address.default(''),
  birthday: contactFields.birthday.default(''),
  notes: contactFields.notes.default(''),
});

export const contactGroup = z.object({ id: z.string(), name: z.string(), contactIds: z.array(z.string()) });
export const contactsUser = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string(),
  starred: z.array(z.string()),
  frequentContacts: z.array(z.string()),
  groups: z.array(contactGroup),
});
export type ContactsUser = z.infer<typeof contactsUser>;

export const listContactsInput = z.object({ id: z.enum(['frequent', 'starred', 'all']).default('all') }).default({ id: 'all' });
export const addContactInput = z.object({ newContact: newContactSchema });
export type NewContact = z.infer<typeof newContactSchema>;
export const updateContactInput = z.object({ contact: contactSchema });
export const contactIdInput = z.object({ contactId: id });
export const contactIdsInput = z.object({ contactIds: z.array(id).min(1, 'Select at least one contact').max(500) });
