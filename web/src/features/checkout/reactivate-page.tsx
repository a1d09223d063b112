import { CreditCard } from 'lucide-react';
import { Link, useLocation, useParams } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { CardPaymentForm } from '@web/features/payment/public';
import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { formatDate, formatMoney } from '@web/lib/i18n/format';
import { paymentErrorMessage, refreshSessionAfterPayment } from '@web/lib/payments';
import { trpc } from '@web/lib/trpc';
import { OrderSummary, type OrderLine } from './order-summary';

const money = (cents: number) => formatMoney(cents);

function periodLabel(start: string, end: string): string {
  const format = (iso: string) => formatDate(iso, { year: 'numeric', month: 'short', day: 'numeric' });
  return `${format(start)} – ${format(end)}`;
}

/** /reactivate/{itemId}: pays what a past-due subscription owes (or restarts a canceled one) with the card form. */
export default function ReactivatePage() {
  const { t } = useLingui();
  const { itemId = '' } = useParams<{ itemId: string }>();
  const [, navigate] = useLocation();
  const summary = trpc.subscriptions.reactivation.useQuery({ itemId }, { retry: false });
  const start = trpc.subscriptions.startReactivation.useMutation();
  const utils = trpc.useUtils();

  if (summary.isPending) return <Spinner label={t`Loading your subscription`} className="py-20" />;
  if (summary.isError) return <EmptyState title={t`Subscription not found`}>{paymentErrorMessage(summary.error)}</EmptyState>;
  const { subscription, mode, openInvoices, amountDueCents } = summary.data;
  const name = subscription.subscriptionName;
  if (mode === 'none') {
    return (
      <EmptyState title={t`${name} is active`} icon={<CreditCard className="size-10" aria-hidden />}>
        <p>
          <Trans>There is nothing to pay.</Trans>
        </p>
        <p className="mt-3">
          <Link href="/apps/calendar" className="font-medium text-brand-700 hover:underline">
            <Trans>Go to the calendar</Trans>
          </Link>
        </p>
      </EmptyState>
    );
  }
  // One open invoice is paid at a time (the oldest first), as the provider collects them.
  const nextInvoice = openInvoices[0];
  const lines: OrderLine[] =
    mode === 'invoice' && nextInvoice
      ? [{ label: `${name}, ${periodLabel(nextInvoice.periodStart, nextInvoice.periodEnd)}`, cents: nextInvoice.amountCents }]
      : [{ label: t`${name} (monthly, no setup fee)`, cents: subscription.priceCents }];
  const invoiceCount = openInvoices.length;
  const amountDue = money(amountDueCents);
  const dueNow = lines.reduce((sum, line) => sum + line.cents, 0);

  return (
    <section className="mx-auto max-w-lg space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">
          <Trans>Reactivate {name}</Trans>
        </h1>
        <p className="text-sm text-slate-600">
          {mode === 'invoice'
            ? invoiceCount > 1
              ? t`A renewal could not be charged. ${invoiceCount} invoices (${amountDue}) are open; pay them one by one.`
              : t`A renewal could not be charged. Pay it to keep your subscription.`
            : t`Your subscription was canceled. Start it again for the monthly price.`}
        </p>
      </header>
      <div className="rounded-lg border border-slate-200 bg-white p-5 sm:p-6">
        <CardPaymentForm
          amountCents={dueNow}
          submitLabel={t`Pay ${money(dueNow)}`}
          createIntent={() => start.mutateAsync({ itemId })}
          onSucceeded={async () => {
            await Promise.all([utils.subscriptions.invalidate(), refreshSessionAfterPayment()]);
            navigate(`/reactivation-success/${encodeURIComponent(itemId)}`, { replace: true });
          }}
        >
          <OrderSummary title={t`Amount due`} lines={lines} />
        </CardPaymentForm>
      </div>
    </section>
  );
}
