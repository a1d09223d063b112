import { CheckCircle2 } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { paymentErrorMessage } from '@web/lib/payments';
import { trpc } from '@web/lib/trpc';
import { CheckoutDoneLinks } from './checkout-done-links';

/** /reactivation-success/{itemId}: the subscription as the server has it after the payment. */
export default function ReactivationSuccessPage() {
  const { itemId = '' } = useParams<{ itemId: string }>();
  const summary = trpc.subscriptions.reactivation.useQuery({ itemId }, { retry: false, staleTime: 0, refetchOnMount: 'always' });
  if (summary.isPending) return <Spinner label="Loading your subscription" className="py-20" />;
  if (summary.isError) return <EmptyState title="Subscription not found">{paymentErrorMessage(summary.error)}</EmptyState>;
  const { subscription, mode } = summary.data;
  const stillOwing = mode === 'invoice';
  return (
    <section className="mx-auto max-w-lg space-y-5 rounded-lg border border-slate-200 bg-white p-6 text-center">
      <CheckCircle2 className="mx-auto size-12 text-green-600" aria-hidden />
      <h1 className="text-2xl font-bold text-slate-900">{stillOwing ? 'Payment received' : `${subscription.subscriptionName} is active again`}</h1>
      {subscription.currentPeriodEnd && !stillOwing && (
        <p className="text-sm text-slate-600">Your next renewal is on {new Date(subscription.currentPeriodEnd).toLocaleDateString(undefined, { dateStyle: 'long' })}.</p>
      )}
      {stillOwing && (
        <p className="text-sm text-slate-600">
          Another invoice is still open.{' '}
          <Link href={`/reactivate/${encodeURIComponent(itemId)}`} className="font-medium text-brand-700 underline">
            Pay the next one
          </Link>
        </p>
      )}
      <CheckoutDoneLinks />
    </section>
  );
}
