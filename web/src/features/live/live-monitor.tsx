import { useEffect, useRef } from 'react';
import { AlertTriangle, Ban, Eye, MessageSquare, Radio } from 'lucide-react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { toast } from 'sonner';
import { eventPagePath } from '@server/domains/events/events.schemas';
import type { LiveDashboardOutput, LiveSettingsOutput, LiveStatusOutput } from '@server/domains/live/live.schemas';
import { failureMessage } from '@web/components/error-message';
import { eventHubGroup, LiveChat } from '@web/features/live-chat/public';
import { StreamPlayer, streamRefetchInterval } from '@web/features/stream-player/public';
import { Switch } from '@web/components/switch';
import { formatDateTime } from '@web/lib/i18n/format';
import { useSession } from '@web/lib/session-store';
import { trpc } from '@web/lib/trpc';
import { goesLiveText, healthRows, type HealthRow } from './live-format';

const cardClass = 'rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200';

/** A health panel's rows (the OBS stream's, read by the server; a browser publish's, read from getStats) and their warnings. */
export function HealthGrid({ rows, label, testIdPrefix = 'health' }: { rows: HealthRow[]; label?: string; testIdPrefix?: string }) {
  const { t } = useLingui();
  const warnings = rows.flatMap((row) => (row.warning ? [row.warning] : []));
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={label ?? t`Stream health`}>
        {rows.map((row) => (
          <div key={row.key} className={row.warning ? 'rounded-md bg-amber-50 p-2 ring-1 ring-amber-300' : 'rounded-md bg-slate-50 p-2'}>
            <dt className="text-xs font-medium text-slate-500">{row.label}</dt>
            <dd className="font-mono text-sm break-words text-slate-900" dir="ltr" data-testid={`${testIdPrefix}-${row.key}`}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      {warnings.map((warning) => (
        <p key={warning} role="alert" className="flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {warning}
        </p>
      ))}
    </div>
  );
}

function Health({ dashboard }: { dashboard: LiveDashboardOutput }) {
  if (!dashboard.health || dashboard.state !== 'live') {
    return (
      <p className="text-sm text-slate-500">
        <Trans>Bitrate, resolution, frame rate, codecs and keyframe interval show here while you are live.</Trans>
      </p>
    );
  }
  return <HealthGrid rows={healthRows(dashboard.health)} />;
}

/**
 * The live half of the Go live page: a preview of the creator's own stream (with their token), the viewer count and
 * health refreshing every few seconds, the last refusal, where a publish goes live, and the event's chat to moderate.
 */
export function LiveMonitor({ dashboard, settings }: { dashboard: LiveDashboardOutput; settings: LiveSettingsOutput }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const user = useSession((state) => state.user);
  const token = useSession((state) => state.token);
  const eventId = dashboard.session && dashboard.state !== 'offline' ? dashboard.session.eventId : (dashboard.nextEvent?.id ?? dashboard.session?.eventId ?? null);
  const event = trpc.events.publicById.useQuery({ id: eventId ?? '' }, { enabled: !!eventId, retry: false });
  const status: LiveStatusOutput = {
    state: eventId && eventId === dashboard.session?.eventId ? dashboard.state : 'offline',
    viewers: dashboard.viewers,
    startedAt: dashboard.session?.startedAt ?? null,
  };
  const stream = trpc.events.stream.useQuery(
    { eventId: eventId ?? '' },
    { enabled: !!eventId, retry: false, refetchInterval: (query) => streamRefetchInterval(query.state.data, Date.now(), status) },
  );

  // Going live or stopping: ask for the preview's stream again at once (a new playlist, or the replay).
  const seenState = useRef(dashboard.state);
  const { refetch } = stream;
  useEffect(() => {
    if (seenState.current === dashboard.state) return;
    seenState.current = dashboard.state;
    void refetch();
  }, [dashboard.state, refetch]);

  const update = trpc.live.updateSettings.useMutation({
    onSuccess: (next) => utils.live.settings.setData(undefined, next),
    onError: (error) => toast.error(failureMessage(error, t`The setting could not be saved. Please try again.`)),
  });

  const eventName = dashboard.session && dashboard.state !== 'offline' ? dashboard.session.eventName : (dashboard.nextEvent?.name ?? dashboard.session?.eventName);
  const liveEventName = dashboard.session?.eventName;
  const eventTitle = event.data?.name;
  const refusedAt = dashboard.lastRefusal ? formatDateTime(dashboard.lastRefusal.at) : '';
  const refusalReason = dashboard.lastRefusal?.reason;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
      <div className="min-w-0 space-y-4">
        <section className={`${cardClass} space-y-4`} aria-labelledby="preview-heading">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="preview-heading" className="text-lg font-semibold text-slate-900">
              <Trans>Preview</Trans>
            </h2>
            <span className="inline-flex items-center gap-1 text-sm text-slate-700" data-testid="live-viewers">
              <Eye className="size-4" aria-hidden />
              <Plural value={dashboard.viewers} one="# viewer" other="# viewers" />
            </span>
          </div>
          <StreamPlayer
            stream={eventId ? stream.data : { kind: 'none', url: null, live: false, expiresAt: null }}
            streamFailed={stream.isError}
            status={status}
            schedule={event.data}
            title={eventName ? t`Preview: ${eventName}` : t`Preview`}
            onRetry={() => void stream.refetch()}
            compact
          />
          <div className="space-y-1 text-sm text-slate-700">
            {dashboard.state === 'live' && dashboard.session ? (
              <p className="flex items-start gap-1.5 font-medium break-words text-red-700">
                <Radio className="mt-0.5 size-4 shrink-0" aria-hidden />
                <span className="min-w-0">
                  <Trans>Live in “{liveEventName}”</Trans>
                </span>
              </p>
            ) : (
              <p data-testid="goes-live-in" className="break-words">
                {goesLiveText(dashboard.nextEvent, user?.displayName ?? t`You`)}
              </p>
            )}
            {event.data && (
              <a href={eventPagePath(event.data.user.userName, event.data.id)} target="_blank" rel="noopener" className="font-medium text-brand-700 hover:underline">
                <Trans>Open the event page</Trans>
              </a>
            )}
          </div>
          {dashboard.lastRefusal && (
            <p role="status" className="flex items-start gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="last-refusal">
              <Ban className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>
                <Trans>
                  Last refused publish ({refusedAt}): <strong className="font-semibold">{refusalReason}</strong>
                </Trans>
              </span>
            </p>
          )}
          <label className="flex items-center justify-between gap-3 border-t border-slate-100 pt-3 text-sm text-slate-700">
            <span>
              <span className="block font-medium text-slate-900">
                <Trans>Show viewer count to viewers</Trans>
              </span>
              <span className="text-xs text-slate-500">
                <Trans>You always see it here.</Trans>
              </span>
            </span>
            <Switch
              checked={settings.showViewerCount}
              disabled={update.isPending}
              onCheckedChange={(checked) => update.mutate({ showViewerCount: checked })}
              aria-label={t`Show viewer count to viewers`}
            />
          </label>
        </section>

        <section className={`${cardClass} space-y-3`} aria-labelledby="health-heading">
          <h2 id="health-heading" className="text-lg font-semibold text-slate-900">
            <Trans>Stream health</Trans>
          </h2>
          <Health dashboard={dashboard} />
        </section>
      </div>

      <div className="h-[32rem] lg:sticky lg:top-6 lg:h-[calc(100vh-3rem)]">
        {eventId && event.data ? (
          <LiveChat
            eventId={eventId}
            isActive={event.data.isActive}
            subdomain={event.data.user.userName}
            token={token}
            displayName={user?.displayName}
            photoURL={user?.imageUrl}
            host={{ displayName: event.data.user.displayName, tag: event.data.user.userName }}
            hubGroup={eventHubGroup(event.data)}
            title={t`Live chat · ${eventTitle}`}
            className="h-full"
          />
        ) : (
          <aside aria-label={t`Live chat`} className="flex h-full flex-col items-center justify-center gap-2 rounded-xl bg-white p-6 text-center text-sm text-slate-500 ring-1 ring-slate-200">
            <MessageSquare className="size-8 text-slate-300" aria-hidden />
            <Trans>The chat of the event you go live in shows here, with moderation.</Trans>
          </aside>
        )}
      </div>
    </div>
  );
}
