import { HeartHandshake } from 'lucide-react';
import { formatDollars } from '@common/money';
import { EmptyState } from '@web/components/empty-state';
import { ErrorState } from '@web/components/error-state';
import { Spinner } from '@web/components/spinner';
import { trpc } from '@web/lib/trpc';
import { centsCell, csvFileName } from './analytics-csv';
import { ChartCard, Chart, Figure } from './chart-card';
import { monthsRange, type AnalyticsRange } from './range';

const countFormat = new Intl.NumberFormat();

/** "Mar 2026" of a `YYYY-MM` month (UTC). */
export function monthLabel(month: string): string {
  const [year, monthIndex] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (monthIndex ?? 1) - 1, 1)).toLocaleDateString(undefined, { year: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** Members at each month's end, joined and cancelled, MRR and earnings by source, per month of the range. */
export function MembersCard({ range, creatorId }: { range: AnalyticsRange; creatorId: string | undefined }) {
  const members = trpc.analytics.members.useQuery({ ...monthsRange(range), ...(creatorId ? { creatorId } : {}) });
  const months = members.data?.months ?? [];
  const latest = months.at(-1);
  const anything = months.some((month) => month.active || month.joined || month.cancelled || month.mrrCents || month.earningsCents.tips || month.earningsCents.paywall || month.earningsCents.memberships);

  return (
    <ChartCard
      title="Members and money"
      testId="members-card"
      description="Members at each month's end, monthly recurring revenue (MRR) and net earnings by source. Amounts in CAD."
      csv={
        members.data
          ? {
              fileName: csvFileName('members', range.from.slice(0, 7), range.lastDay.slice(0, 7)),
              header: ['Month', 'Active members', 'Joined', 'Cancelled', 'MRR (CAD)', 'Tips (CAD)', 'Pay per view (CAD)', 'Memberships (CAD)'],
              rows: months.map((month) => [
                month.month,
                month.active,
                month.joined,
                month.cancelled,
                centsCell(month.mrrCents),
                centsCell(month.earningsCents.tips),
                centsCell(month.earningsCents.paywall),
                centsCell(month.earningsCents.memberships),
              ]),
            }
          : null
      }
    >
      {members.isPending && <Spinner label="Loading members" className="h-40" />}
      {members.isError && <ErrorState title="Members could not be loaded" error={members.error} onRetry={() => void members.refetch()} retrying={members.isRefetching} />}
      {members.data && !anything && (
        <EmptyState title="No members or earnings in this period" icon={<HeartHandshake className="size-10" aria-hidden />} className="py-10">
          Members who join your tiers, tips and tickets show up here month by month.
        </EmptyState>
      )}
      {members.data && anything && latest && (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Figure label="Active members" value={countFormat.format(latest.active)} testId="members-active" strong />
            <Figure label="MRR" value={formatDollars(latest.mrrCents)} testId="members-mrr" />
            <Figure label="Joined" value={countFormat.format(months.reduce((sum, month) => sum + month.joined, 0))} />
            <Figure label="Cancelled" value={countFormat.format(months.reduce((sum, month) => sum + month.cancelled, 0))} />
          </dl>
          <div className="grid min-w-0 gap-4 lg:grid-cols-2">
            <Chart
              kind="bar"
              label="Members per month"
              data={months.map((month) => ({ month: monthLabel(month.month), active: month.active, joined: month.joined, cancelled: month.cancelled }))}
              xKey="month"
              series={[
                { key: 'active', name: 'Active', color: '#ea580c' },
                { key: 'joined', name: 'Joined', color: '#16a34a' },
                { key: 'cancelled', name: 'Cancelled', color: '#94a3b8' },
              ]}
            />
            <Chart
              kind="line"
              unit="cents"
              label="MRR and earnings per month"
              data={months.map((month) => ({ month: monthLabel(month.month), mrr: month.mrrCents, earnings: month.earningsCents.tips + month.earningsCents.paywall + month.earningsCents.memberships }))}
              xKey="month"
              series={[
                { key: 'mrr', name: 'MRR', color: '#7c3aed' },
                { key: 'earnings', name: 'Net earnings', color: '#0891b2' },
              ]}
            />
          </div>
        </>
      )}
    </ChartCard>
  );
}
