import { useEffect, useRef } from 'react';
import { Ban, Globe, Trash2 } from 'lucide-react';
import { Sparkles } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ChatBadge, type ChatMessage, type ChatOrigin } from '@server/domains/chat/chat.schemas';
import type { HubMessage } from '@server/domains/hub/hub.schemas';
import { Avatar } from '@web/components/avatar';
import { cx } from '@web/components/cx';
import { formatDateTime } from '@web/lib/i18n/format';
import { chatBadgeLabel } from './chat-texts';

export interface ModerationActions {
  onDelete(message: ChatMessage): void;
  onBan(message: ChatMessage): void;
}

const badgeClasses: Record<ChatBadge, string> = {
  host: 'bg-brand-700 text-white',
  moderator: 'bg-slate-700 text-white',
  member: 'bg-emerald-100 text-emerald-900',
};

/** Next to a name: Host (the event's creator), Moderator (admins), Member (fan members). */
function Badge({ badge }: { badge: ChatBadge }) {
  return <span className={`rounded px-1.5 py-px text-[10px] font-semibold tracking-wide uppercase ${badgeClasses[badge]}`}>{chatBadgeLabel(badge)}</span>;
}

/** Next to a name: the message came from the Fediverse (the author's handle, linking to the remote note). */
function OriginMark({ origin }: { origin: ChatOrigin }) {
  const { t } = useLingui();
  const label = <span className="truncate">{origin.handle}</span>;
  const classes = 'inline-flex min-w-0 items-center gap-1 rounded bg-violet-50 px-1.5 py-px text-[10px] font-medium text-violet-800';
  return /^https?:\/\//i.test(origin.url) ? (
    <a href={origin.url} target="_blank" rel="noopener noreferrer nofollow ugc" className={`${classes} hover:underline`} title={t`From the Fediverse`} data-testid="chat-origin">
      <Globe className="size-3 shrink-0" aria-hidden />
      <span className="sr-only">
        <Trans>From the Fediverse:</Trans>{' '}
      </span>
      {label}
    </a>
  ) : (
    <span className={classes} title={t`From the Fediverse`} data-testid="chat-origin">
      <Globe className="size-3 shrink-0" aria-hidden />
      <span className="sr-only">
        <Trans>From the Fediverse:</Trans>{' '}
      </span>
      {label}
    </span>
  );
}

function timeOf(iso: string): string {
  return formatDateTime(iso, { hour: '2-digit', minute: '2-digit' });
}

/** A hub line as text (never markup); a tip's message goes on its own line under it. */
function NoticeText({ notice }: { notice: HubMessage }) {
  const quoted = notice.tipMessage ? ` “${notice.tipMessage}”` : null;
  if (!quoted || !notice.text.endsWith(quoted)) return <span className="min-w-0 break-words">{notice.text}</span>;
  return (
    <span className="min-w-0 break-words">
      {notice.text.slice(0, -quoted.length)}
      <q className="mt-0.5 block whitespace-pre-wrap italic text-brand-800" data-testid="tip-message">
        {notice.tipMessage}
      </q>
    </span>
  );
}

/** The room's messages, newest at the bottom; follows new messages while the reader is at the bottom. */
type Entry = { kind: 'message'; at: string; message: ChatMessage } | { kind: 'notice'; at: string; notice: HubMessage; key: string };

/** Messages and hub notices in time order (a notice is of the moment: it sits where it was heard). */
function entriesOf(messages: ChatMessage[], notices: HubMessage[]): Entry[] {
  const entries: Entry[] = messages.map((message) => ({ kind: 'message', at: message.createdAt, message }));
  notices.forEach((notice, index) => entries.push({ kind: 'notice', at: notice.sentAt, notice, key: `notice-${index}-${notice.sentAt}` }));
  return notices.length ? entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0)) : entries;
}

/**
 * `announce`: once the history is in, the list is a polite live region, so a screen reader reads each new message
 * (added nodes only, never the whole list again) without moving focus; the history itself is not read out.
 */
export function ChatMessageList({
  messages,
  notices = [],
  announce = true,
  ownUserId,
  isBanned,
  moderation,
}: {
  messages: ChatMessage[];
  notices?: HubMessage[];
  announce?: boolean;
  ownUserId: string | null;
  isBanned: (userId: string) => boolean;
  moderation: ModerationActions | null;
}) {
  const { t } = useLingui();
  const list = useRef<HTMLOListElement>(null);
  const atBottom = useRef(true);

  useEffect(() => {
    const element = list.current;
    if (element && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [messages, notices]);

  const empty = messages.length === 0 && notices.length === 0;
  // The list stays in the page while empty: a live region must be there before the first message to announce it.
  return (
    <>
      {empty && (
        <p className="flex flex-1 items-center justify-center p-6 text-center text-sm text-slate-500">
          <Trans>No messages yet. Say hello!</Trans>
        </p>
      )}
      <ol
        ref={list}
        aria-label={t`Chat messages`}
        aria-live={announce ? 'polite' : 'off'}
        aria-relevant="additions"
        // Keyboard users scroll the history too (there may be nothing else to focus in it).
        tabIndex={empty ? undefined : 0}
        className={cx('overflow-y-auto', !empty && 'flex-1 space-y-3 p-4')}
        onScroll={(event) => {
          const element = event.currentTarget;
          atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 40;
        }}
      >
        {entriesOf(messages, notices).map((entry) => {
          if (entry.kind === 'notice') {
            return (
              <li key={entry.key} data-testid="chat-notice" className="flex items-center gap-2 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900">
                <Sparkles className="size-4 shrink-0" aria-hidden />
                <NoticeText notice={entry.notice} />
              </li>
            );
          }
          const { message } = entry;
          const own = message.userId === ownUserId;
          return (
            <li key={message.id} data-message-id={message.id} className="group flex items-start gap-2">
              <Avatar name={message.displayName} imageUrl={message.photoURL} className="size-8! shrink-0 text-sm" />
              <div className="min-w-0 flex-1">
                <p className="flex items-baseline gap-2 text-xs text-slate-500">
                  <span className={own ? 'font-semibold text-brand-700' : 'font-semibold text-slate-800'}>{message.displayName}</span>
                  {message.badge && <Badge badge={message.badge} />}
                  {message.origin && <OriginMark origin={message.origin} />}
                  <time dateTime={message.createdAt}>{timeOf(message.createdAt)}</time>
                  {isBanned(message.userId) && <span className="rounded bg-red-50 px-1 text-red-700">
                      <Trans>banned</Trans>
                    </span>}
                </p>
                <p className="break-words whitespace-pre-wrap text-sm text-slate-900">{message.text}</p>
              </div>
              {moderation && (
                <div className="flex shrink-0 gap-1 opacity-100 sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100">
                  <button
                      type="button"
                      title={t`Delete message`}
                      onClick={() => moderation.onDelete(message)}
                      aria-label={t`Delete message from ${message.displayName}`}
                      className="rounded p-1 text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-500"
                    >
                      <Trash2 className="size-4" aria-hidden />
                    </button>
                  {!own && !isBanned(message.userId) && (
                      <button
                        type="button"
                        title={t`Ban from this chat`}
                        onClick={() => moderation.onBan(message)}
                        aria-label={t`Ban ${message.displayName}`}
                        className="rounded p-1 text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-500"
                      >
                        <Ban className="size-4" aria-hidden />
                      </button>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </>
  );
}
