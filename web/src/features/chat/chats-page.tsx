import { CalendarX } from 'lucide-react';
import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { LiveChat } from '@web/components/live-chat/live-chat';
import { ChatStream } from './chat-stream';
import { useChatPageRoom } from './use-chat-room-page';

/**
 * /chats/{subdomain}/{eventId?}: the chat (platform.md §2) under a compact player of the event's stream, with optional
 * displayName and photoURL query parameters. Below 1024 px the player sits on top and the chat below it fills the
 * viewport height (the page scrolls to it).
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
    <main className="flex flex-col lg:mx-auto lg:max-w-3xl lg:gap-4 lg:p-6">
      <header className="hidden lg:block">
        <h1 className="text-2xl font-semibold text-slate-900">{event.name}</h1>
        <p className="text-sm text-slate-600">
          with {event.creatorDisplayName} ·{' '}
          <a className="font-medium text-brand-700 hover:underline" href={`/events/${encodeURIComponent(event.subdomain)}/${encodeURIComponent(event.eventId)}`}>
            Watch the event
          </a>
        </p>
      </header>
      <ChatStream room={event} />
      <LiveChat
        eventId={event.eventId}
        isActive={event.isActive}
        subdomain={subdomain}
        displayName={displayName}
        photoURL={photoURL}
        host={{ displayName: event.creatorDisplayName, tag: event.subdomain }}
        title={`${event.name} · Live chat`}
        className="h-dvh shrink-0 rounded-none border-0 lg:h-[70vh] lg:rounded-lg lg:border"
      />
    </main>
  );
}
