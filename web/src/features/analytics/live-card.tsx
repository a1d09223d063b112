import { Radio } from 'lucide-react';
import { formatDollars } from '@common/money';
import type { LiveAnalytics } from '@server/domains/analytics/analytics.schemas';
import { EmptyState } from '@web/components/empty-state';
import { ErrorState } from '@web/components/error-state';
import { Spinner } from '@web/components/spinner';
import { trpc } from '@web/lib/trpc';
import { csvFileName } from './analytics-csv';
import { ChartCard, Chart, Figure } from './chart-card';

const countFormat = new Intl.NumberFormat();
const whenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "1 h 05 min", "12 min 30 s", "45 s". */
export function watchTimeText(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  if (minutes > 0) return `${minutes} min${rest ? ` ${rest} s` : ''}`;
  return `${rest} s`;
}

function LiveFigures({ live }: { live: LiveAnalytics }) {
  const timeFormat = (at: string) => new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Peak viewers" value={countFormat.format(live.peakViewers)} testId="live-peak" strong />
        <Figure label="Unique viewers" value={countFormat.format(live.uniqueViewers)} testId="live-unique" />
        <Figure label="Average watch time" value={watchTimeText(live.averageWatchSeconds)} testId="live-watch-time" />
        <Figure label="Chat messages" value={countFormat.format(live.chatMessages)} />
        <Figure label="Tips" value={formatDollars(live.tipsCents)} />
        <Figure label="Tickets" value={formatDollars(live.ticketsCents)} />
        <Figure label="Replay plays" value={countFormat.format(live.replayPlays)} />
        {live.peakAt && <Figure label="Peak at" value={timeFormat(live.peakAt)} />}
      </dl>
      {live.viewersOverTime.length === 0 ? (
        <EmptyState title="No viewers were counted for this event" icon={<Radio className="size-10" aria-hidden />} className="py-10">
          Viewers are sampled every minute while the event is live.
        </EmptyState>
      ) : (
        <Chart
          kind="line"
          label="Viewers over time"
          data={live.viewersOverTime.map((sample) => ({ at: timeFormat(sample.at), viewers: sample.viewers }))}
          xKey="at"
          series={[{ key: 'viewers', name: 'Viewers', color: '#7c3aed' }]}
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
  const events = trpc.analytics.liveEvents.useQuery({ creatorId });
  const past = events.data?.events ?? [];
  const chosen = past.find((event) => event.id === eventId) ?? past[0] ?? null;
  const live = trpc.analytics.live.useQuery({ eventId: chosen?.id ?? '', creatorId }, { enabled: !!chosen });

  return (
    <ChartCard
      title="Live events"
      testId="live-card"
      description="Concurrent viewers sampled every minute; tips and tickets paid during the event."
      csv={
        live.data && chosen
          ? { fileName: csvFileName(`live-${chosen.name}`, chosen.startDateTime.slice(0, 10), chosen.endDateTime?.slice(0, 10) ?? ''), header: ['Minute (UTC)', 'Viewers'], rows: live.data.viewersOverTime.map((sample) => [sample.at, sample.viewers]) }
          : null
      }
    >
      {events.isPending && <Spinner label="Loading the events" className="h-24" />}
      {events.isError && <ErrorState title="The events could not be loaded" error={events.error} onRetry={() => void events.refetch()} retrying={events.isRefetching} />}
      {events.data && past.length === 0 && (
        <EmptyState title="No past live events" icon={<Radio className="size-10" aria-hidden />} className="py-10">
          Once an event has started, its viewers show up here.
        </EmptyState>
      )}
      {chosen && (
        <>
          <label className="block max-w-md text-sm font-medium text-slate-700">
            Event
            <select className="mt-1 block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm" value={chosen.id} onChange={(event) => onEventChange(event.target.value || null)}>
              {past.map((event) => (
                <option key={event.id} value={event.id}>
                  {event.name} · {whenFormat.format(new Date(event.startDateTime))}
                  {wholeInstall ? ` · ${event.creatorName}` : ''}
                </option>
              ))}
            </select>
          </label>
          {live.isPending && <Spinner label="Loading the event's audience" className="h-40" />}
          {live.isError && <ErrorState title="The event's audience could not be loaded" error={live.error} onRetry={() => void live.refetch()} retrying={live.isRefetching} />}
          {live.data && <LiveFigures live={live.data} />}
        </>
      )}
    </ChartCard>
  );
}
