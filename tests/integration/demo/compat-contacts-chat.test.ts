import { describe, expect, it } from 'vitest';
import type { Chat, ChatContact, ChatListEntry, ChatUser } from '@server/domains/demo/chat/chat.schemas';
import type { Contact, ContactsUser } from '@server/domains/demo/contacts/contacts.schemas';
import { templateGuid, useTemplateClient } from './compat-client';

/** Replays of the template's contacts and chat stores (contacts.actions.js, ContactDialog.js, chat.actions.js, user.actions.js). */
const client = useTemplateClient();

describe('template client: contacts app', () => {
  it('getContacts(routeParams) and getUserData()', async () => {
    const all = await client.get<Contact[]>('/api/contacts-app/contacts', { id: 'all' });
    expect(all.length).toBeGreaterThan(0);
    const user = await client.get<ContactsUser>('/api/contacts-app/user');
    const starred = await client.get<Contact[]>('/api/contacts-app/contacts', { id: 'starred' });
    expect(starred.map((contact) => contact.id).sort()).toEqual([...user.starred].sort());
  });

  it('addContact(newContact) posts the dialog form with an empty id; the server assigns one', async () => {
    const form = {
      id: '',
      name: 'Replay',
      lastName: 'Contact',
      avatar: 'assets/images/avatars/profile.jpg',
      nickname: '',
      company: '',
      jobTitle: '',
      email: '',
      phone: '',
      address: '',
      birthday: '',
      notes: '',
    };
    const created = await client.post<Contact>('/api/contacts-app/add-contact', { newContact: form });
    expect(created.id).not.toBe('');
    expect(created).toEqual({ ...form, id: created.id });
    const all = await client.get<Contact[]>('/api/contacts-app/contacts', { id: 'all' });
    expect(all).toContainEqual(created);
  });

  it('addContact also works when the dialog put its own GUID in the id', async () => {
    const created = await client.post<Contact>('/api/contacts-app/add-contact', { newContact: { id: templateGuid(), name: 'Guid' } });
    expect(created.name).toBe('Guid');
  });

  it('updateContact, star toggles and removals post { contact } / { contactId } / { contactIds }', async () => {
    const [first, second, third] = await client.get<Contact[]>('/api/contacts-app/contacts', { id: 'all' });
    const updated = await client.post<Contact>('/api/contacts-app/update-contact', { contact: { ...first, nickname: 'Replayed' } });
    expect(updated.nickname).toBe('Replayed');
    const userBefore = await client.get<ContactsUser>('/api/contacts-app/user');
    await client.post('/api/contacts-app/toggle-starred-contact', { contactId: second!.id });
    const userAfter = await client.get<ContactsUser>('/api/contacts-app/user');
    expect(userAfter.starred.includes(second!.id)).toBe(!userBefore.starred.includes(second!.id));
    await client.post('/api/contacts-app/toggle-starred-contacts', { contactIds: [second!.id] });
    await client.post('/api/contacts-app/set-contacts-starred', { contactIds: [third!.id] });
    expect((await client.get<ContactsUser>('/api/contacts-app/user')).starred).toContain(third!.id);
    await client.post('/api/contacts-app/set-contacts-unstarred', { contactIds: [third!.id] });
    expect((await client.get<ContactsUser>('/api/contacts-app/user')).starred).not.toContain(third!.id);
    await client.post('/api/contacts-app/remove-contact', { contactId: first!.id });
    await client.post('/api/contacts-app/remove-contacts', { contactIds: [second!.id] });
    const ids = (await client.get<Contact[]>('/api/contacts-app/contacts', { id: 'all' })).map((contact) => contact.id);
    expect(ids).not.toContain(first!.id);
    expect(ids).not.toContain(second!.id);
  });
});

describe('template client: chat app', () => {
  it('getChat(contactId) for a contact without a chat answers { chat: { id, dialog: [] }, userChatData } and starts it', async () => {
    const user = await client.get<ChatUser>('/api/chat/user');
    const contacts = await client.get<ChatContact[]>('/api/chat/contacts');
    const fresh = contacts.find((contact) => !user.chatList.some((entry) => entry.contactId === contact.id))!;
    const answer = await client.get<{ chat: Chat; userChatData: ChatListEntry }>('/api/chat/get-chat', { contactId: fresh.id, userId: user.id });
    expect(answer.chat).toEqual({ id: expect.any(String), dialog: [] });
    expect(answer.userChatData).toEqual({ chatId: answer.chat.id, contactId: fresh.id, lastMessageTime: expect.any(String) });
    const again = await client.get<{ chat: Chat; userChatData: ChatListEntry }>('/api/chat/get-chat', { contactId: fresh.id, userId: user.id });
    expect(again.chat.id).toBe(answer.chat.id);
  });

  it('sendMessage posts { chatId, message } with the dialog entry the client built and reads { message, userChatData }', async () => {
    const user = await client.get<ChatUser>('/api/chat/user');
    const entry = user.chatList[0]!;
    const built = { who: user.id, message: 'Replayed hello', time: new Date().toJSON() };
    const answer = await client.post<{ message: { who: string; message: string; time: string }; userChatData: ChatListEntry }>(
      '/api/chat/send-message',
      { chatId: entry.chatId, message: built },
    );
    expect(answer.message).toEqual({ who: user.id, message: 'Replayed hello', time: expect.any(String) });
    expect(answer.userChatData).toEqual({ ...entry, lastMessageTime: answer.message.time });
    const chat = await client.get<{ chat: Chat }>('/api/chat/get-chat', { contactId: entry.contactId, userId: user.id });
    expect(chat.chat.dialog.at(-1)).toEqual(answer.message);
    // The spec's form (with contactId) answers the same way.
    const withContact = await client.post<{ userChatData: ChatListEntry }>('/api/chat/send-message', { chatId: entry.chatId, contactId: entry.contactId, message: built });
    expect(withContact.userChatData.contactId).toBe(entry.contactId);
  });

  it('updateUserData posts the whole user (status menu, mood) and reads the stored user back', async () => {
    const user = await client.get<ChatUser>('/api/chat/user');
    const posted = { ...user, status: 'do-not-disturb', mood: 'Mixing', chatList: [], id: 'someone-else' };
    const answer = await client.post<ChatUser>('/api/chat/user/data', posted);
    expect(answer).toEqual({ ...user, status: 'do-not-disturb', mood: 'Mixing' });
    expect(await client.get('/api/chat/user')).toEqual(answer);
  });
});
