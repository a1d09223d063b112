import { useState } from 'react';
import { BarChart3, CreditCard } from 'lucide-react';
import { toast } from 'sonner';
import { Link } from 'wouter';
import type { SubscriptionInfo } from '@server/domains/subscriptions/subscriptions.schemas';
import { Button, buttonClasses } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { PlanFeatures } from '@web/components/plan-notice';
import { Spinner } from '@web/components/spinner';
import { formatDollars, paymentErrorMessage } from '@web/lib/payments';
import { trpc } from '@web/lib/trpc';
import { ChangeCardDialog } from './change-card-dialog';

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
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const [changingCard, setChangingCard] = useState(false);
  const refresh = () => Promise.all([utils.subscriptions.mine.invalidate(), utils.subscriptions.hasNotificationCreationPermission.invalidate()]);
  const cancel = trpc.subscriptions.cancel.useMutation({
    onSuccess: async (updated) => {
      setConfirming(false);
      await refresh();
      toast.success(`${updated.subscriptionName} will end on ${formatDate(updated.currentPeriodEnd)}; it stays active until then`);
    },
    onError: (error) => toast.error(paymentErrorMessage(error)),
  });
  const resume = trpc.subscriptions.resume.useMutation({
    onSuccess: async (updated) => {
      await refresh();
      toast.success(`${updated.subscriptionName} renews again on ${formatDate(updated.currentPeriodEnd)}`);
    },
    onError: (error) => toast.error(paymentErrorMessage(error)),
  });
  const active = subscription.status === 'active';
  const cancelling = active && subscription.cancelAtPeriodEnd;
  const hasCard = active || subscription.status === 'past_due';

  return (
    <li className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-5" data-testid={`subscription-${subscription.productId}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{subscription.subscriptionName}</h3>
        <span className="flex flex-wrap gap-1.5">
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${status.className}`}>{status.label}</span>
          {cancelling && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Cancels on {formatDate(subscription.currentPeriodEnd)}</span>}
        </span>
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
        {active && (
          <div className="flex justify-between gap-3 sm:block" data-testid="next-charge">
            <dt className="text-slate-500">{cancelling ? 'Ends' : 'Next charge'}</dt>
            <dd className="font-medium text-slate-900">
              {cancelling
                ? `Cancels on ${formatDate(subscription.currentPeriodEnd)} — no further charges`
                : `${formatDollars(subscription.priceCents)} on ${formatDate(subscription.currentPeriodEnd)}`}
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-3 sm:block">
          <dt className="text-slate-500">Card</dt>
          <dd className="font-medium text-slate-900" data-testid="card-last4">
            {subscription.cardLast4 ? `•••• ${subscription.cardLast4}` : '—'}
          </dd>
        </div>
        <div className="flex justify-between gap-3 sm:block">
          <dt className="text-slate-500">Reference</dt>
          <dd className="truncate font-mono text-xs text-slate-700">{subscription.subscriptionId ?? subscription.id}</dd>
        </div>
      </dl>
      {subscription.status === 'canceled' && (
        <p className="text-sm text-slate-600">
          This plan ended{subscription.currentPeriodEnd ? ` on ${formatDate(subscription.currentPeriodEnd)}` : ''}; what it included is off until you subscribe again.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {subscription.reactivationItemId && (
          <Link href={`/reactivate/${encodeURIComponent(subscription.reactivationItemId)}`} className={buttonClasses('primary', 'sm')}>
            {subscription.status === 'canceled' ? 'Reactivate' : 'Pay now'}
          </Link>
        )}
        {subscription.status === 'canceled' && (
          <a href="#plans" className={buttonClasses('secondary', 'sm')}>
            Choose a plan
          </a>
        )}
        {hasCard && (
          <Button variant="secondary" size="sm" onClick={() => setChangingCard(true)}>
            <CreditCard className="size-4" aria-hidden /> Change card
          </Button>
        )}
        {active && !cancelling && (
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            Cancel subscription
          </Button>
        )}
        {cancelling && (
          <Button size="sm" busy={resume.isPending} onClick={() => resume.mutate({ id: subscription.id })}>
            Keep subscription
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !cancel.isPending && setConfirming(open)}
        title={`Cancel ${subscription.subscriptionName}?`}
        description={
          <p>
            Your subscription runs to the end of the period you paid for and stays active until {formatDate(subscription.currentPeriodEnd)}; it is not renewed
            and you are not charged again. You can keep it until then.
          </p>
        }
        confirmLabel="Cancel subscription"
        cancelLabel="Keep it"
        destructive
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate({ id: subscription.id })}
      />
      {hasCard && <ChangeCardDialog subscription={subscription} open={changingCard} onOpenChange={setChangingCard} />}
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
        <section className="scroll-mt-20 space-y-2" aria-label="Add a plan" id="plans">
          <h2 className="font-semibold text-slate-900">Add a plan</h2>
          <ul className="grid gap-2 sm:grid-cols-2">
            {available.map((product) => (
              <li key={product.id} className="flex items-start justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid={`plan-${product.id}`}>
                <span className="space-y-2">
                  <span className="block font-medium text-slate-900">{product.name}</span>
                  <span className="text-slate-600">
                    {formatDollars(product.pricePerMonthCents)} / month{product.setUpFeeCents > 0 && product.setUpFeePriceId ? ` + ${formatDollars(product.setUpFeeCents)} setup` : ''}
                  </span>
                  <PlanFeatures features={product.features} addOnNote={product.addOnNote} />
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
