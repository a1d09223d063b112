import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { chatLimits, chatMessages, type ChatBadge } from '@server/domains/chat/chat.schemas';
import { i18n } from '@web/lib/i18n/i18n';

/**
 * The chat's own texts of `chatMessages` as the reader sees them, in the active locale: the English source is the
 * spec's text, byte for byte. The server's schema keeps the English; an English answer of the server is passed on as is.
 */
const texts = {
  nameRequired: msg`Field cannot be empty!`,
  photo: msg`Please upload a square image file in jpg, jpeg, and png between 50x50px and 200x200px`,
  banned: msg`You have been banned from this chat`,
  inactive: msg`The chat is closed because this event is not active`,
  signInToChat: msg`Sign in as a viewer to chat`,
  hostName: msg`This name belongs to the host`,
};

export type ChatText = keyof typeof texts;

export const chatText = (key: ChatText): string => i18n._(texts[key]);

export const signInFailureText = (reason: string): string => i18n._(msg`Failed to set up chat due to sign-in failure: ${reason}`);
export const uploadFailureText = (reason: string): string => i18n._(msg`Failed to set up chat due to image upload failure: ${reason}`);

const badgeLabels: Record<ChatBadge, MessageDescriptor> = { host: msg`Host`, moderator: msg`Moderator`, member: msg`Member` };
export const chatBadgeLabel = (badge: ChatBadge): string => i18n._(badgeLabels[badge]);

/** A name check's message of the shared schema, in the reader's language. */
export function nameProblemText(message: string): string {
  if (message === chatMessages.nameRequired) return chatText('nameRequired');
  const max = chatLimits.maxDisplayNameLength;
  if (message === `A name can have at most ${max} characters`) return i18n._(msg`A name can have at most ${max} characters`);
  return message;
}

export const unexpectedErrorText = (): string => i18n._(msg`Unexpected error. Please try again.`);

export const notConnectedText = (): string => i18n._(msg`The chat is not connected`);
