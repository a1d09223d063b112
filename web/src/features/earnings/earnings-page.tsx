import { lazy, Suspense, useMemo, useState } from 'react';
import { BarChart3 } from 'lucide-react';
import type { RevenueSource } from '@common/payment-values';
import type { EarningsTotals } from '@server/domains/earnings/earnings.schemas';
import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { formatDollars, paymentErrorMessage } from '@web/lib/payments';
import { useSession } from '@web/lib/session-store';
import { trpc } from '@web/lib/trpc';
import { EarningsPayments } from './earnings-payments';

const EarningsChart = lazy(() => import('./earnings-chart'));

type Range = '12m' | 'year' | 'all';
const ranges: { id: Range; label: string }[] = [
  { id: '12m', label: 'Last 12 months' },
  { id: 'year', label: 'This year' },
  { id: 'all', label: 'All time' },
];

function rangeInput(range: Range, now = new Date()): { from?: string } {
  if (range === 'all') return {};
  if (range === 'year') return { from: `${now.getUTCFullYear()}-01-01` };
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  return { from: start.toISOString().slice(0, 10) };
}

const sourceLabels: Record<RevenueSource, string> = { tips: 'Tips', paywall: 'Pay per view', subscriptions: 'Subscriptions', memberships: 'Memberships' };

function monthLabel(month: string): string {
  const [year, monthIndex] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (monthIndex ?? 1) - 1, 1)).toLocaleDateString(undefined, { year: 'numeric', month: 'short', timeZone: 'UTC' });
}

function TotalsRow({ label, totals }: { label: string; totals: EarningsTotals }) {
  return (
    <tr className="border-t border-slate-100">
      <th scope="row" className="px-3 py-2 text-left font-medium text-slate-800">
        {label}
      </th>
      <td className="px-3 py-2 text-right tabular-nums">{totals.count}</td>
      <td className="px-3 py-2 text-right tabular-nums">{formatDollars(totals.grossCents)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{formatDollars(totals.feeCents)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{formatDollars(totals.netCents)}</td>
      <td className="px-3 py-2 text-right font-semibold text-brand-700 tabular-nums">{formatDollars(totals.creatorShareCents)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{formatDollars(totals.platformShareCents)}</td>
    </tr>
  );
}

function TotalsTable({ caption, rows }: { caption: string; rows: { label: string; totals: EarningsTotals }[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full min-w-[640px] text-sm">
        <caption className="px-3 py-2 text-left font-semibold text-slate-900">{caption}</caption>
        <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium" />
            <th scope="col" className="px-3 py-2 text-right font-medium">Payments</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">Gross</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">Fees</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">Net</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">Creator (60%)</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">Platform (40%)</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <TotalsRow key={row.label} label={row.label} totals={row.totals} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /apps/earnings: the creator's earnings (admin: the platform's or one creator's) per month and per source, with a chart. */
export default function EarningsPage() {
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
          <h1 className="text-2xl font-bold text-slate-900">Earnings</h1>
          <p className="text-sm text-slate-600">Tips and pay-per-view: you keep 60% of the net (the amount less the card provider's fee). Amounts in CAD.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {isAdmin && (
            <select aria-label="Whose earnings" className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm" value={creatorId} onChange={(event) => setCreatorId(event.target.value)}>
              <option value="">Whole platform</option>
              {creatorOptions.map((user) => (
                <option key={user.id} value={user.id}>
                  {user.displayName}
                </option>
              ))}
            </select>
          )}
          <div role="group" aria-label="Period" className="inline-flex overflow-hidden rounded-md border border-slate-300">
            {ranges.map((option) => (
              <button
                key={option.id}
                type="button"
                aria-pressed={range === option.id}
                onClick={() => setRange(option.id)}
                className={`h-10 px-3 text-sm ${range === option.id ? 'bg-brand-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-50'}`}
              >
                {option.label}
              </button>
            ))}
          </div>
        </div>
      </header>

      {summary.isPending && <Spinner label="Loading earnings" className="py-16" />}
      {summary.isError && <EmptyState title="Earnings could not be loaded">{paymentErrorMessage(summary.error)}</EmptyState>}
      {data && (
        <>
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
            {[
              { label: data.scope === 'platform' ? 'Creators earned' : 'You earned', cents: data.totals.creatorShareCents, strong: true },
              { label: 'Platform share', cents: data.totals.platformShareCents },
              { label: 'Gross', cents: data.totals.grossCents },
              { label: 'Provider fees', cents: data.totals.feeCents },
            ].map((card) => (
              <div key={card.label} className="rounded-lg border border-slate-200 bg-white p-4">
                <dt className="text-xs font-medium text-slate-500 uppercase">{card.label}</dt>
                <dd className={`mt-1 text-xl font-bold tabular-nums ${card.strong ? 'text-brand-700' : 'text-slate-900'}`} data-testid={card.strong ? 'earned-total' : undefined}>
                  {formatDollars(card.cents)}
                </dd>
              </div>
            ))}
          </dl>
          {data.totals.count === 0 ? (
            <EmptyState title="No earnings in this period" icon={<BarChart3 className="size-10" aria-hidden />}>
              Tips and premium tickets paid on your event pages show up here.
            </EmptyState>
          ) : (
            <>
              <div className="rounded-lg border border-slate-200 bg-white p-4">
                <Suspense fallback={<Spinner label="Loading the chart" className="h-72" />}>
                  <EarningsChart months={data.byMonth.map((month) => ({ ...month, month: monthLabel(month.month) }))} showPlatform />
                </Suspense>
              </div>
              <TotalsTable caption="By source" rows={data.bySource.map((row) => ({ label: sourceLabels[row.source], totals: row }))} />
              <TotalsTable caption="By month" rows={[...data.byMonth].reverse().map((row) => ({ label: monthLabel(row.month), totals: row }))} />
            </>
          )}
          {/* Who paid is always the caller's own (an admin's as a creator): not under the platform's or another creator's totals. */}
          {data.scope === 'creator' && data.creatorId === ownId && <EarningsPayments months={[...data.byMonth].reverse().map((row) => row.month)} />}
        </>
      )}
    </section>
  );
}
