import { useState } from 'react';
import { BarChart3, CreditCard } from 'lucide-react';
import { toast } from 'sonner';
import { Link } from 'wouter';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { SubscriptionInfo } from '@server/domains/subscriptions/subscriptions.schemas';
import { Button, buttonClasses } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { PlanFeatures } from '@web/components/plan-notice';
import { Spinner } from '@web/components/spinner';
import { formatDate as formatLocaleDate, formatMoney } from '@web/lib/i18n/format';
import { paymentErrorMessage } from '@web/lib/payments';
import { trpc } from '@web/lib/trpc';
import { ChangeCardDialog } from './change-card-dialog';

const formatDate = (iso: string | null) => (iso ? formatLocaleDate(iso, { dateStyle: 'medium' }) : '—');
/** Cents as Canadian dollars in the active locale, with the plain "$" sign. */
const formatDollars = (cents: number) => formatMoney(cents);

const statusStyles: Record<SubscriptionInfo['status'], { label: MessageDescriptor; className: string }> = {
  active: { label: msg`Active`, className: 'bg-green-100 text-green-800' },
  past_due: { label: msg`Payment due`, className: 'bg-amber-100 text-amber-900' },
  canceled: { label: msg`Canceled`, className: 'bg-slate-200 text-slate-700' },
  incomplete: { label: msg`Not paid yet`, className: 'bg-slate-100 text-slate-700' },
};

function SubscriptionCard({ subscription }: { subscription: SubscriptionInfo }) {
  const { t } = useLingui();
  const name = subscription.subscriptionName;
  const periodEnd = formatDate(subscription.currentPeriodEnd);
  const price = formatDollars(subscription.priceCents);
  const status = statusStyles[subscription.status];
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const [changingCard, setChangingCard] = useState(false);
  const refresh = () => Promise.all([utils.subscriptions.mine.invalidate(), utils.subscriptions.hasNotificationCreationPermission.invalidate()]);
  const cancel = trpc.subscriptions.cancel.useMutation({
    onSuccess: async (updated) => {
      setConfirming(false);
      await refresh();
      const plan = updated.subscriptionName;
      const endDay = formatDate(updated.currentPeriodEnd);
      toast.success(t`${plan} will end on ${endDay}; it stays active until then`);
    },
    onError: (error) => toast.error(paymentErrorMessage(error)),
  });
  const resume = trpc.subscriptions.resume.useMutation({
    onSuccess: async (updated) => {
      await refresh();
      const plan = updated.subscriptionName;
      const endDay = formatDate(updated.currentPeriodEnd);
      toast.success(t`${plan} renews again on ${endDay}`);
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
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${status.className}`}>{t(status.label)}</span>
          {cancelling && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              <Trans>Cancels on {periodEnd}</Trans>
            </span>
          )}
        </span>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div className="flex justify-between gap-3 sm:block">
          <dt className="text-slate-500">
            <Trans>Price</Trans>
          </dt>
          <dd className="font-medium text-slate-900">
            <Trans>{price} / month</Trans>
          </dd>
        </div>
        <div className="flex justify-between gap-3 sm:block">
          <dt className="text-slate-500">
            <Trans>Current period</Trans>
          </dt>
          <dd className="font-medium text-slate-900">
            {formatDate(subscription.currentPeriodStart)} – {formatDate(subscription.currentPeriodEnd)}
          </dd>
        </div>
        {active && (
          <div className="flex justify-between gap-3 sm:block" data-testid="next-charge">
            <dt className="text-slate-500">{cancelling ? t`Ends` : t`Next charge`}</dt>
            <dd className="font-medium text-slate-900">
              {cancelling
                ? t`Cancels on ${periodEnd} — no further charges`
                : t`${price} on ${periodEnd}`}
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-3 sm:block">
          <dt className="text-slate-500">
            <Trans>Card</Trans>
          </dt>
          <dd className="font-medium text-slate-900" data-testid="card-last4" dir="ltr">
            {subscription.cardLast4 ? `•••• ${subscription.cardLast4}` : '—'}
          </dd>
        </div>
        <div className="flex justify-between gap-3 sm:block">
          <dt className="text-slate-500">
            <Trans>Reference</Trans>
          </dt>
          <dd className="truncate font-mono text-xs text-slate-700">{subscription.subscriptionId ?? subscription.id}</dd>
        </div>
      </dl>
      {subscription.status === 'canceled' && (
        <p className="text-sm text-slate-600">
          {subscription.currentPeriodEnd ? (
            <Trans>This plan ended on {periodEnd}; what it included is off until you subscribe again.</Trans>
          ) : (
            <Trans>This plan ended; what it included is off until you subscribe again.</Trans>
          )}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {subscription.reactivationItemId && (
          <Link href={`/reactivate/${encodeURIComponent(subscription.reactivationItemId)}`} className={buttonClasses('primary', 'sm')}>
            {subscription.status === 'canceled' ? t`Reactivate` : t`Pay now`}
          </Link>
        )}
        {subscription.status === 'canceled' && (
          <a href="#plans" className={buttonClasses('secondary', 'sm')}>
            <Trans>Choose a plan</Trans>
          </a>
        )}
        {hasCard && (
          <Button variant="secondary" size="sm" onClick={() => setChangingCard(true)}>
            <CreditCard className="size-4" aria-hidden /> <Trans>Change card</Trans>
          </Button>
        )}
        {active && !cancelling && (
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            <Trans>Cancel subscription</Trans>
          </Button>
        )}
        {cancelling && (
          <Button size="sm" busy={resume.isPending} onClick={() => resume.mutate({ id: subscription.id })}>
            <Trans>Keep subscription</Trans>
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !cancel.isPending && setConfirming(open)}
        title={t`Cancel ${name}?`}
        description={
          <p>
            <Trans>
              Your subscription runs to the end of the period you paid for and stays active until {periodEnd}; it is not renewed and you are not charged again. You
              can keep it until then.
            </Trans>
          </p>
        }
        confirmLabel={t`Cancel subscription`}
        cancelLabel={t`Keep it`}
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
  const { t } = useLingui();
  const subscriptions = trpc.subscriptions.mine.useQuery(undefined, { staleTime: 0 });
  const invoices = trpc.subscriptions.invoices.useQuery(undefined, { staleTime: 0 });
  const products = trpc.billing.products.useQuery();
  if (subscriptions.isPending || invoices.isPending) return <Spinner label={t`Loading subscriptions`} className="py-10" />;
  if (subscriptions.isError) return <EmptyState title={t`The subscriptions could not be loaded`}>{paymentErrorMessage(subscriptions.error)}</EmptyState>;
  const owned = new Set(subscriptions.data.filter((entry) => entry.status !== 'canceled').map((entry) => entry.productId));
  const open = (invoices.data ?? []).filter((invoice) => invoice.status === 'open');
  const available = (products.data ?? []).filter((product) => !owned.has(product.id));
  const owed = formatDollars(open.reduce((sum, invoice) => sum + invoice.amountCents, 0));

  const setupFeeNote = (fee: string) => t`includes a ${fee} setup fee`;
  const monthly = (price: string) => t`${price} / month`;
  const monthlyWithSetup = (price: string, fee: string) => t`${price} / month + ${fee} setup`;
  return (
    <div className="space-y-6" data-testid="plan-status">
      {open.length > 0 && (
        <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <p className="font-semibold">
            <Trans>There are outstanding payments on your subscription(s).</Trans>
          </p>
          <p>
            <Plural
              value={open.length}
              one={`One renewal could not be charged (${owed}). Use “Pay now” below.`}
              other={`# renewals could not be charged (${owed}). Use “Pay now” below.`}
            />
          </p>
        </div>
      )}

      <section className="space-y-3" aria-label={t`Your subscriptions`}>
        {subscriptions.data.length === 0 ? (
          <EmptyState title={t`No subscriptions yet`} icon={<CreditCard className="size-10" aria-hidden />}>
            <Trans>Pick a plan below to start one.</Trans>
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
        <section className="overflow-x-auto rounded-lg border border-slate-200 bg-white" aria-label={t`Invoices`}>
          <table className="w-full min-w-[480px] text-sm">
            <caption className="px-4 py-3 text-start font-semibold text-slate-900">
              <Trans>Invoices</Trans>
            </caption>
            <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
              <tr>
                <th scope="col" className="px-4 py-2 text-start font-medium">
                  <Trans>Period</Trans>
                </th>
                <th scope="col" className="px-4 py-2 text-end font-medium">
                  <Trans>Amount</Trans>
                </th>
                <th scope="col" className="px-4 py-2 text-end font-medium">
                  <Trans>Status</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {(invoices.data ?? []).map((invoice) => (
                <tr key={invoice.id} className="border-t border-slate-100">
                  <td className="px-4 py-2 text-slate-700">
                    {formatDate(invoice.periodStart)} – {formatDate(invoice.periodEnd)}
                    {invoice.setUpFeeCents > 0 && <span className="block text-xs text-slate-500">{setupFeeNote(formatDollars(invoice.setUpFeeCents))}</span>}
                  </td>
                  <td className="px-4 py-2 text-end font-medium text-slate-900 tabular-nums">{formatDollars(invoice.amountCents)}</td>
                  <td className="px-4 py-2 text-end">
                    {invoice.status === 'paid' ? (
                      t`Paid`
                    ) : invoice.status === 'open' ? (
                      <span className="font-semibold text-amber-700">
                        <Trans>Unpaid</Trans>
                      </span>
                    ) : (
                      t`Void`
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      {available.length > 0 && (
        <section className="scroll-mt-20 space-y-2" aria-label={t`Add a plan`} id="plans">
          <h2 className="font-semibold text-slate-900">
            <Trans>Add a plan</Trans>
          </h2>
          <ul className="grid gap-2 sm:grid-cols-2">
            {available.map((product) => (
              <li key={product.id} className="flex items-start justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid={`plan-${product.id}`}>
                <span className="space-y-2">
                  <span className="block font-medium text-slate-900">{product.name}</span>
                  <span className="text-slate-600">
                    {product.setUpFeeCents > 0 && product.setUpFeePriceId
                      ? monthlyWithSetup(formatDollars(product.pricePerMonthCents), formatDollars(product.setUpFeeCents))
                      : monthly(formatDollars(product.pricePerMonthCents))}
                  </span>
                  <PlanFeatures features={product.features} addOnNote={product.addOnNote} />
                </span>
                <Link href={`/checkout/${encodeURIComponent(product.id)}/payment`} className={buttonClasses('secondary', 'sm')}>
                  <Trans>Subscribe</Trans>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <p>
        <Link href="/apps/earnings" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          <BarChart3 className="size-4" aria-hidden /> <Trans>Your earnings from tips and premium events</Trans>
        </Link>
      </p>
    </div>
  );
}
