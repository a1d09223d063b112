/**
 * The live chat (the event page, the chat pages, the creator's live monitor): the chat panel, the hub group an event's
 * chat joins, and the viewer's chat identity (signing out of the viewer menu forgets it). The rest is the chat's own.
 */
export { eventHubGroup, LiveChat, type LiveChatProps } from './live-chat';
export { clearChatIdentity, useChatToken } from './chat-identity';
