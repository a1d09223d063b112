import { DomainError } from '@server/platform/errors';
import type { Db } from '@db/client';
import { newId, nowIso } from '@server/lib/ids';
import { collection } from '../demo.store';
import type { Chat, ChatContact, ChatListEntry, ChatUser, DialogEntry, SendMessageInput, UpdateChatUserInput } from './chat.schemas';

export const chatCollections = {
  contacts: (db: Db) => collection<ChatContact>(db, 'chat.contacts'),
  chats: (db: Db) => collection<Chat>(db, 'chat.chats'),
  /** One document: the chat user with its chat list. */
  user: (db: Db) => collection<ChatUser>(db, 'chat.user'),
};

export const chatMessages = {
  userNotFound: 'User not found',
  contactNotFound: 'Contact not found',
  chatNotFound: 'Chat not found',
} as const;

const notFound = (message: string) => new DomainError({ code: 'NOT_FOUND', message });

export const listContacts = (db: Db) => chatCollections.contacts(db).list();

export async function getUser(db: Db): Promise<ChatUser> {
  const user = (await chatCollections.user(db).list())[0];
  if (!user) throw notFound(chatMessages.userNotFound);
  return user;
}

/** The chat of the user with the contact; created (empty) and added to the user's chat list if none exists. */
export async function getChat(
  db: Db,
  input: { contactId: string; userId: string },
): Promise<{ chat: Chat; userChatData: ChatListEntry; userChatList: ChatListEntry[] }> {
  // Looking for the chat and creating it when missing is one step: two first visits at once create one chat.
  return db.transaction(async () => {
    const user = await getUser(db);
    if (user.id !== input.userId) throw notFound(chatMessages.userNotFound);
    if (!(await chatCollections.contacts(db).has(input.contactId))) throw notFound(chatMessages.contactNotFound);
    const chats = chatCollections.chats(db);
    const entry = user.chatList.find((item) => item.contactId === input.contactId);
    const existing = entry ? await chats.get(entry.chatId) : undefined;
    if (entry && existing) return { chat: existing, userChatData: entry, userChatList: user.chatList };

    const chat: Chat = { id: newId(), dialog: [] };
    const created: ChatListEntry = { chatId: chat.id, contactId: input.contactId, lastMessageTime: nowIso() };
    const chatList = [...user.chatList.filter((item) => item.contactId !== input.contactId), created];
    await chats.put(chat);
    await chatCollections.user(db).put({ ...user, chatList });
    return { chat, userChatData: created, userChatList: chatList };
  });
}

/** Changes the given fields of the chat user and answers the user. */
export async function updateUser(db: Db, input: UpdateChatUserInput): Promise<ChatUser> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  // Read, merged and written back in one step: no change made meanwhile is lost.
  return db.transaction(async () => {
    const user = await getUser(db);
    return chatCollections.user(db).put({ ...user, ...changes });
  });
}

/** Appends the message to the chat's dialog and moves the contact's last message time forward. */
export async function sendMessage(
  db: Db,
  input: SendMessageInput,
  now: Date = new Date(),
): Promise<{ message: DialogEntry; userChatData: ChatListEntry; userChatList: ChatListEntry[] }> {
  // The dialog and the chat list are read and written back in one step: two messages at once both stay.
  return db.transaction(async () => {
    const user = await getUser(db);
    const chats = chatCollections.chats(db);
    const chat = await chats.get(input.chatId);
    if (!chat) throw notFound(chatMessages.chatNotFound);
    if (input.contactId !== undefined && !(await chatCollections.contacts(db).has(input.contactId))) throw notFound(chatMessages.contactNotFound);
    const entry = user.chatList.find((item) => item.chatId === input.chatId && (input.contactId === undefined || item.contactId === input.contactId));
    if (!entry) throw notFound(chatMessages.chatNotFound);
    const message: DialogEntry = { who: user.id, message: input.message, time: now.toISOString() };
    const userChatData: ChatListEntry = { ...entry, lastMessageTime: message.time };
    const userChatList = user.chatList.map((item) => (item.chatId === entry.chatId ? userChatData : item));
    await chats.put({ ...chat, dialog: [...chat.dialog, message] });
    await chatCollections.user(db).put({ ...user, chatList: userChatList });
    return { message, userChatData, userChatList };
  });
}
