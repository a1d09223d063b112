import { useState } from 'react';
import { Plus, UsersRound } from 'lucide-react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { MembershipStatsOutput } from '@server/domains/memberships/memberships.schemas';
import { Button } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { ErrorState } from '@web/components/error-state';
import { Spinner } from '@web/components/spinner';
import { TableScroll } from '@web/components/table-scroll';
import { formatNumber } from '@web/lib/i18n/format';
import { useSession } from '@web/lib/session-store';
import { trpc } from '@web/lib/trpc';
import { MembersTable } from './members-table';
import { TierFormDialog } from './tier-form-dialog';
import { TiersList } from './tiers-list';
import { money } from './money';

const percent = (share: number) => formatNumber(share, { style: 'percent', maximumFractionDigits: 1 });

/** Members now, monthly recurring revenue, churn over the last 30 days, and members per tier. */
function Figures({ stats }: { stats: MembershipStatsOutput }) {
  const { t } = useLingui();
  const cards = [
    { label: t`Members`, value: formatNumber(stats.activeMembers), detail: t`with access now`, testId: 'members-count' },
    { label: t`Monthly recurring revenue`, value: money(stats.monthlyRecurringRevenueCents), detail: t`what renewing members pay a month`, testId: 'mrr' },
    {
      label: t`Churn, last 30 days`,
      value: percent(stats.churnRateLast30Days),
      detail: <Plural value={stats.churnedLast30Days} one="# membership ended" other="# memberships ended" />,
      testId: 'churn',
    },
  ];
  return (
    <section aria-labelledby="figures-heading" className="space-y-3">
      <h2 id="figures-heading" className="sr-only">
        <Trans>Figures</Trans>
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        {cards.map((card) => (
          <div key={card.testId} className="rounded-lg border border-slate-200 bg-white p-4">
            <dt className="text-xs font-medium text-slate-500 uppercase">{card.label}</dt>
            <dd className="mt-1 text-xl font-bold text-slate-900 tabular-nums" data-testid={card.testId}>
              {card.value}
            </dd>
            <dd className="text-xs text-slate-500">{card.detail}</dd>
          </div>
        ))}
      </dl>
      {stats.perTier.length > 0 && (
        <TableScroll label={t`Members per tier`}>
          <table className="w-full text-sm">
            <caption className="px-3 py-2 text-start font-semibold text-slate-900">
              <Trans>Members per tier</Trans>
            </caption>
            <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  <Trans>Tier</Trans>
                </th>
                <th scope="col" className="px-3 py-2 text-end font-medium">
                  <Trans>Members</Trans>
                </th>
                <th scope="col" className="px-3 py-2 text-end font-medium">
                  <Trans>Monthly recurring revenue</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {stats.perTier.map((tier) => (
                <tr key={tier.tierId} className="border-t border-slate-100">
                  <th scope="row" className="px-3 py-2 text-start font-medium text-slate-800">
                    {tier.tierName}
                    {tier.archived && (
                      <span className="ms-2 text-xs font-normal text-slate-500">
                        <Trans>(archived)</Trans>
                      </span>
                    )}
                  </th>
                  <td className="px-3 py-2 text-end tabular-nums">{formatNumber(tier.activeMembers)}</td>
                  <td className="px-3 py-2 text-end tabular-nums">{money(tier.monthlyRecurringRevenueCents)}</td>
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
  const { t } = useLingui();
  const creatorTag = useSession((state) => state.user?.subdomain ?? null);
  const [creating, setCreating] = useState(false);
  const tiers = trpc.memberships.myTiers.useQuery();
  const stats = trpc.memberships.stats.useQuery();
  const creatorPageUrl = creatorTag ? `/c/${encodeURIComponent(creatorTag)}` : null;

  return (
    <section className="max-w-6xl space-y-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">
            <Trans>Members</Trans>
          </h1>
          <p className="text-sm text-slate-600">
            <Trans>Fans support you every month and get the perks of their tier. You keep 60% of the net, like tips and tickets. Amounts in CAD.</Trans>
          </p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus className="size-4" aria-hidden /> <Trans>New tier</Trans>
        </Button>
      </header>

      {stats.isError && <ErrorState title={t`The figures could not be loaded`} error={stats.error} onRetry={() => void stats.refetch()} retrying={stats.isRefetching} />}
      {stats.data && tiers.data && tiers.data.length > 0 && <Figures stats={stats.data} />}

      <section className="space-y-3" aria-labelledby="tiers-heading">
        <h2 id="tiers-heading" className="text-lg font-semibold text-slate-900">
          <Trans>Tiers</Trans>
        </h2>
        {tiers.isPending && <Spinner label={t`Loading tiers`} className="py-12" />}
        {tiers.isError && <ErrorState title={t`The tiers could not be loaded`} error={tiers.error} onRetry={() => void tiers.refetch()} retrying={tiers.isRefetching} />}
        {tiers.data?.length === 0 && (
          <EmptyState title={t`No membership tiers yet`} icon={<UsersRound className="size-10" aria-hidden />}>
            <p>
              {creatorPageUrl ? (
                <Trans>
                  Create a tier with a monthly price and choose what it opens: your premium events, replays, private podcast feeds and a badge in your chat. Fans then
                  join it with “Become a member” on your event page and your creator page.
                </Trans>
              ) : (
                <Trans>
                  Create a tier with a monthly price and choose what it opens: your premium events, replays, private podcast feeds and a badge in your chat. Fans then
                  join it with “Become a member” on your event page.
                </Trans>
              )}
            </p>
            <Button className="mt-4" onClick={() => setCreating(true)}>
              <Plus className="size-4" aria-hidden /> <Trans>Create your first tier</Trans>
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
