import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useLingui } from '@lingui/react/macro';
import { roundToCents, toDollars } from '@common/money';
import { formatNumber } from '@web/lib/i18n/format';
import { money } from './money';
import { ChartLegend } from '@web/components/chart-legend';

export interface MonthBar {
  month: string;
  creatorShareCents: number;
  platformShareCents: number;
  feeCents: number;
}

/** Per month: the creator's share, the platform's share and the provider fees, stacked to the gross (recharts, its own chunk). */
export default function EarningsChart({ months, showPlatform }: { months: MonthBar[]; showPlatform: boolean }) {
  const { t } = useLingui();
  const data = months.map((month) => ({
    month: month.month,
    creator: toDollars(month.creatorShareCents),
    platform: toDollars(month.platformShareCents),
    fees: toDollars(month.feeCents),
  }));
  return (
    <div className="h-72 w-full" data-testid="earnings-chart" dir="ltr">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="month" tick={{ fontSize: 12 }} />
          <YAxis
            tickFormatter={(value: number) => formatNumber(value, { style: 'currency', currency: 'CAD', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 })}
            tick={{ fontSize: 12 }}
            width={56}
          />
          <Tooltip formatter={(value) => money(roundToCents(Number(value)))} />
          <Legend content={ChartLegend} />
          <Bar dataKey="creator" name={t`Creator share`} stackId="gross" fill="#ea580c" />
          {showPlatform && <Bar dataKey="platform" name={t`Platform share`} stackId="gross" fill="#94a3b8" />}
          {showPlatform && <Bar dataKey="fees" name={t`Provider fees`} stackId="gross" fill="#cbd5e1" />}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
