import { z } from 'zod';

/** Shapes of the chat app (demo-apps.md §3 Chat). Inputs strip unknown fields (never stored); wrong types and missing fields are refused. */
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

export const getChatInput = z.object({ contactId: id, userId: id });
/** `userChatData` is the user's chat-list entry for the contact (what the template reads); `userChatList` the whole list. */
export const getChatAnswer = z.object({ chat: chatSchema, userChatData: chatListEntry, userChatList: z.array(chatListEntry) });

/**
 * POST /api/chat/user/data: the fields to change on the chat user. The template posts the whole user; its id and
 * chat list are the server's own and are ignored like any other field not listed here.
 */
export const updateChatUserInput = z.object({
  name: z.string().trim().min(1, 'Min character length is 1').max(100, tooLong).optional(),
  avatar: z.string().trim().max(4096, tooLong).optional(),
  status: chatStatus.optional(),
  mood: z.string().trim().max(500, tooLong).optional(),
});
export type UpdateChatUserInput = z.infer<typeof updateChatUserInput>;

const isDialogEntry = (value: unknown): value is { message: unknown } =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'message' in value;
const messageText = z.string().trim().min(1, 'Min character length is 1').max(2000, tooLong);
/**
 * The message is its text, or the dialog entry the template builds ({ who, message, time }); the server records it
 * as said by the chat user, now. The contact is found from the chat when the client leaves it out.
 */
export const sendMessageInput = z.object({
  chatId: id,
  contactId: id.optional(),
  message: z.preprocess((value) => (isDialogEntry(value) ? value.message : value), messageText),
});
export type SendMessageInput = z.infer<typeof sendMessageInput>;
export const sendMessageAnswer = z.object({ message: dialogEntry, userChatData: chatListEntry, userChatList: z.array(chatListEntry) });
