import { HandCoins } from 'lucide-react';
import type { PublicTipOption } from '@server/domains/tips/tips.schemas';
import { Trans } from '@lingui/react/macro';
import { toCents } from '@common/money';
import { formatMoney } from '@web/lib/i18n/format';

const money = (cents: number) => formatMoney(cents);

/** The row of tip buttons (platform.md §2): icon, title, dollar amount. */
export function TipButtons({ tips, onTip }: { tips: PublicTipOption[]; onTip(tip: PublicTipOption): void }) {
  if (tips.length === 0) return (
      <p className="text-sm text-slate-500">
        <Trans>This creator has no tip options yet.</Trans>
      </p>
    );
  return (
    <ul className="flex flex-wrap gap-3">
      {tips.map((tip) => (
        <li key={tip.id}>
          <button
            type="button"
            onClick={() => onTip(tip)}
            className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2 text-start shadow-sm transition hover:border-brand-500 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            {tip.iconUrl ? (
              <img src={tip.iconUrl} alt="" className="size-9 rounded-md object-cover" />
            ) : (
              <span className="flex size-9 items-center justify-center rounded-md bg-brand-100 text-brand-700">
                <HandCoins className="size-5" aria-hidden />
              </span>
            )}
            <span>
              <span className="block text-sm font-medium text-slate-900">{tip.title}</span>
              <span className="block text-sm font-semibold text-brand-700">{money(toCents(tip.tipsAmount))}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
