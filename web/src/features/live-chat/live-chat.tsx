import { useEffect, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { MessageCircle, WifiOff } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ChatMessage, type ChatSession, type UploadChatPhotoAnswer } from '@server/domains/chat/chat.schemas';
import { Avatar } from '@web/components/avatar';
import { cx } from '@web/components/cx';
import { upload } from '@web/lib/upload';
import { ChatBannedUsers, useBannedChatters } from './chat-banned-users';
import { ChatComposer } from './chat-composer';
import { clearChatIdentity, loadChatIdentity, saveChatIdentity, useChatToken, type ChatIdentity } from './chat-identity';
import { ChatMessageList, type ModerationActions } from './chat-message-list';
import { ChatSignInForm, type ChatHost, type ChatSignInValues } from './chat-sign-in-form';
import { useViewer } from '@web/lib/viewer-session';
import { useChatRoom } from './use-chat-room';
import { chatText, signInFailureText, unexpectedErrorText, uploadFailureText } from './chat-texts';

export const chatPhotoUploadPath = '/api/event/upload-chat-user-profile-img';

export interface LiveChatProps {
  eventId: string;
  /** Whether the event is active: only an active event's chat takes messages. */
  isActive: boolean;
  /** The creator's tag; the "sign in" notice links to that event page. */
  subdomain?: string;
  /** Show the messages only, never an input. */
  readOnly?: boolean;
  /** The token to chat with; by default the viewer token, else the creator session's token. */
  token?: string | null;
  /** A name (and photo) given by the page, e.g. /chats?displayName=…&photoURL=…: the sign-in form is skipped. */
  displayName?: string | null;
  photoURL?: string | null;
  /** The event's creator: no one else may chat under their name. */
  host?: ChatHost;
  /** The event's hub group (`{creatorId}-{eventId}`): its welcomes and tips show in the chat column. */
  hubGroup?: string;
  title?: string;
  className?: string;
}

/** An event's hub group (`{creatorId}-{eventId}`): the event page and the Go live page show the same welcomes and tips. */
export function eventHubGroup(event: { id: string; userId: string }): string {
  return `${event.userId}-${event.id}`;
}

function reasonOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : unexpectedErrorText();
}

function Notice({ children }: { children: ReactNode }) {
  return <div className="border-t border-slate-200 p-4 text-center text-sm text-slate-600">{children}</div>;
}

/** The live chat of one event (messages, sign-in form, input, moderation), reusable on every viewer page. */
export function LiveChat({ eventId, isActive, subdomain, readOnly = false, token: givenToken, displayName, photoURL, host, hubGroup, title: givenTitle, className }: LiveChatProps) {
  const { t } = useLingui();
  const title = givenTitle ?? t`Live chat`;
  const token = useChatToken(givenToken);
  const room = useChatRoom(eventId, token, hubGroup ?? null);
  const [storedIdentity, setStoredIdentity] = useState<ChatIdentity | null>(loadChatIdentity);
  const identity: ChatIdentity | null = displayName?.trim() ? { displayName: displayName.trim(), photoURL: photoURL?.trim() || null } : storedIdentity;
  /** A signed-in viewer's form starts with their own name. */
  const viewerName = useViewer((state) => (state.user ? `${state.user.firstName} ${state.user.lastName}`.trim() || state.user.displayName : ''));
  const [session, setSession] = useState<ChatSession | null>(null);
  const [sessionFailed, setSessionFailed] = useState(false);
  const { session: loadSession, bannedUsers: loadBannedUsers } = room;

  useEffect(() => {
    setSession(null);
    setSessionFailed(false);
    if (!token) return;
    let current = true;
    let retry: number | undefined;
    // A check lost with a connection that was still opening is asked again a few times before the chat says so.
    const check = (attempt: number) => {
      loadSession()
        .then((answer) => current && setSession(answer))
        .catch((error: unknown) => {
          if (!current) return;
          const refused = (error as { data?: { httpStatus?: number } }).data?.httpStatus;
          if (attempt < 4 && (refused === undefined || refused >= 500)) {
            retry = window.setTimeout(() => check(attempt + 1), 500 * 2 ** attempt);
            return;
          }
          console.warn('chat sign-in check failed', error);
          setSessionFailed(true);
        });
    };
    check(0);
    return () => {
      current = false;
      window.clearTimeout(retry);
    };
  }, [token, loadSession]);

  const canModerate = !!session?.canModerate;
  const bannedChatters = useBannedChatters(loadBannedUsers, canModerate, room.liveBans);
  const listedAsBanned = new Set(bannedChatters.data?.map((banned) => banned.userId));
  /** Live ban news wins over what was true when the room opened (so an unban re-opens the composer at once). */
  const isBanned = (userId: string): boolean => {
    const live = room.liveBans.get(userId);
    if (live !== undefined) return live;
    if (userId === session?.userId) return session.isBanned;
    return listedAsBanned.has(userId);
  };
  const banned = !!session && isBanned(session.userId);

  const startChat = async ({ fullUserName, userPhoto }: ChatSignInValues) => {
    let uploadedPhoto: string | null = null;
    if (userPhoto) {
      const form = new FormData();
      form.append('userPhoto', userPhoto, userPhoto.name);
      try {
        uploadedPhoto = (await upload<UploadChatPhotoAnswer>(chatPhotoUploadPath, form, { token })).imageUrl;
      } catch (error) {
        throw new Error(uploadFailureText(reasonOf(error)));
      }
    }
    let answer: ChatSession;
    try {
      answer = await loadSession();
      if (answer.isBanned) throw new Error(chatText('banned'));
    } catch (error) {
      throw new Error(signInFailureText(reasonOf(error)));
    }
    setSession(answer);
    setSessionFailed(false);
    const chosen = { displayName: fullUserName, photoURL: uploadedPhoto };
    saveChatIdentity(chosen);
    setStoredIdentity(chosen);
  };

  const leaveChat = () => {
    clearChatIdentity();
    setStoredIdentity(null);
  };

  const moderation: ModerationActions | null = canModerate
    ? {
        onDelete: (message: ChatMessage) =>
          void room.deleteMessage(message.id).catch((error: unknown) => toast.error(reasonOf(error))),
        onBan: (message: ChatMessage) =>
          // A Fediverse author is banned by its actor id (the message's userId).
          void (message.origin ? room.banRemote(message.userId) : room.ban(message.userId))
            .then(() => toast.success(t`${message.displayName} was banned from this chat`))
            .catch((error: unknown) => toast.error(reasonOf(error))),
      }
    : null;

  let footer: ReactNode;
  if (readOnly) footer = null;
  else if (!token || sessionFailed) {
    footer = (
      <Notice>
        {subdomain ? (
          <Trans>
            Sign in as a viewer to chat on the{' '}
            <a className="font-medium text-brand-700 hover:underline" href={`/events/${encodeURIComponent(subdomain)}/${encodeURIComponent(eventId)}`}>
              event page
            </a>
            .
          </Trans>
        ) : (
          <Trans>Sign in as a viewer to chat.</Trans>
        )}
      </Notice>
    );
  } else if (!isActive) footer = <Notice>{chatText('inactive')}</Notice>;
  else if (banned) footer = <Notice>{chatText('banned')}</Notice>;
  else if (!identity) footer = <ChatSignInForm initialName={viewerName} host={host} onStart={startChat} />;
  else {
    footer = (
      <>
        <div className="flex items-center gap-2 border-t border-slate-200 px-3 pt-2 text-xs text-slate-500">
          <Avatar name={identity.displayName} imageUrl={identity.photoURL} className="size-5! text-[10px]" />
          <span className="truncate">
            <Trans>
              Chatting as <span className="font-medium text-slate-700">{identity.displayName}</span>
            </Trans>
          </span>
          {!displayName?.trim() && (
            <button type="button" onClick={leaveChat} className="ms-auto font-medium text-brand-700 hover:underline">
              <Trans>Change name</Trans>
            </button>
          )}
        </div>
        <ChatComposer
          disabled={!session}
          onSend={async (text) => {
            await room.send({ text, displayName: identity.displayName, photoURL: identity.photoURL });
          }}
        />
      </>
    );
  }

  return (
    <section aria-label={title} className={cx('flex min-h-0 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white', className)}>
      <header className="flex items-center gap-2 border-b border-slate-200 px-4 py-3">
        <MessageCircle className="size-5 text-brand-600" aria-hidden />
        <h2 className="min-w-0 truncate font-semibold text-slate-900" title={title}>{title}</h2>
        <div className="ms-auto flex shrink-0 items-center gap-2">
          {canModerate && <ChatBannedUsers banned={bannedChatters} unban={room.unban} />}
          {room.status === 'reconnecting' && (
            <span role="status" className="flex items-center gap-1 text-xs text-amber-700">
              <WifiOff className="size-3.5" aria-hidden /> <Trans>Reconnecting…</Trans>
            </span>
          )}
          {room.status === 'live' && <span className="size-2 rounded-full bg-green-500" title={t`Connected`} aria-label={t`Connected`} role="img" />}
        </div>
      </header>
      {room.error ? (
        <p role="alert" className="flex flex-1 items-center justify-center p-6 text-center text-sm text-red-700">
          {room.error}
        </p>
      ) : (
        <ChatMessageList
          messages={room.messages}
          notices={room.notices}
          announce={room.caughtUp}
          ownUserId={session?.userId ?? null}
          isBanned={isBanned}
          moderation={moderation}
        />
      )}
      {footer}
    </section>
  );
}
