import { Lock } from 'lucide-react';
import { eventPagePath } from '@server/domains/events/events.schemas';
import type { ChatRoom } from '@server/domains/chat/chat.schemas';
import { StreamPlayer } from '@web/components/stream-player/stream-player';
import { useEventAccess } from '@web/components/stream-player/use-event-access';
import { useEventPlayback } from '@web/components/stream-player/use-event-stream';
import { trpc } from '@web/lib/trpc';

const frameClass = 'aspect-video w-full shrink-0 overflow-hidden bg-black lg:rounded-xl';

/**
 * The compact player above the chat of /chats: the same access rule as the event page (a premium event plays only
 * for its creator, an admin or a viewer with access; everyone else sees where to enter).
 */
export function ChatStream({ room }: { room: ChatRoom }) {
  const event = trpc.events.publicById.useQuery({ id: room.eventId }, { retry: false });
  const access = useEventAccess(event.data);
  const { stream, status } = useEventPlayback(event.data, access);

  if (event.isError) return null;
  if (access === 'locked' && event.data) {
    return (
      <div className={`${frameClass} flex flex-col items-center justify-center gap-2 bg-slate-900 p-4 text-center text-white`} data-testid="paywall">
        <Lock className="size-7 text-brand-500" aria-hidden />
        <p className="text-sm">{event.data.name} is a premium event.</p>
        <a
          href={eventPagePath(room.subdomain, room.eventId)}
          className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          Enter on the event page
        </a>
      </div>
    );
  }
  return (
    <StreamPlayer
      stream={access === 'granted' ? stream.data : undefined}
      streamFailed={stream.isError}
      status={status}
      schedule={room}
      title={room.name}
      onRetry={() => void stream.refetch()}
      compact
      className={frameClass}
    />
  );
}
