import { lazy, Suspense, useMemo, useState } from 'react';
import { BarChart3 } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RevenueSource } from '@common/payment-values';
import type { EarningsTotals } from '@server/domains/earnings/earnings.schemas';
import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { formatDate, formatNumber } from '@web/lib/i18n/format';
import { paymentErrorMessage } from '@web/lib/payments';
import { useSession } from '@web/lib/session-store';
import { trpc } from '@web/lib/trpc';
import { EarningsPayments } from './earnings-payments';
import { money } from './money';

const EarningsChart = lazy(() => import('./earnings-chart'));

type Range = '12m' | 'year' | 'all';
const ranges: { id: Range; label: MessageDescriptor }[] = [
  { id: '12m', label: msg`Last 12 months` },
  { id: 'year', label: msg`This year` },
  { id: 'all', label: msg`All time` },
];

function rangeInput(range: Range, now = new Date()): { from?: string } {
  if (range === 'all') return {};
  if (range === 'year') return { from: `${now.getUTCFullYear()}-01-01` };
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  return { from: start.toISOString().slice(0, 10) };
}

const sourceLabels: Record<RevenueSource, MessageDescriptor> = {
  tips: msg`Tips`,
  paywall: msg`Pay per view`,
  subscriptions: msg`Subscriptions`,
  memberships: msg`Memberships`,
};

function monthLabel(month: string): string {
  const [year, monthIndex] = month.split('-').map(Number);
  return formatDate(Date.UTC(year ?? 1970, (monthIndex ?? 1) - 1, 1), { year: 'numeric', month: 'short', timeZone: 'UTC' });
}

function TotalsRow({ label, totals }: { label: string; totals: EarningsTotals }) {
  return (
    <tr className="border-t border-slate-100">
      <th scope="row" className="px-3 py-2 text-start font-medium text-slate-800">
        {label}
      </th>
      <td className="px-3 py-2 text-end tabular-nums">{formatNumber(totals.count)}</td>
      <td className="px-3 py-2 text-end tabular-nums">{money(totals.grossCents)}</td>
      <td className="px-3 py-2 text-end tabular-nums">{money(totals.feeCents)}</td>
      <td className="px-3 py-2 text-end tabular-nums">{money(totals.netCents)}</td>
      <td className="px-3 py-2 text-end font-semibold text-brand-700 tabular-nums">{money(totals.creatorShareCents)}</td>
      <td className="px-3 py-2 text-end tabular-nums">{money(totals.platformShareCents)}</td>
    </tr>
  );
}

function TotalsTable({ caption, rows }: { caption: string; rows: { key: string; label: string; totals: EarningsTotals }[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full min-w-[640px] text-sm">
        <caption className="px-3 py-2 text-start font-semibold text-slate-900">{caption}</caption>
        <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 text-start font-medium" />
            <th scope="col" className="px-3 py-2 text-end font-medium">
              <Trans>Payments</Trans>
            </th>
            <th scope="col" className="px-3 py-2 text-end font-medium">
              <Trans>Gross</Trans>
            </th>
            <th scope="col" className="px-3 py-2 text-end font-medium">
              <Trans>Fees</Trans>
            </th>
            <th scope="col" className="px-3 py-2 text-end font-medium">
              <Trans>Net</Trans>
            </th>
            <th scope="col" className="px-3 py-2 text-end font-medium">
              <Trans>Creator (60%)</Trans>
            </th>
            <th scope="col" className="px-3 py-2 text-end font-medium">
              <Trans>Platform (40%)</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <TotalsRow key={row.key} label={row.label} totals={row.totals} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /apps/earnings: the creator's earnings (admin: the platform's or one creator's) per month and per source, with a chart. */
export default function EarningsPage() {
  const { t } = useLingui();
  const isAdmin = useSession((state) => state.user?.role.includes('admin') ?? false);
  const ownId = useSession((state) => state.user?.id ?? null);
  const [range, setRange] = useState<Range>('12m');
  const [creatorId, setCreatorId] = useState('');
  const creators = trpc.adminUsers.list.useQuery({ role: 'dj', pageSize: 100 }, { enabled: isAdmin });
  const input = useMemo(() => ({ ...rangeInput(range), ...(creatorId ? { creatorId } : {}) }), [range, creatorId]);
  const summary = trpc.earnings.summary.useQuery(input);
  const data = summary.data;
  const creatorOptions = creators.data?.items ?? [];

  return (
    <section className="max-w-5xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">
            <Trans>Earnings</Trans>
          </h1>
          <p className="text-sm text-slate-600">
            <Trans>Tips and pay-per-view: you keep 60% of the net (the amount less the card provider's fee). Amounts in CAD.</Trans>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {isAdmin && (
            <select aria-label={t`Whose earnings`} className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm" value={creatorId} onChange={(event) => setCreatorId(event.target.value)}>
              <option value="">{t`Whole platform`}</option>
              {creatorOptions.map((user) => (
                <option key={user.id} value={user.id}>
                  {user.displayName}
                </option>
              ))}
            </select>
          )}
          <div role="group" aria-label={t`Period`} className="inline-flex overflow-hidden rounded-md border border-slate-300">
            {ranges.map((option) => (
              <button
                key={option.id}
                type="button"
                aria-pressed={range === option.id}
                onClick={() => setRange(option.id)}
                className={`h-10 px-3 text-sm ${range === option.id ? 'bg-brand-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-50'}`}
              >
                {t(option.label)}
              </button>
            ))}
          </div>
        </div>
      </header>

      {summary.isPending && <Spinner label={t`Loading earnings`} className="py-16" />}
      {summary.isError && <EmptyState title={t`Earnings could not be loaded`}>{paymentErrorMessage(summary.error)}</EmptyState>}
      {data && (
        <>
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
            {[
              { key: 'earned', label: data.scope === 'platform' ? t`Creators earned` : t`You earned`, cents: data.totals.creatorShareCents, strong: true },
              { key: 'platform', label: t`Platform share`, cents: data.totals.platformShareCents },
              { key: 'gross', label: t`Gross`, cents: data.totals.grossCents },
              { key: 'fees', label: t`Provider fees`, cents: data.totals.feeCents },
            ].map((card) => (
              <div key={card.key} className="rounded-lg border border-slate-200 bg-white p-4">
                <dt className="text-xs font-medium text-slate-500 uppercase">{card.label}</dt>
                <dd className={`mt-1 text-xl font-bold tabular-nums ${card.strong ? 'text-brand-700' : 'text-slate-900'}`} data-testid={card.strong ? 'earned-total' : undefined}>
                  {money(card.cents)}
                </dd>
              </div>
            ))}
          </dl>
          {data.totals.count === 0 ? (
            <EmptyState title={t`No earnings in this period`} icon={<BarChart3 className="size-10" aria-hidden />}>
              <Trans>Tips and premium tickets paid on your event pages show up here.</Trans>
            </EmptyState>
          ) : (
            <>
              <div className="rounded-lg border border-slate-200 bg-white p-4">
                <Suspense fallback={<Spinner label={t`Loading the chart`} className="h-72" />}>
                  <EarningsChart months={data.byMonth.map((month) => ({ ...month, month: monthLabel(month.month) }))} showPlatform />
                </Suspense>
              </div>
              <TotalsTable caption={t`By source`} rows={data.bySource.map((row) => ({ key: row.source, label: t(sourceLabels[row.source]), totals: row }))} />
              <TotalsTable caption={t`By month`} rows={[...data.byMonth].reverse().map((row) => ({ key: row.month, label: monthLabel(row.month), totals: row }))} />
            </>
          )}
          {/* Who paid is always the caller's own (an admin's as a creator): not under the platform's or another creator's totals. */}
          {data.scope === 'creator' && data.creatorId === ownId && <EarningsPayments months={[...data.byMonth].reverse().map((row) => row.month)} />}
        </>
      )}
    </section>
  );
}
