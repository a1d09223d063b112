import { CreditCard } from 'lucide-react';
import { Link, useLocation, useParams } from 'wouter';
import { CardPaymentForm } from '@web/features/payment/public';
import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { formatDollars, paymentErrorMessage, refreshSessionAfterPayment } from '@web/lib/payments';
import { trpc } from '@web/lib/trpc';
import { OrderSummary, type OrderLine } from './order-summary';

function periodLabel(start: string, end: string): string {
  const format = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
  return `${format(start)} – ${format(end)}`;
}

/** /reactivate/{itemId}: pays what a past-due subscription owes (or restarts a canceled one) with the card form. */
export default function ReactivatePage() {
  const { itemId = '' } = useParams<{ itemId: string }>();
  const [, navigate] = useLocation();
  const summary = trpc.subscriptions.reactivation.useQuery({ itemId }, { retry: false });
  const start = trpc.subscriptions.startReactivation.useMutation();
  const utils = trpc.useUtils();

  if (summary.isPending) return <Spinner label="Loading your subscription" className="py-20" />;
  if (summary.isError) return <EmptyState title="Subscription not found">{paymentErrorMessage(summary.error)}</EmptyState>;
  const { subscription, mode, openInvoices, amountDueCents } = summary.data;
  if (mode === 'none') {
    return (
      <EmptyState title={`${subscription.subscriptionName} is active`} icon={<CreditCard className="size-10" aria-hidden />}>
        <p>There is nothing to pay.</p>
        <p className="mt-3">
          <Link href="/apps/calendar" className="font-medium text-brand-700 hover:underline">
            Go to the calendar
          </Link>
        </p>
      </EmptyState>
    );
  }
  // One open invoice is paid at a time (the oldest first), as the provider collects them.
  const nextInvoice = openInvoices[0];
  const lines: OrderLine[] =
    mode === 'invoice' && nextInvoice
      ? [{ label: `${subscription.subscriptionName}, ${periodLabel(nextInvoice.periodStart, nextInvoice.periodEnd)}`, cents: nextInvoice.amountCents }]
      : [{ label: `${subscription.subscriptionName} (monthly, no setup fee)`, cents: subscription.priceCents }];
  const dueNow = lines.reduce((sum, line) => sum + line.cents, 0);

  return (
    <section className="mx-auto max-w-lg space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Reactivate {subscription.subscriptionName}</h1>
        <p className="text-sm text-slate-600">
          {mode === 'invoice'
            ? `A renewal could not be charged. ${openInvoices.length > 1 ? `${openInvoices.length} invoices (${formatDollars(amountDueCents)}) are open; pay them one by one.` : 'Pay it to keep your subscription.'}`
            : 'Your subscription was canceled. Start it again for the monthly price.'}
        </p>
      </header>
      <div className="rounded-lg border border-slate-200 bg-white p-5 sm:p-6">
        <CardPaymentForm
          amountCents={dueNow}
          submitLabel={`Pay ${formatDollars(dueNow)}`}
          createIntent={() => start.mutateAsync({ itemId })}
          onSucceeded={async () => {
            await Promise.all([utils.subscriptions.invalidate(), refreshSessionAfterPayment()]);
            navigate(`/reactivation-success/${encodeURIComponent(itemId)}`, { replace: true });
          }}
        >
          <OrderSummary title="Amount due" lines={lines} />
        </CardPaymentForm>
      </div>
    </section>
  );
}
