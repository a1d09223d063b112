import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDollars, roundToCents, toDollars } from '@common/money';

export interface MonthBar {
  month: string;
  creatorShareCents: number;
  platformShareCents: number;
  feeCents: number;
}

/** Per month: the creator's share, the platform's share and the provider fees, stacked to the gross (recharts, its own chunk). */
export default function EarningsChart({ months, showPlatform }: { months: MonthBar[]; showPlatform: boolean }) {
  const data = months.map((month) => ({
    month: month.month,
    creator: toDollars(month.creatorShareCents),
    platform: toDollars(month.platformShareCents),
    fees: toDollars(month.feeCents),
  }));
  return (
    <div className="h-72 w-full" data-testid="earnings-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="month" tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={(value: number) => `$${value}`} tick={{ fontSize: 12 }} width={56} />
          <Tooltip formatter={(value) => formatDollars(roundToCents(Number(value)))} />
          <Legend />
          <Bar dataKey="creator" name="Creator share" stackId="gross" fill="#ea580c" />
          {showPlatform && <Bar dataKey="platform" name="Platform share" stackId="gross" fill="#94a3b8" />}
          {showPlatform && <Bar dataKey="fees" name="Provider fees" stackId="gross" fill="#cbd5e1" />}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
