import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactsCollections } from '@server/domains/demo/contacts/contacts.service';
import type { Contact, ContactsUser } from '@server/domains/demo/contacts/contacts.schemas';
import { contactsSeeder, generateContacts } from '../../../seed/demo/contacts';
import { createDemoTestApp, expectGuarded, type DemoTestApp } from './part1-setup';

let t: DemoTestApp;
const contacts = () => contactsCollections.contacts(t.app.services.db);
const user = async () => (await contactsCollections.user(t.app.services.db).list())[0]!;

beforeAll(async () => {
  t = await createDemoTestApp(contactsSeeder);
});
afterAll(() => t.close());
beforeEach(() => t.reseed());

const newContact = {
  name: 'Ada',
  lastName: 'Lovelace',
  nickname: 'ada',
  company: 'Analytical Engines',
  jobTitle: 'Programmer',
  email: 'ada@example.com',
  phone: '555 0100',
  address: '12 St James Square, London',
  birthday: '1815-12-10',
  notes: 'First programmer',
};

describe('contacts app REST', () => {
  it('GET /api/contacts-app/contacts answers all contacts by default and with id=all', async () => {
    const all = await contacts().list();
    expect(all.length).toBeGreaterThanOrEqual(30);
    const byDefault = await t.get('/api/contacts-app/contacts');
    expect(byDefault.statusCode).toBe(200);
    expect(byDefault.json()).toEqual(all);
    expect((await t.get('/api/contacts-app/contacts?id=all')).json()).toEqual(all);
  });

  it('GET /api/contacts-app/contacts?id=starred and id=frequent answer the user\'s starred and frequent contacts', async () => {
    const all = await contacts().list();
    const { starred, frequentContacts } = await user();
    expect(starred.length).toBeGreaterThan(0);
    expect(frequentContacts.length).toBeGreaterThan(0);
    const starredRes = await t.get('/api/contacts-app/contacts?id=starred');
    expect(starredRes.statusCode).toBe(200);
    expect(starredRes.json()).toEqual(all.filter((contact) => starred.includes(contact.id)));
    expect((starredRes.json() as Contact[]).length).toBe(starred.length);
    const frequentRes = await t.get('/api/contacts-app/contacts?id=frequent');
    expect(frequentRes.statusCode).toBe(200);
    expect(frequentRes.json()).toEqual(all.filter((contact) => frequentContacts.includes(contact.id)));
  });

  it('GET /api/contacts-app/contacts answers 400 for an unknown view and ignores an unknown param', async () => {
    const view = await t.get('/api/contacts-app/contacts?id=blocked');
    expect(view.statusCode).toBe(400);
    expect(view.json().errors).toMatchObject({ id: expect.any(String) });
    const param = await t.get('/api/contacts-app/contacts?page=2');
    expect(param.statusCode).toBe(200);
    expect(param.json()).toEqual((await t.get('/api/contacts-app/contacts')).json());
  });

  it('GET /api/contacts-app/user answers the owner with starred, frequent contacts and groups', async () => {
    const res = await t.get('/api/contacts-app/user');
    expect(res.statusCode).toBe(200);
    const body = res.json() as ContactsUser;
    expect(body).toEqual(await user());
    expect(body.groups.map((group) => group.name)).toEqual(['Friends', 'Clients', 'Recent Workers']);
    const ids = new Set((await contacts().list()).map((contact) => contact.id));
    for (const id of [...body.starred, ...body.frequentContacts, ...body.groups.flatMap((group) => group.contactIds)]) {
      expect(ids.has(id)).toBe(true);
    }
  });

  it('GET /api/contacts-app/user answers 404 JSON when the address book has no owner', async () => {
    await contactsCollections.user(t.app.services.db).replaceAll([]);
    const res = await t.get('/api/contacts-app/user');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'The contacts user is not set up' });
  });

  it('POST /api/contacts-app/add-contact stores the contact with a generated id and answers it', async () => {
    const before = await contacts().count();
    const res = await t.post('/api/contacts-app/add-contact', { newContact: { id: 'client-id', ...newContact } });
    expect(res.statusCode).toBe(200);
    const created = res.json() as Contact;
    expect(created).toEqual({ ...newContact, avatar: '', id: expect.any(String) });
    expect(created.id).not.toBe('client-id');
    expect(await contacts().count()).toBe(before + 1);
    expect(await contacts().get(created.id)).toEqual(created);
    expect(await contacts().has('client-id')).toBe(false);
    const listed = (await t.get('/api/contacts-app/contacts')).json() as Contact[];
    expect(listed).toContainEqual(created);
  });

  it('POST /api/contacts-app/add-contact fills the optional fields with empty text', async () => {
    const res = await t.post('/api/contacts-app/add-contact', { newContact: { name: 'Solo' } });
    expect(res.statusCode).toBe(200);
    const created = res.json() as Contact;
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Solo',
      lastName: '',
      avatar: '',
      nickname: '',
      company: '',
      jobTitle: '',
      email: '',
      phone: '',
      address: '',
      birthday: '',
      notes: '',
    });
    expect(await contacts().get(created.id)).toEqual(created);
  });

  it('POST /api/contacts-app/add-contact: 400 with field messages for a malformed contact, nothing written', async () => {
    const before = await contacts().list();
    const bad = await t.post('/api/contacts-app/add-contact', { newContact: { name: '', email: 'not-an-email', colour: 'red' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      'newContact.name': 'Min character length is 1',
      'newContact.email': 'Please enter a valid email',
    });
    expect(bad.json().errors).not.toHaveProperty('newContact.colour');
    const bare = await t.post('/api/contacts-app/add-contact', { name: 'Not wrapped' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors).toEqual({ newContact: expect.any(String) });
    expect(await contacts().list()).toEqual(before);
  });

  it('POST /api/contacts-app/update-contact replaces the contact and answers it', async () => {
    const contact = (await contacts().list())[3]!;
    const changed = { ...contact, name: 'Renamed', company: 'New Co', email: 'renamed@example.com' };
    const res = await t.post('/api/contacts-app/update-contact', { contact: changed });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(changed);
    expect(await contacts().get(contact.id)).toEqual(changed);
    expect((await contacts().list())[3]).toEqual(changed);
  });

  it('POST /api/contacts-app/update-contact: 404 for an unknown id, 400 for a malformed contact, nothing written', async () => {
    const before = await contacts().list();
    const contact = before[0]!;
    const unknown = await t.post('/api/contacts-app/update-contact', { contact: { ...contact, id: 'nope' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Contact not found' });
    const bad = await t.post('/api/contacts-app/update-contact', { contact: { ...contact, name: '', phone: 42, extra: true } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      'contact.name': 'Min character length is 1',
      'contact.phone': expect.any(String),
    });
    expect(bad.json().errors).not.toHaveProperty('contact.extra');
    const missing = await t.post('/api/contacts-app/update-contact', { contact: { id: contact.id, name: 'Only a name' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({ 'contact.lastName': expect.any(String) });
    expect(await contacts().list()).toEqual(before);
  });

  it('POST /api/contacts-app/remove-contact removes it, answers its id and drops it from the user\'s lists', async () => {
    const starredId = (await user()).starred[0]!;
    const group = (await user()).groups.find((item) => item.contactIds.includes(starredId))!;
    expect(group).toBeDefined();
    const before = await contacts().count();
    const res = await t.post('/api/contacts-app/remove-contact', { contactId: starredId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(starredId);
    expect(await contacts().has(starredId)).toBe(false);
    expect(await contacts().count()).toBe(before - 1);
    expect((await user()).starred).not.toContain(starredId);
    expect((await user()).frequentContacts).not.toContain(starredId);
    expect((await user()).groups.find((item) => item.id === group.id)!.contactIds).not.toContain(starredId);
    const starredView = (await t.get('/api/contacts-app/contacts?id=starred')).json() as Contact[];
    expect(starredView.map((contact) => contact.id)).not.toContain(starredId);
  });

  it('POST /api/contacts-app/remove-contact: 404 for an unknown id, 400 without contactId, nothing removed', async () => {
    const before = await contacts().list();
    const unknown = await t.post('/api/contacts-app/remove-contact', { contactId: 'nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Contact not found' });
    const bad = await t.post('/api/contacts-app/remove-contact', { id: before[0]!.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ contactId: expect.any(String) });
    expect(await contacts().list()).toEqual(before);
  });

  it('POST /api/contacts-app/remove-contacts removes each selected contact and answers the ids', async () => {
    const [a, b, c] = await contacts().list();
    const before = await contacts().count();
    const res = await t.post('/api/contacts-app/remove-contacts', { contactIds: [a!.id, b!.id, c!.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([a!.id, b!.id, c!.id]);
    expect(await contacts().count()).toBe(before - 3);
    for (const id of [a!.id, b!.id, c!.id]) {
      expect(await contacts().has(id)).toBe(false);
      expect((await user()).starred).not.toContain(id);
      expect((await user()).frequentContacts).not.toContain(id);
      expect((await user()).groups.flatMap((group) => group.contactIds)).not.toContain(id);
    }
  });

  it('POST /api/contacts-app/remove-contacts: an unknown id answers 404 and removes nothing; an empty selection is a 400', async () => {
    const before = await contacts().list();
    const beforeUser = await user();
    const unknown = await t.post('/api/contacts-app/remove-contacts', { contactIds: [before[0]!.id, 'nope'] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Contact not found' });
    const empty = await t.post('/api/contacts-app/remove-contacts', { contactIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ contactIds: 'Select at least one contact' });
    const wrongType = await t.post('/api/contacts-app/remove-contacts', { contactIds: before[0]!.id });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors).toMatchObject({ contactIds: expect.any(String) });
    expect(await contacts().list()).toEqual(before);
    expect(await user()).toEqual(beforeUser);
  });

  it('POST /api/contacts-app/toggle-starred-contact stars an unstarred contact and unstars a starred one', async () => {
    const starredId = (await user()).starred[0]!;
    const { starred } = await user();
    const unstarredId = (await contacts().list()).find((contact) => !starred.includes(contact.id))!.id;
    const star = await t.post('/api/contacts-app/toggle-starred-contact', { contactId: unstarredId });
    expect(star.statusCode).toBe(200);
    expect(star.json()).toEqual(await user());
    expect((await user()).starred).toContain(unstarredId);
    const unstar = await t.post('/api/contacts-app/toggle-starred-contact', { contactId: starredId });
    expect(unstar.statusCode).toBe(200);
    expect((unstar.json() as ContactsUser).starred).not.toContain(starredId);
    expect((await user()).starred).not.toContain(starredId);
    const view = (await t.get('/api/contacts-app/contacts?id=starred')).json() as Contact[];
    expect(view.map((contact) => contact.id)).toContain(unstarredId);
    expect(view.map((contact) => contact.id)).not.toContain(starredId);
  });

  it('POST /api/contacts-app/toggle-starred-contact: 404 for an unknown id, 400 for a malformed body, nothing changed', async () => {
    const before = await user();
    const unknown = await t.post('/api/contacts-app/toggle-starred-contact', { contactId: 'nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Contact not found' });
    const bad = await t.post('/api/contacts-app/toggle-starred-contact', { contactId: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ contactId: 'Min character length is 1' });
    expect(await user()).toEqual(before);
  });

  it('POST /api/contacts-app/toggle-starred-contacts toggles each selected contact', async () => {
    const starredId = (await user()).starred[0]!;
    const { starred } = await user();
    const unstarred = (await contacts().list())
      .filter((contact) => !starred.includes(contact.id))
      .slice(0, 2)
      .map((contact) => contact.id);
    const res = await t.post('/api/contacts-app/toggle-starred-contacts', { contactIds: [starredId, ...unstarred] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(await user());
    expect((await user()).starred).not.toContain(starredId);
    for (const id of unstarred) expect((await user()).starred).toContain(id);
    const again = await t.post('/api/contacts-app/toggle-starred-contacts', { contactIds: [starredId, ...unstarred] });
    expect(again.statusCode).toBe(200);
    expect(new Set((await user()).starred)).toEqual(new Set(generateContacts().user.starred));
  });

  it('POST /api/contacts-app/toggle-starred-contacts: an unknown id answers 404 and toggles nothing', async () => {
    const before = await user();
    const unstarredId = (await contacts().list()).find((contact) => !before.starred.includes(contact.id))!.id;
    const unknown = await t.post('/api/contacts-app/toggle-starred-contacts', { contactIds: [unstarredId, 'nope'] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Contact not found' });
    const empty = await t.post('/api/contacts-app/toggle-starred-contacts', { contactIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ contactIds: 'Select at least one contact' });
    expect(await user()).toEqual(before);
  });

  it('POST /api/contacts-app/set-contacts-starred stars every selected contact, keeping those already starred', async () => {
    const before = (await user()).starred;
    const alreadyStarred = before[0]!;
    const unstarred = (await contacts().list())
      .filter((contact) => !before.includes(contact.id))
      .slice(0, 3)
      .map((contact) => contact.id);
    const res = await t.post('/api/contacts-app/set-contacts-starred', { contactIds: [alreadyStarred, ...unstarred] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(await user());
    expect((await user()).starred).toEqual([...before, ...unstarred]);
    const view = (await t.get('/api/contacts-app/contacts?id=starred')).json() as Contact[];
    expect(view).toHaveLength(before.length + 3);
  });

  it('POST /api/contacts-app/set-contacts-unstarred unstars every selected contact, leaving unstarred ones alone', async () => {
    const before = (await user()).starred;
    const [first, second] = before;
    const unstarredId = (await contacts().list()).find((contact) => !before.includes(contact.id))!.id;
    const res = await t.post('/api/contacts-app/set-contacts-unstarred', { contactIds: [first!, second!, unstarredId] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(await user());
    expect((await user()).starred).toEqual(before.filter((id) => id !== first && id !== second));
    expect((await user()).starred).not.toContain(unstarredId);
  });

  it('POST set-contacts-starred / set-contacts-unstarred: 404 for an unknown id, 400 for a malformed body, nothing changed', async () => {
    const before = await user();
    const some = (await contacts().list())[1]!.id;
    for (const path of ['set-contacts-starred', 'set-contacts-unstarred']) {
      const unknown = await t.post(`/api/contacts-app/${path}`, { contactIds: [some, 'nope'] });
      expect(unknown.statusCode, path).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Contact not found' });
      const bad = await t.post(`/api/contacts-app/${path}`, { contactIds: some, starred: true });
      expect(bad.statusCode, path).toBe(400);
      expect(bad.json().errors).toEqual({ contactIds: expect.any(String) });
    }
    expect(await user()).toEqual(before);
  });

  it('every contacts path answers 401 without a token and 403 for a viewer, changing nothing', async () => {
    const contact = (await contacts().list())[1]!;
    const beforeUser = await user();
    const count = await contacts().count();
    for (const endpoint of [
      { method: 'GET' as const, url: '/api/contacts-app/contacts?id=all' },
      { method: 'GET' as const, url: '/api/contacts-app/contacts?id=starred' },
      { method: 'GET' as const, url: '/api/contacts-app/user' },
      { method: 'POST' as const, url: '/api/contacts-app/add-contact', payload: { newContact } },
      { method: 'POST' as const, url: '/api/contacts-app/update-contact', payload: { contact: { ...contact, name: 'Hacked' } } },
      { method: 'POST' as const, url: '/api/contacts-app/remove-contact', payload: { contactId: contact.id } },
      { method: 'POST' as const, url: '/api/contacts-app/remove-contacts', payload: { contactIds: [contact.id] } },
      { method: 'POST' as const, url: '/api/contacts-app/toggle-starred-contact', payload: { contactId: contact.id } },
      { method: 'POST' as const, url: '/api/contacts-app/toggle-starred-contacts', payload: { contactIds: [contact.id] } },
      { method: 'POST' as const, url: '/api/contacts-app/set-contacts-starred', payload: { contactIds: [contact.id] } },
      { method: 'POST' as const, url: '/api/contacts-app/set-contacts-unstarred', payload: { contactIds: [contact.id] } },
    ]) {
      await expectGuarded(t, endpoint);
    }
    expect(await contacts().get(contact.id)).toEqual(contact);
    expect(await contacts().count()).toBe(count);
    expect(await user()).toEqual(beforeUser);
  });
});

