import { CheckCircle2 } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { formatDate } from '@web/lib/i18n/format';
import { paymentErrorMessage } from '@web/lib/payments';
import { trpc } from '@web/lib/trpc';
import { CheckoutDoneLinks } from './checkout-done-links';

/** /reactivation-success/{itemId}: the subscription as the server has it after the payment. */
export default function ReactivationSuccessPage() {
  const { t } = useLingui();
  const { itemId = '' } = useParams<{ itemId: string }>();
  const summary = trpc.subscriptions.reactivation.useQuery({ itemId }, { retry: false, staleTime: 0, refetchOnMount: 'always' });
  if (summary.isPending) return <Spinner label={t`Loading your subscription`} className="py-20" />;
  if (summary.isError) return <EmptyState title={t`Subscription not found`}>{paymentErrorMessage(summary.error)}</EmptyState>;
  const { subscription, mode } = summary.data;
  const stillOwing = mode === 'invoice';
  const name = subscription.subscriptionName;
  const renewal = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd, { dateStyle: 'long' }) : null;
  return (
    <section className="mx-auto max-w-lg space-y-5 rounded-lg border border-slate-200 bg-white p-6 text-center">
      <CheckCircle2 className="mx-auto size-12 text-green-600" aria-hidden />
      <h1 className="text-2xl font-bold text-slate-900">{stillOwing ? t`Payment received` : t`${name} is active again`}</h1>
      {renewal && !stillOwing && (
        <p className="text-sm text-slate-600">
          <Trans>Your next renewal is on {renewal}.</Trans>
        </p>
      )}
      {stillOwing && (
        <p className="text-sm text-slate-600">
          <Trans>
            Another invoice is still open.{' '}
            <Link href={`/reactivate/${encodeURIComponent(itemId)}`} className="font-medium text-brand-700 underline">
              Pay the next one
            </Link>
          </Trans>
        </p>
      )}
      <CheckoutDoneLinks />
    </section>
  );
}
