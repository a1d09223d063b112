import { useMemo } from 'react';
import { Info } from 'lucide-react';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSearchParams } from '@web/components/use-search-param';
import { useSession } from '@web/lib/session-store';
import { trpc } from '@web/lib/trpc';
import { DownloadsCards } from './downloads-cards';
import { LiveCard } from './live-card';
import { MembersCard } from './members-card';
import { howWeCountPath } from './paths';
import { RangePicker } from './range-picker';
import { rangeFromQuery, rangeToQuery } from './range';

/**
 * /apps/analytics: the creator's audience (admins: the whole install's, or one creator's): downloads over time, top
 * episodes and apps, a past live event's viewers, members and money by month. The range, the creator and the event
 * are in the URL query, so a reload keeps them.
 */
export default function AnalyticsPage() {
  const { t } = useLingui();
  const isAdmin = useSession((state) => state.user?.role.includes('admin') ?? false);
  const [params, setParams] = useSearchParams();
  // One "now" per visit: the range's days do not move while the page is open.
  const now = useMemo(() => new Date(), []);
  const range = rangeFromQuery(params, now);
  const creatorId = (isAdmin && params.get('creator')) || undefined;
  const creators = trpc.adminUsers.list.useQuery({ role: 'dj', pageSize: 100 }, { enabled: isAdmin });

  return (
    <section className="max-w-6xl min-w-0 space-y-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">
            <Trans>Analytics</Trans>
          </h1>
          <p className="text-sm text-slate-600">
            <Trans>Your audience: podcast downloads, live viewers, members and money.</Trans>{' '}
            <Link href={howWeCountPath} className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline">
              <Info className="size-4" aria-hidden /> <Trans>How we count</Trans>
            </Link>
          </p>
        </div>
        {isAdmin && (
          <select
            aria-label={t`Whose numbers`}
            className="h-10 max-w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
            value={creatorId ?? ''}
            onChange={(event) => setParams({ creator: event.target.value || null, event: null })}
          >
            <option value="">{t`Whole install`}</option>
            {(creators.data?.items ?? []).map((user) => (
              <option key={user.id} value={user.id}>
                {user.displayName}
              </option>
            ))}
          </select>
        )}
      </header>
      <RangePicker key={`${range.choice}:${range.from}:${range.lastDay}`} range={range} now={now} onChange={(next) => setParams(rangeToQuery(next))} />
      <DownloadsCards range={range} creatorId={creatorId} />
      <LiveCard eventId={params.get('event')} onEventChange={(eventId) => setParams({ event: eventId }, { replace: true })} creatorId={creatorId} wholeInstall={isAdmin && !creatorId} />
      <MembersCard range={range} creatorId={creatorId} />
    </section>
  );
}
