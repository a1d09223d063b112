import { z } from 'zod';

/** Texts of the live chat (platform.md §5, §8) and of its server-side rules. */
export const chatMessages = {
  nameRequired: 'Field cannot be empty!',
  photo: 'Please upload a square image file in jpg, jpeg, and png between 50x50px and 200x200px',
  signInFailure: (reason: string) => `Failed to set up chat due to sign-in failure: ${reason}`,
  uploadFailure: (reason: string) => `Failed to set up chat due to image upload failure: ${reason}`,
  textRequired: 'Type a message first',
  textTooLong: 'A message can have at most 500 characters',
  tooFast: 'You are sending messages too fast. Please wait a moment and try again.',
  banned: 'You have been banned from this chat',
  eventNotFound: 'Event not found',
  roomNotFound: 'No event found for this page',
  inactive: 'The chat is closed because this event is not active',
  messageNotFound: 'Message not found',
  cannotBanSelf: 'You cannot ban yourself',
  unknownUser: 'User not found',
  signInToChat: 'Sign in as a viewer to chat',
  buyToJoin: 'Buy access to join this chat',
  hostName: 'This name belongs to the host',
  fellBehind: 'This chat connection fell too far behind; reconnect to resume',
  invalidMessageId: 'Invalid message id',
  photoAddressTooLong: 'The photo address is too long',
  invalidPhotoAddress: 'Invalid photo address',
  photoNotMultipart: 'Send the photo as multipart/form-data',
} as const;

/** Shown next to a chatter's name: the event's creator, an admin, a fan member (memberships). */
export const chatBadges = ['host', 'moderator', 'member'] as const;
export type ChatBadge = (typeof chatBadges)[number];
export const chatBadgeLabels: Record<ChatBadge, string> = { host: 'Host', moderator: 'Moderator', member: 'Member' };

/** The badge next to a chatter's name in an event's room: its creator is the host, admins moderate, then fan members. */
export function chatBadgeOf(hostId: string, sender: { id: string; role: string }, memberBadge = false): ChatBadge | null {
  if (sender.id === hostId) return 'host';
  if (sender.role === 'admin') return 'moderator';
  return memberBadge ? 'member' : null;
}

/** A name as people read it: no case, spaces, punctuation or diacritics ("Mára Test!" reads as "maratest"). */
export function chatNameKey(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** Whether a chat name reads as the host's display name or creator tag (refused to everyone but the host). */
export function isHostName(name: string, host: { displayName: string; tag: string }): boolean {
  const key = chatNameKey(name);
  return key.length > 0 && (key === chatNameKey(host.displayName) || key === chatNameKey(host.tag));
}

/** Chat limits: 1–500 characters, 3 messages per 2 seconds per sender; the history replays 100 messages. */
export const chatLimits = {
  maxTextLength: 500,
  maxDisplayNameLength: 60,
  sendBurst: 3,
  sendWindowSeconds: 2,
  historySize: 100,
  /** At most this many events replay on a resume (a client gone for longer starts from the latest ones). */
  resumeSize: 1000,
  /** The web keeps at most this many messages rendered. */
  renderedMessages: 200,
} as const;

const eventId = z.string().trim().min(1, chatMessages.eventNotFound).max(64, chatMessages.eventNotFound);
/** Message ids are 26 characters of Crockford base32 (see message-ids.ts). */
export const chatEventId = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, chatMessages.invalidMessageId);

/** A display name chosen on the chat sign-in form: not empty and no surrounding spaces (platform.md §5). */
export const chatDisplayName = z
  .string()
  .min(1, chatMessages.nameRequired)
  .max(chatLimits.maxDisplayNameLength, `A name can have at most ${chatLimits.maxDisplayNameLength} characters`)
  .refine((value) => value.trim() === value && value.trim().length > 0, chatMessages.nameRequired);

/** A photo stored by the chat photo upload, or an http(s) address (e.g. the `photoURL` query parameter of /chats). */
export const chatPhotoUrl = z
  .string()
  .trim()
  .max(500, chatMessages.photoAddressTooLong)
  .refine((value) => /^\/uploads\/[A-Za-z0-9_-]{8,64}\.(png|jpg)$/.test(value) || /^https?:\/\/[^\s"'<>]+$/i.test(value), chatMessages.invalidPhotoAddress);

export const chatOrigin = z.object({ kind: z.literal('fediverse'), handle: z.string(), url: z.string() });
export type ChatOrigin = z.infer<typeof chatOrigin>;

export const chatMessage = z.object({
  id: z.string(),
  eventId: z.string(),
  userId: z.string(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
  text: z.string(),
  createdAt: z.string(),
  badge: z.enum(chatBadges).nullable(),
  /**
   * The sender is a fan member of the event's creator on a tier with the chat badge (shown as "Member"; `badge` is
   * then `member` unless the sender hosts or moderates): set when the message is sent and again when the history is
   * read, from the membership as it stands then.
   */
  memberBadge: z.boolean(),
  /**
   * Where a message came from when it was not written here: a Fediverse reply to the event's note (or a like/boost line),
   * `handle` `@user@host`, `url` the remote note's address (the remote profile for a like/boost line); `userId` is then
   * the remote actor's id. Null for local messages.
   */
  origin: chatOrigin.nullable(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/**
 * Whether the room's live messages flow: `reconnecting` while the instances' shared bus (Redis) is unreachable (new
 * messages are kept and arrive once it is back), `live` once it is back. Only ever sent with REDIS_URL.
 */
export const chatBusStates = ['live', 'reconnecting'] as const;
export type ChatBusState = (typeof chatBusStates)[number];

/**
 * What the chat.messages stream carries, each wrapped in tracked(id, item). A `state` item carries the id of the
 * last event the subscriber got (resuming after it misses nothing).
 */
export type ChatStreamItem =
  | { type: 'message'; message: ChatMessage }
  | { type: 'deleted'; messageId: string }
  | { type: 'banned'; userId: string }
  | { type: 'unbanned'; userId: string }
  | { type: 'state'; state: ChatBusState };

export const chatMessagesInput = z.strictObject({ eventId, lastEventId: chatEventId.nullish() });
export type ChatMessagesInput = z.infer<typeof chatMessagesInput>;

export const sendChatInput = z.strictObject({
  eventId,
  text: z.string().trim().min(1, chatMessages.textRequired).max(chatLimits.maxTextLength, chatMessages.textTooLong),
  displayName: chatDisplayName,
  photoURL: chatPhotoUrl.nullish(),
});
export type SendChatInput = z.infer<typeof sendChatInput>;

export const deleteChatMessageInput = z.strictObject({ eventId, messageId: chatEventId });
export const banChatUserInput = z.strictObject({ eventId, userId: z.string().trim().min(1).max(64) });
/** `userId`: a user's id, or a Fediverse actor's id (as the banned list and its messages name a remote chatter). */
export const unbanChatUserInput = z.strictObject({ eventId, userId: z.string().trim().min(1).max(2000) });
/** A Fediverse actor, by its ActivityPub id (a message's `userId` when its `origin` is set). */
export const banRemoteChatActorInput = z.strictObject({ eventId, actorId: z.string().trim().url().max(2000) });
export const bannedChatUsersInput = z.strictObject({ eventId });

/** Someone banned from a room, as its moderators see them. */
export const bannedChatUser = z.object({
  userId: z.string(),
  /** The account's display name. */
  displayName: z.string(),
  /** The name they last chatted under in this room (what the moderator saw), null if they never wrote there. */
  chatName: z.string().nullable(),
  bannedAt: z.string(),
  /** The moderator who banned them; null once that account is deleted. */
  bannedBy: z.object({ userId: z.string(), displayName: z.string() }).nullable(),
  /**
   * A Fediverse actor banned by its actor id (`userId` and `url`): the handle it last wrote under in the room (null if
   * it never did). Null for a local user. Always present in answers; optional only for the store's local rows.
   */
  origin: z.object({ kind: z.literal('fediverse'), handle: z.string().nullable(), url: z.string() }).nullable(),
});
export type BannedChatUser = z.infer<typeof bannedChatUser>;

/** `unbanned` is false when the user was not banned (nothing changed, nothing published). */
export const unbanChatUserAnswer = z.object({ userId: z.string(), unbanned: z.boolean() });
export type UnbanChatUserAnswer = z.infer<typeof unbanChatUserAnswer>;

export const chatRoomInput = z.strictObject({
  subdomain: z.string().trim().min(1, chatMessages.roomNotFound).max(64, chatMessages.roomNotFound),
  eventId: z.string().trim().min(1).max(64).optional(),
});

/** What the chat pages need about the room's event. */
export const chatRoom = z.object({
  eventId: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  startDateTime: z.string().nullable(),
  endDateTime: z.string().nullable(),
  creatorId: z.string(),
  creatorDisplayName: z.string(),
  subdomain: z.string(),
  /** A premium event's chat is for those with access (the pages show the paywall notice to others). */
  isPremium: z.boolean(),
  /** Dollars; 0 when not premium. */
  premiumPrice: z.number(),
});
export type ChatRoom = z.infer<typeof chatRoom>;

export const chatSessionInput = z.strictObject({ eventId });

/** The caller's standing in a room: checked when the chat starts ("sign-in") and to show moderation controls. */
export const chatSession = z.object({
  userId: z.string(),
  canModerate: z.boolean(),
  isBanned: z.boolean(),
  isActive: z.boolean(),
});
export type ChatSession = z.infer<typeof chatSession>;

export const uploadChatPhotoAnswer = z.object({ imageUrl: z.string() });
export type UploadChatPhotoAnswer = z.infer<typeof uploadChatPhotoAnswer>;
