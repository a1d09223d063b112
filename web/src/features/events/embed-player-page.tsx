import { Lock } from 'lucide-react';
import { useParams } from 'wouter';
import { eventPagePath } from '@server/domains/events/events.schemas';
import { formatDollars, toCents } from '@common/money';
import { Spinner } from '@web/components/spinner';
import { StreamPlayer, useEventAccess, useEventPlayback } from '@web/features/stream-player/public';
import { usePublicEvent } from './use-public-event';

/** `/embed/{subdomain}/{eventId}/player`: only the stream, filling the frame, for creators' own sites. */
export default function EmbedPlayerPage() {
  const { subdomain = '', eventId = '' } = useParams<{ subdomain: string; eventId: string }>();
  const { event, notFound, errorMessage } = usePublicEvent(subdomain, eventId);
  const access = useEventAccess(event);
  const { stream, status } = useEventPlayback(event, access);

  return (
    <div className="fixed inset-0 flex items-center justify-center bg-black text-white">
      {notFound ? (
        <p className="p-4 text-center text-sm">{errorMessage}</p>
      ) : !event || access === 'checking' ? (
        <Spinner label="Loading stream" />
      ) : access === 'granted' ? (
        <StreamPlayer
          stream={stream.data}
          streamFailed={stream.isError}
          status={status}
          schedule={event}
          title={event.name}
          onRetry={() => void stream.refetch()}
          className="size-full"
        />
      ) : (
        <div className="flex flex-col items-center gap-3 p-4 text-center" data-testid="paywall">
          <Lock className="size-8 text-brand-500" aria-hidden />
          <p className="text-sm">
            {event.name} is a premium event ({formatDollars(toCents(event.premiumPrice))} CAD).
          </p>
          <a href={eventPagePath(event.user.userName, event.id)} target="_blank" rel="noopener" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium hover:bg-brand-700">
            Open the event page to enter
          </a>
        </div>
      )}
    </div>
  );
}
