import { z } from 'zod';

export const hubMessages = {
  unknownGroup: 'Unknown group: use {creatorId} or {creatorId}-{eventId}',
  textRequired: 'Type a message first',
  textTooLong: 'A hub message can have at most 1000 characters',
  tooFast: 'You are sending hub messages too fast. Please wait a moment and try again.',
  signInToSend: 'Sign in to send messages to a group',
  buyToJoin: 'Buy access to join this chat',
} as const;

export const hubLimits = { maxTextLength: 1000, sendBurst: 10, sendWindowSeconds: 10 } as const;

export const hubGroupId = z.string().trim().min(1, hubMessages.unknownGroup).max(200, hubMessages.unknownGroup);

export const hubMessagesInput = z.strictObject({ groupId: hubGroupId });

export const sendHubInput = z.strictObject({
  group: hubGroupId,
  text: z.string().trim().min(1, hubMessages.textRequired).max(hubLimits.maxTextLength, hubMessages.textTooLong),
});
export type SendHubInput = z.infer<typeof sendHubInput>;

export const hubMessage = z.object({
  group: z.string(),
  text: z.string(),
  sentAt: z.string(),
  /** A tip line's message from the tipper (also quoted at the end of `text`, for clients that read only the text). */
  tipMessage: z.string().optional(),
});
export type HubMessage = z.infer<typeof hubMessage>;
