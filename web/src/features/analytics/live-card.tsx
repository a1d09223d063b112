import { Radio } from 'lucide-react';
import { t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LiveAnalytics } from '@server/domains/analytics/analytics.schemas';
import { EmptyState } from '@web/components/empty-state';
import { ErrorState } from '@web/components/error-state';
import { Spinner } from '@web/components/spinner';
import { formatDateTime, formatNumber, formatMoney } from '@web/lib/i18n/format';
import { trpc } from '@web/lib/trpc';
import { csvFileName } from './analytics-csv';
import { ChartCard, Chart, Figure } from './chart-card';

/** Cents as Canadian dollars in the active locale, with the plain "$" sign. */
const money = (cents: number) => formatMoney(cents);

/** "1 h 05 min", "12 min 30 s", "45 s". */
export function watchTimeText(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const paddedMinutes = String(minutes).padStart(2, '0');
  if (hours > 0) return translate`${hours} h ${paddedMinutes} min`;
  if (minutes > 0) return rest ? translate`${minutes} min ${rest} s` : translate`${minutes} min`;
  return translate`${rest} s`;
}

function LiveFigures({ live }: { live: LiveAnalytics }) {
  const { t } = useLingui();
  const timeFormat = (at: string) => formatDateTime(at, { hour: '2-digit', minute: '2-digit' });
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label={t`Peak viewers`} value={formatNumber(live.peakViewers)} testId="live-peak" strong />
        <Figure label={t`Unique viewers`} value={formatNumber(live.uniqueViewers)} testId="live-unique" />
        <Figure label={t`Average watch time`} value={watchTimeText(live.averageWatchSeconds)} testId="live-watch-time" />
        <Figure label={t`Chat messages`} value={formatNumber(live.chatMessages)} />
        <Figure label={t`Tips`} value={money(live.tipsCents)} />
        <Figure label={t`Tickets`} value={money(live.ticketsCents)} />
        <Figure label={t`Replay plays`} value={formatNumber(live.replayPlays)} />
        {live.peakAt && <Figure label={t`Peak at`} value={timeFormat(live.peakAt)} />}
      </dl>
      {live.viewersOverTime.length === 0 ? (
        <EmptyState title={t`No viewers were counted for this event`} icon={<Radio className="size-10" aria-hidden />} className="py-10">
          <Trans>Viewers are sampled every minute while the event is live.</Trans>
        </EmptyState>
      ) : (
        <Chart
          kind="line"
          label={t`Viewers over time`}
          data={live.viewersOverTime.map((sample) => ({ at: timeFormat(sample.at), viewers: sample.viewers }))}
          xKey="at"
          series={[{ key: 'viewers', name: t`Viewers`, color: '#7c3aed' }]}
        />
      )}
    </>
  );
}

/**
 * A past live event's audience: the picker (the events of the numbers' scope that have started, latest first; the whole
 * install's name each event's creator), then its figures and viewers over time.
 */
export function LiveCard({ eventId, onEventChange, creatorId, wholeInstall }: { eventId: string | null; onEventChange(eventId: string | null): void; creatorId?: string; wholeInstall: boolean }) {
  const { t } = useLingui();
  const events = trpc.analytics.liveEvents.useQuery({ creatorId });
  const past = events.data?.events ?? [];
  const chosen = past.find((event) => event.id === eventId) ?? past[0] ?? null;
  const live = trpc.analytics.live.useQuery({ eventId: chosen?.id ?? '', creatorId }, { enabled: !!chosen });

  return (
    <ChartCard
      title={t`Live events`}
      testId="live-card"
      description={t`Concurrent viewers sampled every minute; tips and tickets paid during the event.`}
      csv={
        live.data && chosen
          ? { fileName: csvFileName(`live-${chosen.name}`, chosen.startDateTime.slice(0, 10), chosen.endDateTime?.slice(0, 10) ?? ''), header: [t`Minute (UTC)`, t`Viewers`], rows: live.data.viewersOverTime.map((sample) => [sample.at, sample.viewers]) }
          : null
      }
    >
      {events.isPending && <Spinner label={t`Loading the events`} className="h-24" />}
      {events.isError && <ErrorState title={t`The events could not be loaded`} error={events.error} onRetry={() => void events.refetch()} retrying={events.isRefetching} />}
      {events.data && past.length === 0 && (
        <EmptyState title={t`No past live events`} icon={<Radio className="size-10" aria-hidden />} className="py-10">
          <Trans>Once an event has started, its viewers show up here.</Trans>
        </EmptyState>
      )}
      {chosen && (
        <>
          <label className="block max-w-md text-sm font-medium text-slate-700">
            <Trans>Event</Trans>
            <select className="mt-1 block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm" value={chosen.id} onChange={(event) => onEventChange(event.target.value || null)}>
              {past.map((event) => (
                <option key={event.id} value={event.id}>
                  {event.name} · {formatDateTime(event.startDateTime, { dateStyle: 'medium', timeStyle: 'short' })}
                  {wholeInstall ? ` · ${event.creatorName}` : ''}
                </option>
              ))}
            </select>
          </label>
          {live.isPending && <Spinner label={t`Loading the event's audience`} className="h-40" />}
          {live.isError && <ErrorState title={t`The event's audience could not be loaded`} error={live.error} onRetry={() => void live.refetch()} retrying={live.isRefetching} />}
          {live.data && <LiveFigures live={live.data} />}
        </>
      )}
    </ChartCard>
  );
}
