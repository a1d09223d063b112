import { useCallback, useEffect, useRef, useState } from 'react';
import {
  chatLimits,
  type BannedChatUser,
  type ChatMessage,
  type ChatSession,
  type ChatStreamItem,
  type UnbanChatUserAnswer,
} from '@server/domains/chat/chat.schemas';
import type { HubMessage } from '@server/domains/hub/hub.schemas';
import { openChatConnection, type ChatConnection } from './chat-connection';
import { notConnectedText, unexpectedErrorText } from './chat-texts';

/** The hub group's system messages shown in the chat column (welcomes, tips), the latest few. */
export const maxNotices = 20;

export type ChatConnectionStatus = 'connecting' | 'live' | 'reconnecting';

/**
 * The room's history arrives as one burst right after the subscription starts (the server replays it at once); once
 * nothing has come for this long, what follows is new. A busy room whose burst never pauses counts as caught up
 * after `historyLimitMs`.
 */
export const historyQuietMs = 400;
export const historyLimitMs = 3000;

export interface ChatRoomState {
  messages: ChatMessage[];
  /** The latest ban news the stream brought per user since the room opened: true banned, false unbanned. */
  liveBans: ReadonlyMap<string, boolean>;
  status: ChatConnectionStatus;
  /** Why the room could not be opened (e.g. unknown event). */
  error: string | null;
  /** System messages of the event's hub group heard since the room opened (no history: they are of the moment). */
  notices: HubMessage[];
  /** Whether the history replayed on opening is in: from then on a message is news (screen readers announce it). */
  caughtUp: boolean;
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

/** Records a `banned`/`unbanned` item; any other item leaves the map as it is. */
export function applyBanItem(liveBans: ReadonlyMap<string, boolean>, item: ChatStreamItem): ReadonlyMap<string, boolean> {
  if (item.type !== 'banned' && item.type !== 'unbanned') return liveBans;
  return new Map(liveBans).set(item.userId, item.type === 'banned');
}

function connected(connection: { current: ChatConnection | null }) {
  if (!connection.current) throw new Error(notConnectedText());
  return connection.current.client;
}

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : unexpectedErrorText();
}

/**
 * One room: its live messages over the chat's own socket, and the calls made in it. With `hubGroup`, the same
 * socket also listens to the event's hub group (payment welcomes, tips) for the chat column.
 */
export function useChatRoom(eventId: string, token: string | null, hubGroup: string | null = null) {
  const [state, setState] = useState<ChatRoomState>({ messages: [], liveBans: new Map(), status: 'connecting', error: null, notices: [], caughtUp: false });
  const connection = useRef<ChatConnection | null>(null);

  useEffect(() => {
    const opened = openChatConnection(token);
    connection.current = opened;
    setState({ messages: [], liveBans: new Map(), status: 'connecting', error: null, notices: [], caughtUp: false });
    let quiet: number | undefined;
    let limit: number | undefined;
    /** From the first start until the history burst has paused; a resumed connection replays only what was missed. */
    let replaying = false;
    let started = false;
    const catchUp = () => {
      replaying = false;
      window.clearTimeout(quiet);
      window.clearTimeout(limit);
      setState((current) => (current.caughtUp ? current : { ...current, caughtUp: true }));
    };
    /** Waits for the history burst to pause (again). */
    const awaitQuiet = () => {
      window.clearTimeout(quiet);
      quiet = window.setTimeout(catchUp, historyQuietMs);
    };
    const subscription = opened.client.chat.messages.subscribe(
      { eventId },
      {
        onStarted: () => {
          setState((current) => ({ ...current, status: 'live', error: null }));
          if (started) return;
          started = true;
          replaying = true;
          awaitQuiet();
          limit = window.setTimeout(catchUp, historyLimitMs);
        },
        onData: ({ data }) => {
          if (replaying) awaitQuiet();
          setState((current) => ({
            ...current,
            messages: applyChatItem(current.messages, data),
            liveBans: applyBanItem(current.liveBans, data),
          }));
        },
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
    const hub = hubGroup
      ? opened.client.hub.messages.subscribe(
          { groupId: hubGroup },
          {
            onData: (notice) => setState((current) => ({ ...current, notices: [...current.notices, notice].slice(-maxNotices) })),
            // A group this caller may not hear (a premium event without access) just stays quiet.
            onError: (error) => console.warn('hub messages unavailable', error),
          },
        )
      : null;
    return () => {
      window.clearTimeout(quiet);
      window.clearTimeout(limit);
      subscription.unsubscribe();
      hub?.unsubscribe();
      opened.close();
      if (connection.current === opened) connection.current = null;
    };
  }, [eventId, token, hubGroup]);

  const send = useCallback(
    (input: { text: string; displayName: string; photoURL: string | null }) =>
      connected(connection).chat.send.mutate({ eventId, text: input.text, displayName: input.displayName, photoURL: input.photoURL }),
    [eventId],
  );
  const deleteMessage = useCallback((messageId: string) => connected(connection).chat.deleteMessage.mutate({ eventId, messageId }), [eventId]);
  const ban = useCallback((userId: string) => connected(connection).chat.ban.mutate({ eventId, userId }), [eventId]);
  const banRemote = useCallback((actorId: string) => connected(connection).chat.banRemote.mutate({ eventId, actorId }), [eventId]);
  const unban = useCallback((userId: string): Promise<UnbanChatUserAnswer> => connected(connection).chat.unban.mutate({ eventId, userId }), [eventId]);
  const bannedUsers = useCallback((): Promise<BannedChatUser[]> => connected(connection).chat.bannedUsers.query({ eventId }), [eventId]);
  const session = useCallback((): Promise<ChatSession> => connected(connection).chat.session.query({ eventId }), [eventId]);

  return { ...state, send, deleteMessage, ban, banRemote, unban, bannedUsers, session };
}
