import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatCollections } from '@server/domains/demo/chat/chat.service';
import type { Chat, ChatListEntry, ChatUser, DialogEntry } from '@server/domains/demo/chat/chat.schemas';
import { chatSeeder } from '../../../seed/demo/chat';
import { createDemoTestApp, expectGuarded, type DemoTestApp } from './part1-setup';

let t: DemoTestApp;
const contacts = () => chatCollections.contacts(t.app.services.db);
const chats = () => chatCollections.chats(t.app.services.db);
const user = async () => (await chatCollections.user(t.app.services.db).list())[0]!;

beforeAll(async () => {
  t = await createDemoTestApp(chatSeeder);
});
afterAll(() => t.close());
beforeEach(() => t.reseed());

/** A contact the user already chats with, and that chat. */
async function existingChat(index = 0): Promise<{ entry: ChatListEntry; chat: Chat }> {
  const entry = (await user()).chatList[index]!;
  return { entry, chat: (await chats().get(entry.chatId))! };
}

describe('chat app REST', () => {
  it('GET /api/chat/contacts answers the contacts with their status, mood and unread count', async () => {
    const res = await t.get('/api/chat/contacts');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(await contacts().list());
    expect(await contacts().count()).toBeGreaterThan(0);
    const statuses = new Set((res.json() as Array<{ status: string }>).map((contact) => contact.status));
    expect(statuses).toEqual(new Set(['online', 'away', 'do-not-disturb', 'offline']));
  });

  it('GET /api/chat/user answers the chat user with its chat list', async () => {
    const res = await t.get('/api/chat/user');
    expect(res.statusCode).toBe(200);
    const body = res.json() as ChatUser;
    expect(body).toEqual(await user());
    expect(body.chatList.length).toBeGreaterThan(0);
    for (const entry of body.chatList) {
      expect(await chats().has(entry.chatId)).toBe(true);
      expect(await contacts().has(entry.contactId)).toBe(true);
    }
  });

  it('GET /api/chat/user answers 404 JSON when there is no chat user', async () => {
    await chatCollections.user(t.app.services.db).replaceAll([]);
    const res = await t.get('/api/chat/user');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'User not found' });
  });

  it('GET /api/chat/get-chat answers the existing chat with the contact and the user\'s chat list', async () => {
    const { entry, chat } = await existingChat(1);
    const res = await t.get(`/api/chat/get-chat?contactId=${entry.contactId}&userId=${(await user()).id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ chat, userChatData: entry, userChatList: (await user()).chatList });
    expect(chat.dialog.length).toBeGreaterThan(0);
  });

  it('GET /api/chat/get-chat starts an empty chat with a contact not chatted with yet and lists it', async () => {
    const before = await user();
    const chatted = new Set(before.chatList.map((entry) => entry.contactId));
    const fresh = (await contacts().list()).find((contact) => !chatted.has(contact.id))!;
    const chatCount = await chats().count();
    const res = await t.get(`/api/chat/get-chat?contactId=${fresh.id}&userId=${before.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { chat: Chat; userChatList: ChatListEntry[] };
    expect(body.chat).toEqual({ id: expect.any(String), dialog: [] });
    expect(await chats().get(body.chat.id)).toEqual(body.chat);
    expect(await chats().count()).toBe(chatCount + 1);
    expect(body.userChatList).toEqual([...before.chatList, { chatId: body.chat.id, contactId: fresh.id, lastMessageTime: expect.any(String) }]);
    expect((await user()).chatList).toEqual(body.userChatList);
    const again = await t.get(`/api/chat/get-chat?contactId=${fresh.id}&userId=${before.id}`);
    expect(again.json()).toEqual(body);
    expect(await chats().count()).toBe(chatCount + 1);
  });

  it('GET /api/chat/get-chat: 404 for an unknown contact or user, 400 without params, nothing created', async () => {
    const before = await user();
    const chatCount = await chats().count();
    const contactId = (await contacts().list())[0]!.id;
    const unknownContact = await t.get(`/api/chat/get-chat?contactId=nope&userId=${before.id}`);
    expect(unknownContact.statusCode).toBe(404);
    expect(unknownContact.json()).toEqual({ message: 'Contact not found' });
    const unknownUser = await t.get(`/api/chat/get-chat?contactId=${contactId}&userId=nope`);
    expect(unknownUser.statusCode).toBe(404);
    expect(unknownUser.json()).toEqual({ message: 'User not found' });
    const bad = await t.get('/api/chat/get-chat?chatId=1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ contactId: expect.any(String), userId: expect.any(String) });
    expect(await user()).toEqual(before);
    expect(await chats().count()).toBe(chatCount);
  });

  it('POST /api/chat/user/data changes the given fields of the chat user and answers it', async () => {
    const before = await user();
    const res = await t.post('/api/chat/user/data', { status: 'away', mood: 'Out for lunch' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...before, status: 'away', mood: 'Out for lunch' });
    expect(await user()).toEqual({ ...before, status: 'away', mood: 'Out for lunch' });
    expect((await t.get('/api/chat/user')).json()).toEqual(await user());
  });

  it('POST /api/chat/user/data: 400 with field messages for malformed data, nothing written', async () => {
    const before = await user();
    const bad = await t.post('/api/chat/user/data', { status: 'sleeping', name: '', chatList: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ status: expect.any(String), name: 'Min character length is 1' });
    expect(await user()).toEqual(before);
  });

  it('POST /api/chat/send-message appends to the chat\'s dialog and moves the contact\'s lastMessageTime', async () => {
    const { entry, chat } = await existingChat(2);
    const before = await user();
    const res = await t.post('/api/chat/send-message', { chatId: entry.chatId, contactId: entry.contactId, message: '  See you at the sound check  ' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { message: DialogEntry; userChatList: ChatListEntry[] };
    expect(body.message).toEqual({ who: before.id, message: 'See you at the sound check', time: expect.any(String) });
    expect(Number.isNaN(Date.parse(body.message.time))).toBe(false);
    expect(body.message.time > entry.lastMessageTime).toBe(true);

    const stored = (await chats().get(chat.id))!;
    expect(stored.dialog).toEqual([...chat.dialog, body.message]);
    const expectedList = before.chatList.map((item) => (item.contactId === entry.contactId ? { ...item, lastMessageTime: body.message.time } : item));
    expect(body.userChatList).toEqual(expectedList);
    expect((await user()).chatList).toEqual(expectedList);

    const read = await t.get(`/api/chat/get-chat?contactId=${entry.contactId}&userId=${before.id}`);
    expect((read.json() as { chat: Chat }).chat.dialog.at(-1)).toEqual(body.message);
  });

  it('POST /api/chat/send-message: 404 for an unknown chat, contact, or a chat of another contact; nothing written', async () => {
    const first = await existingChat(0);
    const second = await existingChat(1);
    const before = await user();
    const cases: Array<[Record<string, string>, string]> = [
      [{ chatId: 'nope', contactId: first.entry.contactId, message: 'hi' }, 'Chat not found'],
      [{ chatId: first.entry.chatId, contactId: 'nope', message: 'hi' }, 'Contact not found'],
      [{ chatId: first.entry.chatId, contactId: second.entry.contactId, message: 'hi' }, 'Chat not found'],
    ];
    for (const [payload, message] of cases) {
      const res = await t.post('/api/chat/send-message', payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message });
    }
    expect(await chats().get(first.chat.id)).toEqual(first.chat);
    expect(await chats().get(second.chat.id)).toEqual(second.chat);
    expect(await user()).toEqual(before);
  });

  it('POST /api/chat/send-message: 400 with field messages for a malformed message, nothing written', async () => {
    const { entry, chat } = await existingChat(0);
    const before = await user();
    const empty = await t.post('/api/chat/send-message', { chatId: entry.chatId, contactId: entry.contactId, message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ message: 'Min character length is 1' });
    const tooLong = await t.post('/api/chat/send-message', { chatId: entry.chatId, contactId: entry.contactId, message: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({ message: 'This value is too long' });
    const missing = await t.post('/api/chat/send-message', { message: 'hi', who: 'me' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ chatId: expect.any(String) });
    expect(await chats().get(chat.id)).toEqual(chat);
    expect(await user()).toEqual(before);
  });

  it('every chat path answers 401 without a token and 403 for a viewer, changing nothing', async () => {
    const { entry, chat } = await existingChat(0);
    const before = await user();
    for (const endpoint of [
      { method: 'GET' as const, url: '/api/chat/contacts' },
      { method: 'GET' as const, url: '/api/chat/user' },
      { method: 'GET' as const, url: `/api/chat/get-chat?contactId=${entry.contactId}&userId=${before.id}` },
      { method: 'POST' as const, url: '/api/chat/user/data', payload: { mood: 'hacked' } },
      { method: 'POST' as const, url: '/api/chat/send-message', payload: { chatId: entry.chatId, contactId: entry.contactId, message: 'hi' } },
    ]) {
      await expectGuarded(t, endpoint);
    }
    expect(await chats().get(chat.id)).toEqual(chat);
    expect(await user()).toEqual(before);
  });
});
