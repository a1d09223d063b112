import { BarChart3, CreditCard } from 'lucide-react';
import { Link } from 'wouter';
import type { SubscriptionInfo } from '@server/domains/subscriptions/subscriptions.schemas';
import { buttonClasses } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { formatDollars, paymentErrorMessage } from '@web/lib/payments';
import { trpc } from '@web/lib/trpc';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const formatDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : '—');

const statusStyles: Record<SubscriptionInfo['status'], { label: string; className: string }> = {
  active: { label: 'Active', className: 'bg-green-100 text-green-800' },
  past_due: { label: 'Payment due', className: 'bg-amber-100 text-amber-900' },
  canceled: { label: 'Canceled', className: 'bg-slate-200 text-slate-700' },
  incomplete: { label: 'Not paid yet', className: 'bg-slate-100 text-slate-700' },
};

function SubscriptionCard({ subscription }: { subscription: SubscriptionInfo }) {
  const status = statusStyles[subscription.status];
  return (
    <li className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-5" data-testid={`subscription-${subscription.productId}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{subscription.subscriptionName}</h3>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${status.className}`}>{status.label}</span>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div className="flex justify-between gap-3 sm:block">
          <dt className="text-slate-500">Price</dt>
          <dd className="font-medium text-slate-900">{formatDollars(subscription.priceCents)} / month</dd>
        </div>
        <div className="flex justify-between gap-3 sm:block">
          <dt className="text-slate-500">Current period</dt>
          <dd className="font-medium text-slate-900">
            {formatDate(subscription.currentPeriodStart)} – {formatDate(subscription.currentPeriodEnd)}
          </dd>
        </div>
        <div className="flex justify-between gap-3 sm:block">
          <dt className="text-slate-500">Card</dt>
          <dd className="font-medium text-slate-900">{subscription.cardLast4 ? `•••• ${subscription.cardLast4}` : '—'}</dd>
        </div>
        <div className="flex justify-between gap-3 sm:block">
          <dt className="text-slate-500">Reference</dt>
          <dd className="truncate font-mono text-xs text-slate-700">{subscription.subscriptionId ?? subscription.id}</dd>
        </div>
      </dl>
      {subscription.reactivationItemId && (
        <Link href={`/reactivate/${encodeURIComponent(subscription.reactivationItemId)}`} className={buttonClasses('primary', 'sm')}>
          {subscription.status === 'canceled' ? 'Reactivate' : 'Pay now'}
        </Link>
      )}
    </li>
  );
}

/** The Subscriptions tab: the account's subscriptions (product, status, period, card), what is owed, invoices, and plans to add. */
export function SubscriptionsTab() {
  const subscriptions = trpc.subscriptions.mine.useQuery(undefined, { staleTime: 0 });
  const invoices = trpc.subscriptions.invoices.useQuery(undefined, { staleTime: 0 });
  const products = trpc.billing.products.useQuery();
  if (subscriptions.isPending || invoices.isPending) return <Spinner label="Loading subscriptions" className="py-10" />;
  if (subscriptions.isError) return <EmptyState title="The subscriptions could not be loaded">{paymentErrorMessage(subscriptions.error)}</EmptyState>;
  const owned = new Set(subscriptions.data.filter((entry) => entry.status !== 'canceled').map((entry) => entry.productId));
  const open = (invoices.data ?? []).filter((invoice) => invoice.status === 'open');
  const available = (products.data ?? []).filter((product) => !owned.has(product.id));

  return (
    <div className="space-y-6" data-testid="plan-status">
      {open.length > 0 && (
        <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <p className="font-semibold">There are outstanding payments on your subscription(s).</p>
          <p>
            {open.length === 1 ? 'One renewal' : `${open.length} renewals`} could not be charged ({formatDollars(open.reduce((sum, invoice) => sum + invoice.amountCents, 0))}). Use
            “Pay now” below.
          </p>
        </div>
      )}

      <section className="space-y-3" aria-label="Your subscriptions">
        {subscriptions.data.length === 0 ? (
          <EmptyState title="No subscriptions yet" icon={<CreditCard className="size-10" aria-hidden />}>
            Pick a plan below to start one.
          </EmptyState>
        ) : (
          <ul className="space-y-3">
            {subscriptions.data.map((subscription) => (
              <SubscriptionCard key={subscription.id} subscription={subscription} />
            ))}
          </ul>
        )}
      </section>

      {(invoices.data ?? []).length > 0 && (
        <section className="overflow-x-auto rounded-lg border border-slate-200 bg-white" aria-label="Invoices">
          <table className="w-full min-w-[480px] text-sm">
            <caption className="px-4 py-3 text-left font-semibold text-slate-900">Invoices</caption>
            <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
              <tr>
                <th scope="col" className="px-4 py-2 text-left font-medium">Period</th>
                <th scope="col" className="px-4 py-2 text-right font-medium">Amount</th>
                <th scope="col" className="px-4 py-2 text-right font-medium">Status</th>
              </tr>
            </thead>
            <tbody>
              {(invoices.data ?? []).map((invoice) => (
                <tr key={invoice.id} className="border-t border-slate-100">
                  <td className="px-4 py-2 text-slate-700">
                    {formatDate(invoice.periodStart)} – {formatDate(invoice.periodEnd)}
                    {invoice.setUpFeeCents > 0 && <span className="block text-xs text-slate-500">includes a {formatDollars(invoice.setUpFeeCents)} setup fee</span>}
                  </td>
                  <td className="px-4 py-2 text-right font-medium text-slate-900 tabular-nums">{formatDollars(invoice.amountCents)}</td>
                  <td className="px-4 py-2 text-right">{invoice.status === 'paid' ? 'Paid' : invoice.status === 'open' ? <span className="font-semibold text-amber-700">Unpaid</span> : 'Void'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      {available.length > 0 && (
        <section className="space-y-2" aria-label="Add a plan">
          <h2 className="font-semibold text-slate-900">Add a plan</h2>
          <ul className="grid gap-2 sm:grid-cols-2">
            {available.map((product) => (
              <li key={product.id} className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm">
                <span>
                  <span className="block font-medium text-slate-900">{product.name}</span>
                  <span className="text-slate-600">
                    {formatDollars(product.pricePerMonthCents)} / month{product.setUpFeeCents > 0 && product.setUpFeePriceId ? ` + ${formatDollars(product.setUpFeeCents)} setup` : ''}
                  </span>
                </span>
                <Link href={`/checkout/${encodeURIComponent(product.id)}/payment`} className={buttonClasses('secondary', 'sm')}>
                  Subscribe
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <p>
        <Link href="/apps/earnings" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          <BarChart3 className="size-4" aria-hidden /> Your earnings from tips and premium events
        </Link>
      </p>
    </div>
  );
}
