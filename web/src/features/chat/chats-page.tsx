import { CalendarX } from 'lucide-react';
import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { LiveChat } from '@web/components/live-chat/live-chat';
import { useChatPageRoom } from './use-chat-room-page';

/**
 * /chats/{subdomain}/{eventId?}: the chat on its own (platform.md §2), with optional displayName and
 * photoURL query parameters. Below 1024 px the chat fills the viewport height.
 */
export default function ChatsPage() {
  const { subdomain, room, displayName, photoURL } = useChatPageRoom();

  if (room.isPending) return <Spinner label="Loading chat" className="min-h-dvh" />;
  if (room.isError) {
    return (
      <main className="mx-auto max-w-xl p-6">
        <EmptyState title="Chat not found" icon={<CalendarX className="size-10" aria-hidden />}>
          {room.error.message}
        </EmptyState>
      </main>
    );
  }
  const event = room.data;
  return (
    <main className="flex h-dvh flex-col lg:mx-auto lg:h-auto lg:max-w-3xl lg:gap-4 lg:p-6">
      <header className="hidden lg:block">
        <h1 className="text-2xl font-semibold text-slate-900">{event.name}</h1>
        <p className="text-sm text-slate-600">
          with {event.creatorDisplayName} ·{' '}
          <a className="font-medium text-brand-700 hover:underline" href={`/events/${encodeURIComponent(event.subdomain)}/${encodeURIComponent(event.eventId)}`}>
            Watch the event
          </a>
        </p>
      </header>
      <LiveChat
        eventId={event.eventId}
        isActive={event.isActive}
        subdomain={subdomain}
        displayName={displayName}
        photoURL={photoURL}
        title={`${event.name} · Live chat`}
        className="min-h-0 flex-1 rounded-none border-0 lg:h-[70vh] lg:flex-none lg:rounded-lg lg:border"
      />
    </main>
  );
}
