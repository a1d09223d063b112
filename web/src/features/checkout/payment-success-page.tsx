import { CheckCircle2, Clock } from 'lucide-react';
import { useParams } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { formatMoney } from '@web/lib/i18n/format';
import { paymentErrorMessage } from '@web/lib/payments';
import { trpc } from '@web/lib/trpc';
import { CheckoutDoneLinks } from './checkout-done-links';

const money = (cents: number) => formatMoney(cents);

/** /payment-success/{paymentId}: the recorded payment (as the server has it after the provider confirmed it). */
export default function PaymentSuccessPage() {
  const { t } = useLingui();
  const { paymentId = '' } = useParams<{ paymentId: string }>();
  // A payment the provider has not settled yet (e.g. the page's status report failed and the provider's webhook is on
  // its way) is looked at again every few seconds for a minute: the page turns to "Payment successful" by itself.
  const payment = trpc.payments.byId.useQuery(
    { id: paymentId },
    {
      retry: false,
      staleTime: 0,
      refetchInterval: (query) => (query.state.data && query.state.data.status !== 'succeeded' && !query.state.data.error && query.state.dataUpdateCount < 20 ? 3000 : false),
    },
  );
  if (payment.isPending) return <Spinner label={t`Loading your payment`} className="py-20" />;
  if (payment.isError) return <EmptyState title={t`Payment not found`}>{paymentErrorMessage(payment.error)}</EmptyState>;
  const data = payment.data;
  const succeeded = data.status === 'succeeded';
  return (
    <section className="mx-auto max-w-lg space-y-6 rounded-lg border border-slate-200 bg-white p-6 text-center">
      {succeeded ? <CheckCircle2 className="mx-auto size-12 text-green-600" aria-hidden /> : <Clock className="mx-auto size-12 text-amber-500" aria-hidden />}
      <h1 className="text-2xl font-bold text-slate-900">{succeeded ? t`Payment successful` : data.error ? t`Payment not completed` : t`Confirming your payment…`}</h1>
      <dl className="mx-auto max-w-xs space-y-1 text-start text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-500">
            <Trans>For</Trans>
          </dt>
          <dd className="font-medium text-slate-900">{data.description}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-500">
            <Trans>Amount</Trans>
          </dt>
          <dd className="font-medium text-slate-900">{t`${money(data.amountCents)} CAD`}</dd>
        </div>
        {data.cardLast4 && (
          <div className="flex justify-between gap-4">
            <dt className="text-slate-500">
              <Trans>Card</Trans>
            </dt>
            <dd className="font-medium text-slate-900" dir="ltr">
              •••• {data.cardLast4}
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-4">
          <dt className="text-slate-500">
            <Trans>Reference</Trans>
          </dt>
          <dd className="font-mono text-xs text-slate-700">{data.id}</dd>
        </div>
      </dl>
      {!succeeded && (
        <p className="text-sm text-slate-600">
          <Trans>The card provider has not confirmed this payment.</Trans> {data.error ? data.error.message : t`Check again in a moment.`}{' '}
          <button type="button" className="font-medium text-brand-700 underline" onClick={() => void payment.refetch()}>
            <Trans>Check again</Trans>
          </button>
        </p>
      )}
      <CheckoutDoneLinks />
    </section>
  );
}
