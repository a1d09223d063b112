import type { NotificationHistoryItem } from '@server/domains/push/push.schemas';
import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime, formatNumber } from '@web/lib/i18n/format';
import { Spinner } from '@web/components/spinner';

function formatDate(iso: string): string {
  return formatDateTime(iso, { dateStyle: 'medium', timeStyle: 'short' });
}

const audienceLabels = { all: msg`All subscribers`, members: msg`Members only` } as const;

function statusOf(item: NotificationHistoryItem): { label: string; className: string } {
  if (item.pending > 0) {
    const done = formatNumber(item.recipients - item.pending);
    const total = formatNumber(item.recipients);
    return { label: t`Sending (${done} of ${total})`, className: 'bg-amber-100 text-amber-800' };
  }
  if (item.recipients === 0) return { label: t`No subscribers`, className: 'bg-slate-100 text-slate-600' };
  if (item.failed > 0) return { label: t`Done with failures`, className: 'bg-red-100 text-red-700' };
  return { label: t`Delivered`, className: 'bg-green-100 text-green-800' };
}

/** Past notifications with their audience and delivery counts (refreshed by the page while one is sending). */
export function HistoryTable({ items, loading, failed }: { items: NotificationHistoryItem[] | undefined; loading: boolean; failed: boolean }) {
  const { i18n, t: translate } = useLingui();
  return (
    <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-labelledby="push-history-heading">
      <h2 id="push-history-heading" className="px-6 pt-6 text-lg font-semibold text-slate-900">
        <Trans>Sent notifications</Trans>
      </h2>
      {loading && <Spinner label={translate`Loading the history`} className="py-10" />}
      {failed && (
        <p role="alert" className="px-6 py-6 text-sm text-red-600">
          <Trans>The history could not be loaded.</Trans>
        </p>
      )}
      {items?.length === 0 && (
        <p className="px-6 py-6 text-sm text-slate-600">
          <Trans>Nothing sent yet. Your notifications and how they were delivered will show here.</Trans>
        </p>
      )}
      {items && items.length > 0 && (
        <div className="overflow-x-auto">
          <table className="mt-4 w-full min-w-[760px] text-start text-sm">
            <thead className="border-y border-slate-100 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-6 py-3 font-semibold">
                  <Trans>Notification</Trans>
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  <Trans>Sent to</Trans>
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  <Trans>Sent at</Trans>
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  <Trans>Status</Trans>
                </th>
                <th scope="col" className="px-4 py-3 text-end font-semibold">
                  <Trans>Delivered</Trans>
                </th>
                <th scope="col" className="px-4 py-3 text-end font-semibold">
                  <Trans>Failed</Trans>
                </th>
                <th scope="col" className="px-6 py-3 text-end font-semibold">
                  <Trans>Removed</Trans>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {items.map((item) => {
                const status = statusOf(item);
                return (
                  <tr key={item.id}>
                    <td className="max-w-xs px-6 py-3">
                      <p className="truncate font-medium text-slate-900">{item.title}</p>
                      <p className="truncate text-slate-500">{item.kind === 'event_live' ? translate`Automatic: event went live` : item.body}</p>
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 text-slate-700">{i18n._(audienceLabels[item.audience])}</td>
                    <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDate(item.createdAt)}</td>
                    <td className="px-4 py-3">
                      <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${status.className}`}>{status.label}</span>
                    </td>
                    <td className="px-4 py-3 text-end tabular-nums text-slate-900">{formatNumber(item.sent)}</td>
                    <td className="px-4 py-3 text-end tabular-nums text-slate-900">{formatNumber(item.failed)}</td>
                    <td className="px-6 py-3 text-end tabular-nums text-slate-900" title={translate`Subscriptions the browser's push service reported as gone`}>
                      {formatNumber(item.removed)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
