import { useState } from 'react';
import { Plus, UsersRound } from 'lucide-react';
import { formatDollars } from '@common/money';
import type { MembershipStatsOutput } from '@server/domains/memberships/memberships.schemas';
import { Button } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { ErrorState } from '@web/components/error-state';
import { Spinner } from '@web/components/spinner';
import { TableScroll } from '@web/components/table-scroll';
import { useSession } from '@web/lib/session-store';
import { trpc } from '@web/lib/trpc';
import { MembersTable } from './members-table';
import { TierFormDialog } from './tier-form-dialog';
import { TiersList } from './tiers-list';

const percent = (share: number) => `${(share * 100).toLocaleString(undefined, { maximumFractionDigits: 1 })}%`;

/** Members now, monthly recurring revenue, churn over the last 30 days, and members per tier. */
function Figures({ stats }: { stats: MembershipStatsOutput }) {
  const cards = [
    { label: 'Members', value: String(stats.activeMembers), detail: 'with access now', testId: 'members-count' },
    { label: 'Monthly recurring revenue', value: formatDollars(stats.monthlyRecurringRevenueCents), detail: 'what renewing members pay a month', testId: 'mrr' },
    {
      label: 'Churn, last 30 days',
      value: percent(stats.churnRateLast30Days),
      detail: stats.churnedLast30Days === 1 ? '1 membership ended' : `${stats.churnedLast30Days} memberships ended`,
      testId: 'churn',
    },
  ];
  return (
    <section aria-labelledby="figures-heading" className="space-y-3">
      <h2 id="figures-heading" className="sr-only">
        Figures
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        {cards.map((card) => (
          <div key={card.label} className="rounded-lg border border-slate-200 bg-white p-4">
            <dt className="text-xs font-medium text-slate-500 uppercase">{card.label}</dt>
            <dd className="mt-1 text-xl font-bold text-slate-900 tabular-nums" data-testid={card.testId}>
              {card.value}
            </dd>
            <dd className="text-xs text-slate-500">{card.detail}</dd>
          </div>
        ))}
      </dl>
      {stats.perTier.length > 0 && (
        <TableScroll label="Members per tier">
          <table className="w-full text-sm">
            <caption className="px-3 py-2 text-left font-semibold text-slate-900">Members per tier</caption>
            <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-medium">Tier</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">Members</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">Monthly recurring revenue</th>
              </tr>
            </thead>
            <tbody>
              {stats.perTier.map((tier) => (
                <tr key={tier.tierId} className="border-t border-slate-100">
                  <th scope="row" className="px-3 py-2 text-left font-medium text-slate-800">
                    {tier.tierName}
                    {tier.archived && <span className="ml-2 text-xs font-normal text-slate-500">(archived)</span>}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{tier.activeMembers}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatDollars(tier.monthlyRecurringRevenueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

/** /apps/members: the creator's membership tiers, their members (with a CSV export) and the figures. */
export default function MembersPage() {
  const creatorTag = useSession((state) => state.user?.subdomain ?? null);
  const [creating, setCreating] = useState(false);
  const tiers = trpc.memberships.myTiers.useQuery();
  const stats = trpc.memberships.stats.useQuery();
  const creatorPageUrl = creatorTag ? `/c/${encodeURIComponent(creatorTag)}` : null;

  return (
    <section className="max-w-6xl space-y-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Members</h1>
          <p className="text-sm text-slate-600">Fans support you every month and get the perks of their tier. You keep 60% of the net, like tips and tickets. Amounts in CAD.</p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus className="size-4" aria-hidden /> New tier
        </Button>
      </header>

      {stats.isError && <ErrorState title="The figures could not be loaded" error={stats.error} onRetry={() => void stats.refetch()} retrying={stats.isRefetching} />}
      {stats.data && tiers.data && tiers.data.length > 0 && <Figures stats={stats.data} />}

      <section className="space-y-3" aria-labelledby="tiers-heading">
        <h2 id="tiers-heading" className="text-lg font-semibold text-slate-900">
          Tiers
        </h2>
        {tiers.isPending && <Spinner label="Loading tiers" className="py-12" />}
        {tiers.isError && <ErrorState title="The tiers could not be loaded" error={tiers.error} onRetry={() => void tiers.refetch()} retrying={tiers.isRefetching} />}
        {tiers.data?.length === 0 && (
          <EmptyState title="No membership tiers yet" icon={<UsersRound className="size-10" aria-hidden />}>
            <p>
              Create a tier with a monthly price and choose what it opens: your premium events, replays, private podcast feeds and a badge in your chat. Fans then join
              it with “Become a member” on your event page{creatorPageUrl ? ' and your creator page' : ''}.
            </p>
            <Button className="mt-4" onClick={() => setCreating(true)}>
              <Plus className="size-4" aria-hidden /> Create your first tier
            </Button>
          </EmptyState>
        )}
        {!!tiers.data?.length && <TiersList tiers={tiers.data} />}
      </section>

      {tiers.data && <MembersTable tiers={tiers.data} creatorPageUrl={creatorPageUrl} />}
      {creating && <TierFormDialog open onOpenChange={setCreating} />}
    </section>
  );
}
