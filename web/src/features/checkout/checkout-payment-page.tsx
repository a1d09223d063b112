import { CreditCard } from 'lucide-react';
import { toDollars } from '@common/money';
import { Link, useLocation, useParams } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { CardPaymentForm } from '@web/features/payment/public';
import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { checkoutProduct } from '@web/lib/checkout-storage';
import { formatMoney } from '@web/lib/i18n/format';
import { paymentErrorMessage, refreshSessionAfterPayment } from '@web/lib/payments';
import { useSession } from '@web/lib/session-store';
import { trpc } from '@web/lib/trpc';
import { OrderSummary } from './order-summary';

const money = (cents: number) => formatMoney(cents);

/** /checkout/{productId}/payment: the product's order summary (setup fee on the first invoice) and the card form. */
export default function CheckoutPaymentPage() {
  const { t } = useLingui();
  const { productId = '' } = useParams<{ productId: string }>();
  const [, navigate] = useLocation();
  const userId = useSession((state) => state.user?.id);
  const summary = trpc.subscriptions.checkoutSummary.useQuery({ productId }, { retry: false });
  const start = trpc.subscriptions.createProductPayment.useMutation();
  const withToken = trpc.subscriptions.createSubscription.useMutation();
  const utils = trpc.useUtils();

  if (summary.isPending) return <Spinner label={t`Loading your order`} className="py-20" />;
  if (summary.isError) {
    return (
      <EmptyState title={t`This plan cannot be bought`} icon={<CreditCard className="size-10" aria-hidden />}>
        <p>{paymentErrorMessage(summary.error)}</p>
        <p className="mt-3">
          <Link href="/apps/calendar" className="font-medium text-brand-700 hover:underline">
            <Trans>Go to the calendar</Trans>
          </Link>
        </p>
      </EmptyState>
    );
  }
  const order = summary.data;
  if (order.alreadySubscribed) {
    return (
      <EmptyState title={t`You already subscribe to ${order.productName}`} icon={<CreditCard className="size-10" aria-hidden />}>
        <p>
          <Trans>Nothing was charged.</Trans>
        </p>
        {userId && (
          <p className="mt-3">
            <Link href={`/profile/${userId}/subscriptions`} className="font-medium text-brand-700 hover:underline">
              <Trans>See your subscriptions</Trans>
            </Link>
          </p>
        )}
      </EmptyState>
    );
  }
  const productName = order.productName;
  const price = money(order.priceCents);
  const lines = [{ label: t`${productName} (monthly)`, cents: order.priceCents }];
  if (order.setUpFeeCents > 0) lines.push({ label: t`One-time setup fee`, cents: order.setUpFeeCents });

  return (
    <section className="mx-auto max-w-lg space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">
          <Trans>Checkout</Trans>
        </h1>
        <p className="text-sm text-slate-600">
          <Trans>
            {productName}: {price} per month, billed monthly in CAD. Cancel any time.
          </Trans>
        </p>
      </header>
      <div className="rounded-lg border border-slate-200 bg-white p-5 sm:p-6">
        <CardPaymentForm
          amountCents={order.totalCents}
          submitLabel={t`Pay ${money(order.totalCents)}`}
          walletLabel={order.productName}
          createIntent={() => start.mutateAsync({ productId, amount: toDollars(order.totalCents) })}
          payWithToken={(tokenId) => withToken.mutateAsync({ productId, paymentMethodId: tokenId })}
          onSucceeded={async ({ paymentId }) => {
            checkoutProduct.clear();
            await Promise.all([utils.subscriptions.invalidate(), refreshSessionAfterPayment()]);
            navigate(`/payment-success/${encodeURIComponent(paymentId)}`, { replace: true });
          }}
        >
          <OrderSummary title={t`Order summary`} lines={lines} />
        </CardPaymentForm>
      </div>
    </section>
  );
}
