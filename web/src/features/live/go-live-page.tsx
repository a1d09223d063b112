import { CircleOff, Radio } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LiveState } from '@server/domains/live/live.schemas';
import { cx } from '@web/components/cx';
import { ErrorState } from '@web/components/error-state';
import { PlanRequiredNotice } from '@web/components/plan-notice';
import { Spinner } from '@web/components/spinner';
import { trpc } from '@web/lib/trpc';
import { BrowserPublisher } from './browser-publisher';
import { LiveMonitor } from './live-monitor';
import { RecordingsSection } from './recordings-section';
import { ObsSettings, StreamSetup } from './stream-setup';

/** The dashboard refreshes this often (viewer count, health, state). */
const dashboardPollMs = 3_000;

const stateBadges: Record<LiveState, { label: MessageDescriptor; className: string }> = {
  offline: { label: msg`Offline`, className: 'bg-slate-200 text-slate-700' },
  live: { label: msg`On air`, className: 'bg-red-600 text-white' },
  ended: { label: msg`Stream ended`, className: 'bg-slate-800 text-white' },
};

function StateBadge({ state }: { state: LiveState }) {
  const { t } = useLingui();
  const badge = stateBadges[state];
  return (
    <span className={cx('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold', badge.className)} data-testid="live-state" data-state={state}>
      {state === 'live' && <Radio className="size-4" aria-hidden />}
      {t(badge.label)}
    </span>
  );
}

/** `/apps/live`: the creator's Go live page (OBS setup, the key, preview, health, chat, recordings). */
export default function GoLivePage() {
  const { t } = useLingui();
  const settings = trpc.live.settings.useQuery();
  const dashboard = trpc.live.dashboard.useQuery(undefined, { refetchInterval: dashboardPollMs });

  if (settings.isPending) return <Spinner label={t`Loading your live settings`} className="min-h-[50vh]" />;
  if (settings.isError) {
    return (
      <div className="mx-auto w-full max-w-6xl p-4 sm:p-6">
        <ErrorState title={t`Your live settings could not be loaded`} error={settings.error} onRetry={() => void settings.refetch()} retrying={settings.isRefetching} />
      </div>
    );
  }
  const live = settings.data;
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 p-4 sm:p-6">
      <header className="space-y-1">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold text-slate-900">
            <Trans>Go live</Trans>
          </h1>
          {dashboard.data && <StateBadge state={dashboard.data.state} />}
        </div>
        <p className="text-sm text-slate-600">
          <Trans>
            Stream from this browser, or from OBS (or any RTMP or WHIP encoder), into your event: viewers’ pages switch to the player on their own,
            premium events play only for ticket holders, and every stream is recorded.
          </Trans>
        </p>
      </header>

      {!live.enabled && (
        <div role="alert" className="flex items-start gap-3 rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200" data-testid="ingest-off">
          <CircleOff className="mt-0.5 size-6 shrink-0 text-red-600" aria-hidden />
          <div className="space-y-1">
            <p className="font-semibold">
              <Trans>This server does not accept streams right now</Trans>
            </p>
            <p className="text-sm">{live.reason ?? t`Live ingest is off on this server.`}</p>
          </div>
        </div>
      )}

      {/* "Features require a plan" without the LIVE STREAM plan: the server's reason, with the plans link. */}
      {live.enabled && live.reason && <PlanRequiredNotice message={live.reason} className="p-4" />}

      <BrowserPublisher settings={live} onLiveChange={() => void dashboard.refetch()} />

      {dashboard.isError ? (
        <ErrorState title={t`Your live status could not be loaded`} error={dashboard.error} onRetry={() => void dashboard.refetch()} retrying={dashboard.isRefetching} />
      ) : dashboard.data ? (
        <LiveMonitor dashboard={dashboard.data} settings={live} />
      ) : (
        <Spinner label={t`Loading your live status`} className="py-10" />
      )}

      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <StreamSetup settings={live} />
        <ObsSettings ingestUrl={live.ingestUrl} />
      </div>

      <RecordingsSection recordingsMaxGb={live.recordingsMaxGb} liveState={dashboard.data?.state} />
    </div>
  );
}
