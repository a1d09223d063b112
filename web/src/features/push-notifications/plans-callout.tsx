import { Lock } from 'lucide-react';
import { Link } from 'wouter';
import { formatDollars } from '@common/money';
import { buttonClasses } from '@web/components/button';
import { trpc } from '@web/lib/trpc';

/** Why the Send button is off, and where to get a plan that turns it on. */
export function PlansCallout() {
  const products = trpc.billing.products.useQuery();
  return (
    <section className="rounded-xl border border-brand-100 bg-brand-50 p-6" aria-labelledby="push-plans-heading">
      <div className="flex items-start gap-3">
        <Lock className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
        <div className="space-y-3">
          <h2 id="push-plans-heading" className="font-semibold text-slate-900">
            Sending notifications needs an active subscription
          </h2>
          <p className="text-sm text-slate-700">
            Fans can already subscribe on your event page and in your app. To send them notifications, choose a Cuepoint plan; your
            subscribers and everything you write here stay as they are.
          </p>
          {products.data && products.data.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label="Plans">
              {products.data.map((product) => (
                <li key={product.id}>
                  <Link href={`/checkout/${product.id}/payment`} className={buttonClasses('secondary', 'sm')}>
                    {product.name} · {formatDollars(product.pricePerMonthCents)}/month
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
