import { useLingui } from '@lingui/react/macro';
import { formatMoney } from '@web/lib/i18n/format';

const money = (cents: number) => formatMoney(cents);

export interface OrderLine {
  label: string;
  cents: number;
}

/** The order summary of the checkout and reactivation pages (CAD, setup fee on its own line). */
export function OrderSummary({ title, lines, totalLabel }: { title: string; lines: OrderLine[]; totalLabel?: string }) {
  const { t } = useLingui();
  const total = lines.reduce((sum, line) => sum + line.cents, 0);
  return (
    <section aria-label={t`Order summary`} className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</h2>
      <dl className="space-y-2 text-sm">
        {lines.map((line) => (
          <div key={line.label} className="flex justify-between gap-4">
            <dt className="text-slate-700">{line.label}</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{money(line.cents)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base">
          <dt className="font-semibold text-slate-900">{totalLabel ?? t`Due today`}</dt>
          <dd className="font-bold text-slate-900 tabular-nums" data-testid="order-total">
            {t`${money(total)} CAD`}
          </dd>
        </div>
      </dl>
    </section>
  );
}
