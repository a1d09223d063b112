import { CalendarX, Clapperboard } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { eventPagePath } from '@server/domains/events/events.schemas';
import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { LiveChat } from '@web/features/live-chat/public';
import { useViewerBootstrap } from '@web/features/stream-player/public';
import { useChatPageRoom } from './use-chat-room-page';

/**
 * /chats/{subdomain}/{eventId?}: the chat-only page (platform.md §2), with optional displayName and photoURL query
 * parameters. No player here: a viewer who wants the video opens the event page, linked above the chat. Below 1024 px
 * the chat takes the full viewport height (§2 "Shell").
 */
export default function ChatsPage() {
  const { t } = useLingui();
  const { subdomain, room, displayName, photoURL } = useChatPageRoom();
  // A stored viewer token is refreshed once, so the chat's name form starts with the viewer's own name.
  useViewerBootstrap();

  if (room.isPending) return <Spinner label={t`Loading chat`} className="min-h-dvh" />;
  if (room.isError) {
    return (
      <main className="mx-auto max-w-xl p-6">
        <EmptyState title={t`Chat not found`} icon={<CalendarX className="size-10" aria-hidden />}>
          {room.error.message}
        </EmptyState>
      </main>
    );
  }
  const event = room.data;
  return (
    <main className="flex flex-col lg:mx-auto lg:max-w-3xl lg:gap-4 lg:p-6">
      <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 lg:p-0">
        <div className="min-w-0">
          <h1 className="text-lg font-semibold break-words text-slate-900 lg:text-2xl">{event.name}</h1>
          <p className="text-sm text-slate-600">
            <Trans>with {event.creatorDisplayName}</Trans>
          </p>
        </div>
        <a
          className="inline-flex shrink-0 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500"
          href={eventPagePath(event.subdomain, event.eventId)}
        >
          <Clapperboard className="size-4" aria-hidden />
          <Trans>Watch on the event page</Trans>
        </a>
      </header>
      <LiveChat
        eventId={event.eventId}
        isActive={event.isActive}
        subdomain={subdomain}
        displayName={displayName}
        photoURL={photoURL}
        host={{ displayName: event.creatorDisplayName, tag: event.subdomain }}
        title={t`${event.name} · Live chat`}
        className="h-dvh shrink-0 rounded-none border-0 border-t lg:h-[70vh] lg:rounded-lg lg:border"
      />
    </main>
  );
}
