import { useId, useState } from 'react';
import { Download, UsersRound } from 'lucide-react';
import { toast } from 'sonner';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TierOutput } from '@server/domains/memberships/memberships.schemas';
import { Button } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { ErrorState } from '@web/components/error-state';
import { Spinner } from '@web/components/spinner';
import { TableScroll } from '@web/components/table-scroll';
import { saveFile } from '@web/lib/download';
import { trpc } from '@web/lib/trpc';
import { formatDay, memberStatusLabel } from './member-status';
import { membersCsv, membersCsvName } from './members-csv';
import { money } from './money';

const statusClasses: Record<string, string> = {
  active: 'bg-green-100 text-green-800',
  past_due: 'bg-amber-100 text-amber-800',
  canceled: 'bg-slate-100 text-slate-700',
  lapsed: 'bg-slate-100 text-slate-600',
  ended: 'bg-slate-100 text-slate-600',
};

/** The creator's members (all tiers or one), with the CSV export of what is shown. */
export function MembersTable({ tiers, creatorPageUrl }: { tiers: TierOutput[]; creatorPageUrl: string | null }) {
  const { t } = useLingui();
  const filterId = useId();
  const [tierId, setTierId] = useState('');
  const members = trpc.memberships.members.useQuery(tierId ? { tierId } : undefined);
  const tierName = tiers.find((tier) => tier.id === tierId)?.name ?? null;
  const rows = members.data ?? [];
  const archivedName = (name: string) => t`${name} (archived)`;
  const accessUntil = (day: string) => t`Access until ${day}`;
  const movesTo = (tier: string, day: string) => t`Moves to ${tier} on ${day}`;
  const creatorPageLink = creatorPageUrl ? `${window.location.origin}${creatorPageUrl}` : '';

  function exportCsv() {
    // The byte order mark tells spreadsheet apps the file is UTF-8 (names with accents stay readable).
    saveFile(new Blob(['\uFEFF', membersCsv(rows)], { type: 'text/csv;charset=utf-8' }), membersCsvName(tierName));
    toast.success(plural(rows.length, { one: 'Exported # member', other: 'Exported # members' }));
  }

  return (
    <section className="space-y-3" aria-labelledby="members-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="members-heading" className="text-lg font-semibold text-slate-900">
          <Trans>Members</Trans>
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <div className="space-y-1">
            <label htmlFor={filterId} className="block text-xs font-medium text-slate-600">
              <Trans>Tier</Trans>
            </label>
            <select
              id={filterId}
              value={tierId}
              onChange={(event) => setTierId(event.target.value)}
              className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
            >
              <option value="">{t`All tiers`}</option>
              {tiers.map((tier) => (
                <option key={tier.id} value={tier.id}>
                  {tier.archivedAt ? archivedName(tier.name) : tier.name}
                </option>
              ))}
            </select>
          </div>
          <Button variant="secondary" onClick={exportCsv} disabled={!members.data || rows.length === 0}>
            <Download className="size-4" aria-hidden /> <Trans>Export CSV</Trans>
          </Button>
        </div>
      </div>

      {members.isPending && <Spinner label={t`Loading members`} className="py-12" />}
      {members.isError && <ErrorState title={t`The members could not be loaded`} error={members.error} onRetry={() => void members.refetch()} retrying={members.isRefetching} />}
      {members.data && rows.length === 0 && (
        <EmptyState title={tierName ? t`No members in ${tierName} yet` : t`No members yet`} icon={<UsersRound className="size-10" aria-hidden />}>
          {tiers.length === 0 ? (
            t`Create a tier first: fans can then join it from your event page and your creator page.`
          ) : creatorPageUrl ? (
            <Trans>
              Fans join with “Become a member” on your event page and on your creator page,{' '}
              <a href={creatorPageUrl} className="font-medium break-all text-brand-700 hover:underline">
                {creatorPageLink}
              </a>
              . Share it with your audience: members show up here once their first month is paid.
            </Trans>
          ) : (
            <Trans>Fans join with “Become a member” on your event page. Share it with your audience: members show up here once their first month is paid.</Trans>
          )}
        </EmptyState>
      )}
      {rows.length > 0 && (
        <TableScroll label={t`Members list`}>
          <table className="w-full min-w-[760px] text-start text-sm">
            <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  <Trans>Name</Trans>
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  <Trans>Email</Trans>
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  <Trans>Tier</Trans>
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  <Trans>Status</Trans>
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  <Trans>Since</Trans>
                </th>
                <th scope="col" className="px-3 py-2 text-end font-medium">
                  <Trans>Price a month</Trans>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((member) => (
                <tr key={member.membershipId}>
                  <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                    {member.name}
                  </th>
                  <td className="px-3 py-2 break-all text-slate-700">{member.email}</td>
                  <td className="px-3 py-2 text-slate-700">{member.tierName}</td>
                  <td className="px-3 py-2">
                    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${statusClasses[member.status] ?? 'bg-slate-100 text-slate-600'}`}>
                      {memberStatusLabel(member)}
                    </span>
                    {member.hasAccess && member.currentPeriodEnd && (member.cancelAtPeriodEnd || member.status === 'canceled') && (
                      <span className="block text-xs text-slate-500">{accessUntil(formatDay(member.currentPeriodEnd))}</span>
                    )}
                    {member.scheduledTierName && member.currentPeriodEnd && (
                      <span className="block text-xs text-slate-500">{movesTo(member.scheduledTierName, formatDay(member.currentPeriodEnd))}</span>
                    )}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-700">{formatDay(member.since)}</td>
                  <td className="px-3 py-2 text-end text-slate-900 tabular-nums">{money(member.priceCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
