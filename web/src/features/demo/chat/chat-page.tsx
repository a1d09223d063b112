import { useEffect, useRef, useState, type FormEvent } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, MessagesSquare, Send } from 'lucide-react';
import { toast } from 'sonner';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { i18n } from '@web/lib/i18n/i18n';
import { formatDate } from '@web/lib/i18n/format';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/trpc/root';
import { chatStatuses } from '@server/domains/demo/chat/chat.schemas';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { cx } from '@web/components/cx';
import { EmptyState } from '@web/components/empty-state';
import { failureMessage } from '@web/components/error-message';
import { QueryState } from '@web/components/query-state';
import { SampleAppShell } from '@web/components/sample-app-shell';
import { SearchField } from '@web/components/search-field';
import { Skeleton, SkeletonList } from '@web/components/skeleton';
import { useSearchParams } from '@web/components/use-search-param';
import { trpc } from '@web/lib/trpc';

type Outputs = inferRouterOutputs<AppRouter>['demo']['chat'];
type ChatContact = Outputs['contacts'][number];
type ChatUser = Outputs['user'];
type Status = (typeof chatStatuses)[number];

const statusLabels = { online: msg`Online`, away: msg`Away`, 'do-not-disturb': msg`Do not disturb`, offline: msg`Offline` } as const;
const statusDots: Record<Status, string> = { online: 'bg-emerald-500', away: 'bg-amber-400', 'do-not-disturb': 'bg-red-500', offline: 'bg-slate-400' };
/** A status's dot colour and its name in the reader's language. */
const statusStyle = (status: Status) => ({ label: i18n._(statusLabels[status]), dot: statusDots[status] });

function StatusAvatar({ name, avatar, status, className }: { name: string; avatar: string; status: Status; className?: string }) {
  return (
    <span className="relative shrink-0">
      <Avatar name={name} imageUrl={avatar || null} className={className} />
      <span className={cx('absolute bottom-0 end-0 size-3 rounded-full ring-2 ring-white', statusStyle(status).dot)} aria-label={statusStyle(status).label} role="img" />
    </span>
  );
}

const timeLabel = (iso: string) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const today = new Date().toDateString() === date.toDateString();
  return today ? formatDate(date, { hour: '2-digit', minute: '2-digit' }) : formatDate(date, { day: 'numeric', month: 'short' });
};

/** Chats first (latest message first), then the other contacts; a search narrows both. */
export function arrangeContacts(contacts: ChatContact[], user: ChatUser | undefined, search: string) {
  const needle = search.trim().toLowerCase();
  const matches = contacts.filter((contact) => !needle || contact.name.toLowerCase().includes(needle));
  const chatTimes = new Map((user?.chatList ?? []).map((entry) => [entry.contactId, entry.lastMessageTime]));
  const chats = matches.filter((contact) => chatTimes.has(contact.id)).sort((a, b) => (chatTimes.get(b.id) ?? '').localeCompare(chatTimes.get(a.id) ?? ''));
  const others = matches.filter((contact) => !chatTimes.has(contact.id));
  return { chats, others, chatTimes };
}

function ContactList({ contacts, user, activeId, onOpen }: { contacts: ChatContact[]; user: ChatUser | undefined; activeId: string | null; onOpen: (id: string) => void }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const { chats, others, chatTimes } = arrangeContacts(contacts, user, search);
  const row = (contact: ChatContact) => (
    <li key={contact.id}>
      <button
        type="button"
        onClick={() => onOpen(contact.id)}
        aria-current={activeId === contact.id ? 'true' : undefined}
        className={cx('flex w-full items-center gap-3 rounded-md px-2 py-2 text-left', activeId === contact.id ? 'bg-brand-50' : 'hover:bg-slate-100')}
      >
        <StatusAvatar name={contact.name} avatar={contact.avatar} status={contact.status} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className="truncate text-sm font-medium text-slate-900">{contact.name}</span>
            {chatTimes.has(contact.id) && <span className="shrink-0 text-[11px] text-slate-500">{timeLabel(chatTimes.get(contact.id)!)}</span>}
          </span>
          <span className="flex items-center justify-between gap-2">
            <span className="truncate text-xs text-slate-500">{contact.mood}</span>
            {contact.unread > 0 && (
              <span className="rounded-full bg-brand-500 px-1.5 text-[11px] font-semibold text-white" aria-label={`${contact.unread} unread`}>
                {contact.unread}
              </span>
            )}
          </span>
        </span>
      </button>
    </li>
  );
  return (
    <div className="space-y-3">
      <SearchField label={t`Search chat contacts`} placeholder={t`Search contacts`} size="sm" value={search} onChange={setSearch} />
      {chats.length > 0 && (
        <section>
          <h2 className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
            <Trans>Chats</Trans>
          </h2>
          <ul aria-label={t`Chats`}>{chats.map(row)}</ul>
        </section>
      )}
      {others.length > 0 && (
        <section>
          <h2 className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
            <Trans>Contacts</Trans>
          </h2>
          <ul aria-label={t`Contacts`}>{others.map(row)}</ul>
        </section>
      )}
      {chats.length === 0 && others.length === 0 && <p className="px-2 text-sm text-slate-500">
          <Trans>No contacts match.</Trans>
        </p>}
    </div>
  );
}

function StatusMenu({ user }: { user: ChatUser }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const updateUser = trpc.demo.chat.updateUser.useMutation({
    onMutate: async ({ status }) => {
      await utils.demo.chat.user.cancel();
      const previous = utils.demo.chat.user.getData();
      if (previous && status) utils.demo.chat.user.setData(undefined, { ...previous, status });
      return { previous };
    },
    onError: (error, _input, context) => {
      utils.demo.chat.user.setData(undefined, context?.previous);
      toast.error(failureMessage(error, t`Your status could not be changed.`));
    },
    onSuccess: (saved) => toast.success(t`Status: ${statusStyle(saved.status).label}`),
    onSettled: () => void utils.demo.chat.user.invalidate(),
  });
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-md bg-white/15 px-2 py-1.5 text-sm font-medium text-white hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white">
        <span className={cx('size-2.5 rounded-full ring-2 ring-white/70', statusStyle(user.status).dot)} aria-hidden />
        <span className="sr-only">
          <Trans>Your status:</Trans>{' '}
        </span>
        {statusStyle(user.status).label}
        <ChevronDown className="size-4" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          <DropdownMenu.Label className="px-3 py-1.5 text-xs font-semibold uppercase text-slate-500">{user.name}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={user.status} onValueChange={(value) => updateUser.mutate({ status: value as Status })}>
            {chatStatuses.map((status) => (
              <DropdownMenu.RadioItem key={status} value={status} className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-brand-50 data-[state=checked]:font-semibold">
                <span className={cx('size-2.5 rounded-full', statusStyle(status).dot)} aria-hidden />
                {statusStyle(status).label}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function Conversation({ contact, user }: { contact: ChatContact; user: ChatUser }) {
  const { t } = useLingui();
  const contactName = contact.name;
  const utils = trpc.useUtils();
  const chatInput = { contactId: contact.id, userId: user.id };
  const chat = trpc.demo.chat.getChat.useQuery(chatInput);
  const [text, setText] = useState('');
  const bottom = useRef<HTMLDivElement>(null);
  const send = trpc.demo.chat.sendMessage.useMutation({
    onMutate: async ({ message }) => {
      await utils.demo.chat.getChat.cancel(chatInput);
      const previous = utils.demo.chat.getChat.getData(chatInput);
      if (previous) {
        const pending = { who: user.id, message: String(message), time: new Date().toISOString() };
        utils.demo.chat.getChat.setData(chatInput, { ...previous, chat: { ...previous.chat, dialog: [...previous.chat.dialog, pending] } });
      }
      setText('');
      return { previous, message: String(message) };
    },
    onError: (error, _input, context) => {
      utils.demo.chat.getChat.setData(chatInput, context?.previous);
      if (context?.message) setText(context.message);
      toast.error(failureMessage(error, t`The message was not sent.`));
    },
    onSuccess: () => toast.success(t`Message sent`, { id: 'chat-sent' }),
    onSettled: () => {
      void utils.demo.chat.getChat.invalidate(chatInput);
      void utils.demo.chat.user.invalidate();
    },
  });
  const dialogLength = chat.data?.chat.dialog.length ?? 0;
  useEffect(() => {
    // Not returned: Chromium's scrollIntoView answers a promise, which React would take for a cleanup.
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [dialogLength]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const message = text.trim();
    if (!message || !chat.data) return;
    send.mutate({ chatId: chat.data.chat.id, contactId: contact.id, message });
  }

  return (
    <section className="flex h-[min(70dvh,44rem)] min-h-96 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white" aria-label={t`Chat with ${contactName}`}>
      <header className="flex items-center gap-3 border-b border-slate-100 px-4 py-3">
        <StatusAvatar name={contact.name} avatar={contact.avatar} status={contact.status} />
        <div className="min-w-0">
          <h2 className="truncate font-semibold text-slate-900">{contact.name}</h2>
          <p className="truncate text-xs text-slate-500">{statusStyle(contact.status).label} · {contact.mood}</p>
        </div>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto bg-slate-50 p-4">
        <QueryState
          query={chat}
          loading={
            <div role="status" aria-label={t`Loading the chat`} className="space-y-3">
              <Skeleton className="h-10 w-2/3" />
              <Skeleton className="ml-auto h-10 w-1/2" />
              <Skeleton className="h-10 w-3/5" />
            </div>
          }
          isEmpty={(data) => data.chat.dialog.length === 0}
          empty={<EmptyState title={t`Start a chat with ${contactName}`} icon={<MessagesSquare className="size-10" aria-hidden />} className="border-0 bg-transparent" />}
          errorTitle={t`Could not load the chat`}
        >
          {(data) => (
            <ol className="space-y-2" aria-label={t`Messages`}>
              {data.chat.dialog.map((entry, index) => {
                const mine = entry.who === user.id;
                return (
                  <li key={`${entry.time}-${index}`} className={cx('flex', mine ? 'justify-end' : 'justify-start')}>
                    <div className={cx('max-w-[80%] rounded-2xl px-3 py-2 text-sm shadow-sm', mine ? 'rounded-br-sm bg-brand-500 text-white' : 'rounded-bl-sm bg-white text-slate-800')}>
                      <p className="whitespace-pre-wrap break-words">{entry.message}</p>
                      <p className={cx('mt-0.5 text-right text-[10px]', mine ? 'text-white/80' : 'text-slate-500')}>{timeLabel(entry.time)}</p>
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
        </QueryState>
        <div ref={bottom} />
      </div>
      <form onSubmit={submit} className="flex items-center gap-2 border-t border-slate-100 p-3">
        <label htmlFor="chat-message" className="sr-only">
          <Trans>Message</Trans>
        </label>
        <input
          id="chat-message"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={2000}
          placeholder={t`Type your message`}
          autoComplete="off"
          className="h-10 min-w-0 flex-1 rounded-full border border-slate-300 px-4 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
        />
        <Button type="submit" disabled={!text.trim() || !chat.data} busy={send.isPending} aria-label={t`Send message`} className="rounded-full">
          <Send className="size-4" aria-hidden />
        </Button>
      </form>
    </section>
  );
}

/** Chat: contacts with status and unread counts, a dialog per contact, sending, and the user's status menu. */
export default function ChatPage() {
  const { t } = useLingui();
  const contacts = trpc.demo.chat.contacts.useQuery();
  const user = trpc.demo.chat.user.useQuery();
  const [params, setParams] = useSearchParams();
  const activeId = params.get('contact');
  const active = contacts.data?.find((contact) => contact.id === activeId);
  const list = (close: () => void) => (
    <QueryState query={contacts} loading={<SkeletonList rows={6} label={t`Loading contacts`} className="border-0" />}
      empty={
        <p className="text-sm text-slate-500">
          <Trans>No contacts yet.</Trans>
        </p>
      }
      errorTitle={t`Could not load the contacts`}
    >
      {(items) => (
        <ContactList
          contacts={items}
          user={user.data}
          activeId={activeId}
          onOpen={(id) => {
            setParams({ contact: id });
            close();
          }}
        />
      )}
    </QueryState>
  );
  return (
    <SampleAppShell title={t`Chat`} subtitle={active ? active.name : t`Pick a contact to chat with`} icon={<MessagesSquare aria-hidden />} actions={user.data && <StatusMenu user={user.data} />} sidebarLabel={t`Chat contacts`} sidebar={list}>
      <QueryState query={user} loading={<Skeleton className="h-96 w-full" />} isEmpty={() => false} errorTitle={t`Could not load your chat profile`}>
        {(me) =>
          active ? (
            <Conversation key={active.id} contact={active} user={me} />
          ) : (
            <>
              <div className="rounded-lg border border-slate-200 bg-white p-3 lg:hidden">{list(() => undefined)}</div>
              <EmptyState title={t`Pick a contact to start chatting`} icon={<MessagesSquare className="size-10" aria-hidden />} className="hidden lg:flex">
                <Trans>Your chats and contacts are on the left.</Trans>
              </EmptyState>
            </>
          )
        }
      </QueryState>
    </SampleAppShell>
  );
}
