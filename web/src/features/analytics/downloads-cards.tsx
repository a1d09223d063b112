import type { ReactNode } from 'react';
import { Headphones } from 'lucide-react';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DownloadsAnswer, DownloadsGrouping } from '@server/domains/analytics/analytics.schemas';
import { EmptyState } from '@web/components/empty-state';
import { ErrorState } from '@web/components/error-state';
import { Spinner } from '@web/components/spinner';
import { formatDate, formatNumber } from '@web/lib/i18n/format';
import { trpc } from '@web/lib/trpc';
import { csvFileName } from './analytics-csv';
import { ChartCard, Chart, Figure } from './chart-card';
import { howWeCountPath } from './paths';
import type { AnalyticsRange } from './range';

const topEpisodes = 10;

/** "Mar 3" of a `YYYY-MM-DD` day (UTC). */
export function dayLabel(day: string): string {
  return formatDate(`${day}T00:00:00.000Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

function useDownloads(range: AnalyticsRange, creatorId: string | undefined, groupBy: DownloadsGrouping) {
  return trpc.analytics.downloads.useQuery({ from: range.from, to: range.to, groupBy, ...(creatorId ? { creatorId } : {}) });
}

type DownloadsQuery = ReturnType<typeof useDownloads>;

/** Loading and error states of one downloads card; the content once its answer is in. */
function Loaded({ query, children }: { query: DownloadsQuery; children: (answer: DownloadsAnswer) => ReactNode }) {
  const { t } = useLingui();
  if (query.isPending) return <Spinner label={t`Loading downloads`} className="h-40" />;
  if (query.isError) return <ErrorState title={t`Downloads could not be loaded`} error={query.error} onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  return <>{children(query.data)}</>;
}

function NoDownloads() {
  const { t } = useLingui();
  return (
    <EmptyState title={t`No downloads in this period`} icon={<Headphones className="size-10" aria-hidden />} className="py-10">
      <Trans>Downloads of your episodes and plays of your replays show up here once listeners fetch them.</Trans>
    </EmptyState>
  );
}

/** Totals, downloads over time, top episodes and apps for the range. */
export function DownloadsCards({ range, creatorId }: { range: AnalyticsRange; creatorId: string | undefined }) {
  const { t } = useLingui();
  const byDay = useDownloads(range, creatorId, 'day');
  const byEpisode = useDownloads(range, creatorId, 'episode');
  // Apps are named as their makers name them; the server's two generic names (user-agents.ts `browserAppName`,
  // `unknownAppName`) are words, in the reader's language.
  const appName = (label: string) => (label === 'Browser' ? t`Browser` : label === 'Unknown' ? t`Unknown` : label);
  const byApp = useDownloads(range, creatorId, 'app');
  const name = (what: string) => csvFileName(what, range.from, range.lastDay);
  const episodes = byEpisode.data?.rows.slice(0, topEpisodes) ?? [];

  return (
    <>
      <ChartCard
        title={t`Downloads over time`}
        testId="downloads-card"
        description={
          <Trans>
            Counted by the IAB rules, bots apart.{' '}
            <Link href={howWeCountPath} className="font-medium text-brand-700 hover:underline">
              How we count
            </Link>
          </Trans>
        }
        csv={byDay.data ? { fileName: name('downloads-by-day'), header: [t`Day (UTC)`, t`Downloads`], rows: byDay.data.rows.map((row) => [row.key, row.downloads]) } : null}
      >
        <Loaded query={byDay}>
          {(answer) => (
            <>
              <dl className="grid grid-cols-2 gap-3">
                <Figure label={t`Downloads`} value={formatNumber(answer.total)} testId="downloads-total" strong />
                <Figure label={t`Bots (not counted)`} value={formatNumber(answer.bots)} testId="downloads-bots" />
              </dl>
              {answer.basis === 'requests' && (
                <p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="requests-basis">
                  <Trans>Counted per request (media served through a CDN)</Trans>
                </p>
              )}
              {answer.total === 0 ? (
                <NoDownloads />
              ) : (
                <Chart
                  kind="line"
                  label={t`Downloads per day`}
                  data={answer.rows.map((row) => ({ day: dayLabel(row.key), downloads: row.downloads }))}
                  xKey="day"
                  series={[{ key: 'downloads', name: t`Downloads`, color: '#ea580c' }]}
                />
              )}
            </>
          )}
        </Loaded>
      </ChartCard>

      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <ChartCard
          title={t`Top episodes`}
          testId="top-episodes-card"
          csv={byEpisode.data ? { fileName: name('top-episodes'), header: [t`Episode id`, t`Episode`, t`Downloads`], rows: episodes.map((row) => [row.key, row.label, row.downloads]) } : null}
        >
          <Loaded query={byEpisode}>
            {() =>
              episodes.length === 0 ? (
                <NoDownloads />
              ) : (
                <>
                  <Chart
                    kind="ranking"
                    label={t`Downloads of the top episodes`}
                    data={episodes.map((row) => ({ name: row.label, downloads: row.downloads }))}
                    xKey="name"
                    series={[{ key: 'downloads', name: t`Downloads`, color: '#ea580c' }]}
                  />
                  <ol className="space-y-1 text-sm" aria-label={t`Top episodes`}>
                    {episodes.map((row) => (
                      <li key={row.key} className="flex justify-between gap-3">
                        <span className="min-w-0 truncate text-slate-800">{row.label}</span>
                        <span className="tabular-nums text-slate-600">{formatNumber(row.downloads)}</span>
                      </li>
                    ))}
                  </ol>
                </>
              )
            }
          </Loaded>
        </ChartCard>

        <ChartCard
          title={t`Apps`}
          testId="apps-card"
          csv={byApp.data ? { fileName: name('apps'), header: [t`App`, t`Downloads`], rows: byApp.data.rows.map((row) => [appName(row.label), row.downloads]) } : null}
        >
          <Loaded query={byApp}>
            {(answer) =>
              answer.rows.length === 0 ? (
                <NoDownloads />
              ) : (
                <Chart
                  kind="ranking"
                  label={t`Downloads per app`}
                  data={answer.rows.map((row) => ({ name: appName(row.label), downloads: row.downloads }))}
                  xKey="name"
                  series={[{ key: 'downloads', name: t`Downloads`, color: '#0891b2' }]}
                />
              )
            }
          </Loaded>
        </ChartCard>
      </div>
    </>
  );
}
