import { useCallback, useEffect, useRef, useState } from 'react';
import { chatLimits, type ChatMessage, type ChatSession, type ChatStreamItem } from '@server/domains/chat/chat.schemas';
import { openChatConnection, type ChatConnection } from './chat-connection';

export type ChatConnectionStatus = 'connecting' | 'live' | 'reconnecting';

export interface ChatRoomState {
  messages: ChatMessage[];
  bannedUserIds: ReadonlySet<string>;
  status: ChatConnectionStatus;
  /** Why the room could not be opened (e.g. unknown event). */
  error: string | null;
}

/** Applies one stream item; keeps at most the last 200 messages. */
export function applyChatItem(messages: ChatMessage[], item: ChatStreamItem): ChatMessage[] {
  if (item.type === 'message') {
    if (messages.some((message) => message.id === item.message.id)) return messages;
    const next = [...messages, item.message];
    return next.length > chatLimits.renderedMessages ? next.slice(-chatLimits.renderedMessages) : next;
  }
  if (item.type === 'deleted') return messages.filter((message) => message.id !== item.messageId);
  return messages;
}

function connected(connection: { current: ChatConnection | null }) {
  if (!connection.current) throw new Error('The chat is not connected');
  return connection.current.client;
}

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Unexpected error. Please try again.';
}

/** One room: its live messages over the chat's own socket, and the calls made in it. */
export function useChatRoom(eventId: string, token: string | null) {
  const [state, setState] = useState<ChatRoomState>({ messages: [], bannedUserIds: new Set(), status: 'connecting', error: null });
  const connection = useRef<ChatConnection | null>(null);

  useEffect(() => {
    const opened = openChatConnection(token);
    connection.current = opened;
    setState({ messages: [], bannedUserIds: new Set(), status: 'connecting', error: null });
    const subscription = opened.client.chat.messages.subscribe(
      { eventId },
      {
        onStarted: () => setState((current) => ({ ...current, status: 'live', error: null })),
        onData: ({ data }) =>
          setState((current) => ({
            ...current,
            messages: applyChatItem(current.messages, data),
            bannedUserIds: data.type === 'banned' ? new Set([...current.bannedUserIds, data.userId]) : current.bannedUserIds,
          })),
        onError: (error) => {
          console.warn('chat connection failed', error);
          setState((current) => ({ ...current, error: errorMessage(error) }));
        },
        onConnectionStateChange: (change) => {
          if (change.state === 'connecting' && change.error) setState((current) => ({ ...current, status: 'reconnecting' }));
          if (change.state === 'pending') setState((current) => (current.status === 'reconnecting' ? { ...current, status: 'live' } : current));
        },
      },
    );
    return () => {
      subscription.unsubscribe();
      opened.close();
      if (connection.current === opened) connection.current = null;
    };
  }, [eventId, token]);

  const send = useCallback(
    (input: { text: string; displayName: string; photoURL: string | null }) =>
      connected(connection).chat.send.mutate({ eventId, text: input.text, displayName: input.displayName, photoURL: input.photoURL }),
    [eventId],
  );
  const deleteMessage = useCallback((messageId: string) => connected(connection).chat.deleteMessage.mutate({ eventId, messageId }), [eventId]);
  const ban = useCallback((userId: string) => connected(connection).chat.ban.mutate({ eventId, userId }), [eventId]);
  const session = useCallback((): Promise<ChatSession> => connected(connection).chat.session.query({ eventId }), [eventId]);

  return { ...state, send, deleteMessage, ban, session };
}
