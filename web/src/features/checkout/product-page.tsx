import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { buttonClasses } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { Logo } from '@web/components/logo';
import { PlanFeatures } from '@web/components/plan-notice';
import { Spinner } from '@web/components/spinner';
import { formatMoney } from '@web/lib/i18n/format';
import { trpc } from '@web/lib/trpc';
import { buyLabel, checkEmailPath, productHeaderLabel, showSetUpFee } from './product-format';

const money = (cents: number) => formatMoney(cents);

export default function ProductPage() {
  const { t } = useLingui();
  const products = trpc.billing.products.useQuery();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <header className="mb-10 flex flex-col items-center gap-4 text-center">
        <Logo />
        <h1 className="text-3xl font-bold text-slate-900">
          <Trans>Subscription Plans and Pricing</Trans>
        </h1>
        <p className="text-slate-600">
          <Trans>Prices in CAD, billed monthly.</Trans>
        </p>
      </header>
      {products.isPending && <Spinner label={t`Loading plans`} className="py-20" />}
      {products.isError && (
        <EmptyState title={t`The plans could not be loaded`}>
          {products.error.message}{' '}
          <button type="button" className="font-medium text-brand-700 underline" onClick={() => void products.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </EmptyState>
      )}
      {products.data && products.data.length === 0 && <EmptyState title={t`No plans are on sale right now`} />}
      {products.data && products.data.length > 0 && (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {products.data.map((product) => (
            <li key={product.id} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" data-testid={`product-${product.id}`}>
              <h2 className="bg-brand-500 px-6 py-4 text-center text-lg font-bold tracking-wide text-white">{productHeaderLabel(product)}</h2>
              <div className="flex flex-1 flex-col items-center gap-2 px-6 py-8">
                <p className="text-4xl font-bold text-slate-900">
                  {money(product.pricePerMonthCents)}
                  <span className="text-base font-normal text-slate-500">
                    {' '}
                    <Trans>/ month</Trans>
                  </span>
                </p>
                {showSetUpFee(product) && <p className="text-sm text-slate-600">{t`+ ${money(product.setUpFeeCents)} one-time setup fee`}</p>}
                <PlanFeatures features={product.features} addOnNote={product.addOnNote} className="mt-4 self-stretch" />
              </div>
              <div className="px-6 pb-6">
                <Link href={checkEmailPath(product.id)} className={buttonClasses('primary', 'md', 'w-full')}>
                  {buyLabel(product.id)}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-10 text-center">
        <Link href="/login" className="font-medium text-brand-700 hover:underline">
          <Trans>Back to login</Trans>
        </Link>
      </p>
    </div>
  );
}
