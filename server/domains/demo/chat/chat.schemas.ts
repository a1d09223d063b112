import { z } from 'zod';

/** Shapes of the chat app (demo-apps.md §3 Chat). Inputs are strict. */
const tooLong = 'This value is too long';
const id = z.string().trim().min(1, 'Min character length is 1').max(64, tooLong);

export const chatStatuses = ['online', 'away', 'do-not-disturb', 'offline'] as const;
export const chatStatus = z.enum(chatStatuses);

export const chatContact = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string(),
  status: chatStatus,
  mood: z.string(),
  unread: z.number().int().min(0),
});
export type ChatContact = z.infer<typeof chatContact>;

export const dialogEntry = z.object({ who: z.string(), message: z.string(), time: z.string() });
export type DialogEntry = z.infer<typeof dialogEntry>;
export const chatSchema = z.object({ id: z.string(), dialog: z.array(dialogEntry) });
export type Chat = z.infer<typeof chatSchema>;

export const chatListEntry = z.object({ chatId: z.string(), contactId: z.string(), lastMessageTime: z.string() });
export type ChatListEntry = z.infer<typeof chatListEntry>;
export const chatUser = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string(),
  status: chatStatus,
  mood: z.string(),
  chatList: z.array(chatListEntry),
});
export type ChatUser = z.infer<typeof chatUser>;

export const getChatInput = z.strictObject({ contactId: id, userId: id });
export const getChatAnswer = z.object({ chat: chatSchema, userChatList: z.array(chatListEntry) });

/** POST /api/chat/user/data: the fields to change on the chat user. */
export const updateChatUserInput = z.strictObject({
  name: z.string().trim().min(1, 'Min character length is 1').max(100, tooLong).optional(),
  avatar: z.string().trim().max(4096, tooLong).optional(),
  status: chatStatus.optional(),
  mood: z.string().trim().max(500, tooLong).optional(),
});
export type UpdateChatUserInput = z.infer<typeof updateChatUserInput>;

export const sendMessageInput = z.strictObject({
  chatId: id,
  contactId: id,
  message: z.string().trim().min(1, 'Min character length is 1').max(2000, tooLong),
});
export type SendMessageInput = z.infer<typeof sendMessageInput>;
export const sendMessageAnswer = z.object({ message: dialogEntry, userChatList: z.array(chatListEntry) });
