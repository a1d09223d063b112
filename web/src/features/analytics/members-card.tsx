import { HeartHandshake } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyState } from '@web/components/empty-state';
import { ErrorState } from '@web/components/error-state';
import { Spinner } from '@web/components/spinner';
import { formatDate, formatNumber, formatMoney } from '@web/lib/i18n/format';
import { trpc } from '@web/lib/trpc';
import { centsCell, csvFileName } from './analytics-csv';
import { ChartCard, Chart, Figure } from './chart-card';
import { monthsRange, type AnalyticsRange } from './range';

/** Cents as Canadian dollars in the active locale, with the plain "$" sign. */
const money = (cents: number) => formatMoney(cents);

/** "Mar 2026" of a `YYYY-MM` month (UTC). */
export function monthLabel(month: string): string {
  const [year, monthIndex] = month.split('-').map(Number);
  return formatDate(Date.UTC(year ?? 1970, (monthIndex ?? 1) - 1, 1), { year: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** Members at each month's end, joined and cancelled, MRR and earnings by source, per month of the range. */
export function MembersCard({ range, creatorId }: { range: AnalyticsRange; creatorId: string | undefined }) {
  const { t } = useLingui();
  const members = trpc.analytics.members.useQuery({ ...monthsRange(range), ...(creatorId ? { creatorId } : {}) });
  const months = members.data?.months ?? [];
  const latest = months.at(-1);
  const anything = months.some((month) => month.active || month.joined || month.cancelled || month.mrrCents || month.earningsCents.tips || month.earningsCents.paywall || month.earningsCents.memberships);

  return (
    <ChartCard
      title={t`Members and money`}
      testId="members-card"
      description={t`Members at each month's end, monthly recurring revenue (MRR) and net earnings by source. Amounts in CAD.`}
      csv={
        members.data
          ? {
              fileName: csvFileName('members', range.from.slice(0, 7), range.lastDay.slice(0, 7)),
              header: [t`Month`, t`Active members`, t`Joined`, t`Cancelled`, t`MRR (CAD)`, t`Tips (CAD)`, t`Pay per view (CAD)`, t`Memberships (CAD)`],
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
      {members.isPending && <Spinner label={t`Loading members`} className="h-40" />}
      {members.isError && <ErrorState title={t`Members could not be loaded`} error={members.error} onRetry={() => void members.refetch()} retrying={members.isRefetching} />}
      {members.data && !anything && (
        <EmptyState title={t`No members or earnings in this period`} icon={<HeartHandshake className="size-10" aria-hidden />} className="py-10">
          <Trans>Members who join your tiers, tips and tickets show up here month by month.</Trans>
        </EmptyState>
      )}
      {members.data && anything && latest && (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Figure label={t`Active members`} value={formatNumber(latest.active)} testId="members-active" strong />
            <Figure label={t`MRR`} value={money(latest.mrrCents)} testId="members-mrr" />
            <Figure label={t`Joined`} value={formatNumber(months.reduce((sum, month) => sum + month.joined, 0))} />
            <Figure label={t`Cancelled`} value={formatNumber(months.reduce((sum, month) => sum + month.cancelled, 0))} />
          </dl>
          <div className="grid min-w-0 gap-4 lg:grid-cols-2">
            <Chart
              kind="bar"
              label={t`Members per month`}
              data={months.map((month) => ({ month: monthLabel(month.month), active: month.active, joined: month.joined, cancelled: month.cancelled }))}
              xKey="month"
              series={[
                { key: 'active', name: t`Active`, color: '#ea580c' },
                { key: 'joined', name: t`Joined`, color: '#16a34a' },
                { key: 'cancelled', name: t`Cancelled`, color: '#94a3b8' },
              ]}
            />
            <Chart
              kind="line"
              unit="cents"
              label={t`MRR and earnings per month`}
              data={months.map((month) => ({ month: monthLabel(month.month), mrr: month.mrrCents, earnings: month.earningsCents.tips + month.earningsCents.paywall + month.earningsCents.memberships }))}
              xKey="month"
              series={[
                { key: 'mrr', name: t`MRR`, color: '#7c3aed' },
                { key: 'earnings', name: t`Net earnings`, color: '#0891b2' },
              ]}
            />
          </div>
        </>
      )}
    </ChartCard>
  );
}
