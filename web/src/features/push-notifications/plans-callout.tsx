import { Lock } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney } from '@web/lib/i18n/format';
import { Link } from 'wouter';
import { buttonClasses } from '@web/components/button';
import { trpc } from '@web/lib/trpc';

/** Cents as Canadian dollars in the active locale, with the plain "$" sign. */
const money = (cents: number) => formatMoney(cents);

/** Why the Send button is off, and where to get a plan that turns it on. */
export function PlansCallout() {
  const { t } = useLingui();
  const products = trpc.billing.products.useQuery();
  const planLabel = (name: string, price: string) => t`${name} · ${price}/month`;
  return (
    <section className="rounded-xl border border-brand-100 bg-brand-50 p-6" aria-labelledby="push-plans-heading">
      <div className="flex items-start gap-3">
        <Lock className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
        <div className="space-y-3">
          <h2 id="push-plans-heading" className="font-semibold text-slate-900">
            <Trans>Sending notifications needs an active subscription</Trans>
          </h2>
          <p className="text-sm text-slate-700">
            <Trans>
              Fans can already subscribe on your event page and in your app. To send them notifications, choose a Cuepoint plan; your subscribers and
              everything you write here stay as they are.
            </Trans>
          </p>
          {products.data && products.data.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label={t`Plans`}>
              {products.data.map((product) => (
                <li key={product.id}>
                  <Link href={`/checkout/${product.id}/payment`} className={buttonClasses('secondary', 'sm')}>
                    {planLabel(product.name, money(product.pricePerMonthCents))}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
