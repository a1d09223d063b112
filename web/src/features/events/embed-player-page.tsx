import { Lock } from 'lucide-react';
import { useParams } from 'wouter';
import { eventPagePath } from '@server/domains/events/events.schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { toCents } from '@common/money';
import { formatMoney } from '@web/lib/i18n/format';
import { Spinner } from '@web/components/spinner';
import { StreamPlayer, useEventAccess, useEventPlayback } from '@web/features/stream-player/public';
import { usePublicEvent } from './use-public-event';

const money = (cents: number) => formatMoney(cents);

/** `/embed/{subdomain}/{eventId}/player`: only the stream, filling the frame, for creators' own sites. */
export default function EmbedPlayerPage() {
  const { t } = useLingui();
  const { subdomain = '', eventId = '' } = useParams<{ subdomain: string; eventId: string }>();
  const { event, notFound, errorMessage } = usePublicEvent(subdomain, eventId);
  const access = useEventAccess(event);
  const { stream, status } = useEventPlayback(event, access);

  return (
    <div className="fixed inset-0 flex items-center justify-center bg-black text-white">
      {notFound ? (
        <p className="p-4 text-center text-sm">{errorMessage}</p>
      ) : !event || access === 'checking' ? (
        <Spinner label={t`Loading stream`} />
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
            <Trans>
              {event.name} is a premium event ({money(toCents(event.premiumPrice))} CAD).
            </Trans>
          </p>
          <a href={eventPagePath(event.user.userName, event.id)} target="_blank" rel="noopener" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium hover:bg-brand-700">
            <Trans>Open the event page to enter</Trans>
          </a>
        </div>
      )}
    </div>
  );
}
