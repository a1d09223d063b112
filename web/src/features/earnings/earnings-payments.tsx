import { useState } from 'react';
import { Download, Eye, EyeOff } from 'lucide-react';
import { toast } from 'sonner';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { earningSources, type EarningSource, type EarningsPaymentRow } from '@server/domains/earnings/earnings.schemas';
import { Button } from '@web/components/button';
import { cx } from '@web/components/cx';
import { downloadFile } from '@web/lib/download';
import { formatDate, formatDateTime } from '@web/lib/i18n/format';
import { paymentErrorMessage } from '@web/lib/payments';
import { trpc } from '@web/lib/trpc';
import { money } from './money';

const sourceNames: Record<EarningSource, MessageDescriptor> = { tips: msg`Tip`, paywall: msg`Pay per view`, memberships: msg`Membership` };
const sourceFilterLabels: Record<EarningSource, MessageDescriptor> = { tips: msg`Tips`, paywall: msg`Pay per view`, memberships: msg`Memberships` };

function dateText(iso: string): string {
  return formatDateTime(iso, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** A tip's message: shown as text; a hidden one is struck through for the creator, with Unhide. */
function TipMessage({ row }: { row: EarningsPaymentRow }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const settle = {
    onSuccess: () => utils.earnings.payments.invalidate(),
    onError: (error: unknown) => toast.error(paymentErrorMessage(error)),
  };
  const hide = trpc.earnings.hideTipMessage.useMutation(settle);
  const unhide = trpc.earnings.unhideTipMessage.useMutation(settle);
  if (!row.tipMessage || !row.tipId) return <span className="text-slate-400">—</span>;
  const tipId = row.tipId;
  const payerName = row.payerName;
  const busy = hide.isPending || unhide.isPending;
  return (
    <div className="flex min-w-0 items-start gap-2" data-testid="payment-tip-message">
      <p className={cx('min-w-0 flex-1 break-words whitespace-pre-wrap', row.tipMessageHidden && 'text-slate-400 line-through')}>
        {row.tipMessage}
        {row.tipMessageHidden && <span className="sr-only"> {t`(hidden)`}</span>}
      </p>
      {row.tipMessageHidden && (
        <span className="shrink-0 rounded bg-slate-100 px-1.5 text-xs text-slate-600">
          <Trans>Hidden</Trans>
        </span>
      )}
      <Button
        size="sm"
        variant="ghost"
        busy={busy}
        className="shrink-0"
        aria-label={row.tipMessageHidden ? t`Unhide the message from ${payerName}` : t`Hide the message from ${payerName}`}
        onClick={() => (row.tipMessageHidden ? unhide.mutate({ tipId }) : hide.mutate({ tipId }))}
      >
        {row.tipMessageHidden ? <Eye className="size-4" aria-hidden /> : <EyeOff className="size-4" aria-hidden />}
        {row.tipMessageHidden ? t`Unhide` : t`Hide`}
      </Button>
    </div>
  );
}

/**
 * Who paid: the creator's own payments behind the totals (tips, pay-per-view, memberships), newest first, with a month
 * and source filter, "Load more" and a CSV download of the same filter. Tip messages can be hidden from the public.
 */
export function EarningsPayments({ months }: { months: string[] }) {
  const { t } = useLingui();
  const [month, setMonth] = useState('');
  const [source, setSource] = useState<EarningSource | ''>('');
  const filters = { ...(month ? { month } : {}), ...(source ? { source } : {}) };
  const list = trpc.earnings.payments.useInfiniteQuery(filters, { getNextPageParam: (page) => page.nextCursor ?? undefined });
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      const query = new URLSearchParams(filters).toString();
      await downloadFile(`/api/earnings/payments.csv${query ? `?${query}` : ''}`, 'payments.csv');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t`The CSV could not be made`);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-labelledby="who-paid" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="who-paid" className="text-lg font-semibold text-slate-900">
            <Trans>Who paid</Trans>
          </h2>
          <p className="text-sm text-slate-600">
            <Trans>The payments behind your totals. Your own plan’s payments are on the Plans page.</Trans>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <select aria-label={t`Month`} className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm" value={month} onChange={(event) => setMonth(event.target.value)}>
            <option value="">{t`All months`}</option>
            {months.map((value) => (
              <option key={value} value={value}>
                {formatDate(`${value}-01T00:00:00Z`, { year: 'numeric', month: 'long', timeZone: 'UTC' })}
              </option>
            ))}
          </select>
          <select aria-label={t`Source`} className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm" value={source} onChange={(event) => setSource(event.target.value as EarningSource | '')}>
            <option value="">{t`All sources`}</option>
            {earningSources.map((value) => (
              <option key={value} value={value}>
                {t(sourceFilterLabels[value])}
              </option>
            ))}
          </select>
          <Button variant="secondary" busy={downloading} onClick={() => void download()}>
            <Download className="size-4" aria-hidden />
            <Trans>Download CSV</Trans>
          </Button>
        </div>
      </header>
      {list.isError && (
        <p role="alert" className="text-sm text-red-700">
          {paymentErrorMessage(list.error)}
        </p>
      )}
      {list.isPending ? (
        <p className="text-sm text-slate-500">
          <Trans>Loading payments…</Trans>
        </p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-500">
          <Trans>No payments for this month and source.</Trans>
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[640px] text-sm" data-testid="earnings-payments">
            <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  <Trans>Date</Trans>
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  <Trans>Payer</Trans>
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  <Trans>Source</Trans>
                </th>
                <th scope="col" className="px-3 py-2 text-end font-medium">
                  <Trans>Amount</Trans>
                </th>
                <th scope="col" className="px-3 py-2 text-end font-medium">
                  <Trans>Your share</Trans>
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  <Trans>Tip message</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t border-slate-100 align-top">
                  <td className="px-3 py-2 whitespace-nowrap">
                    <time dateTime={row.date}>{dateText(row.date)}</time>
                  </td>
                  <td className="px-3 py-2 break-words">{row.payerName}</td>
                  <td className="px-3 py-2">{t(sourceNames[row.source])}</td>
                  <td className="px-3 py-2 text-end tabular-nums">{money(row.amountCents)}</td>
                  <td className="px-3 py-2 text-end font-semibold text-brand-700 tabular-nums">{money(row.creatorShareCents)}</td>
                  <td className="max-w-xs px-3 py-2">
                    <TipMessage row={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.hasNextPage && (
        <Button variant="secondary" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          <Trans>Load more</Trans>
        </Button>
      )}
    </section>
  );
}
