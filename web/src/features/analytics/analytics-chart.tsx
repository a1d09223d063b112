import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber, formatMoney } from '@web/lib/i18n/format';
import { ChartLegend } from '@web/components/chart-legend';

export interface ChartSeries {
  key: string;
  name: string;
  color: string;
}

export interface AnalyticsChartProps {
  /** `line` over time, `bar` per period (columns), `ranking` (horizontal bars, long labels on the left). */
  kind: 'line' | 'bar' | 'ranking';
  data: ReadonlyArray<Record<string, string | number>>;
  /** The category (x) key: a day, a month, a name. */
  xKey: string;
  series: readonly ChartSeries[];
  /** `cents`: the values are cents, shown as dollars. */
  unit?: 'count' | 'cents';
  label: string;
}

/** Cents as Canadian dollars in the active locale, with the plain "$" sign. */
const money = (cents: number) => formatMoney(cents);

/** The dashboard's charts (recharts, a chunk of its own): they take the card's width and keep their height. */
export default function AnalyticsChart({ kind, data, xKey, series, unit = 'count', label }: AnalyticsChartProps) {
  const format = (value: unknown) => (unit === 'cents' ? money(Number(value)) : formatNumber(Number(value)));
  const rows = data as Array<Record<string, string | number>>;
  const legend = series.length > 1 ? <Legend content={ChartLegend} /> : null;
  const tooltip = <Tooltip formatter={(value) => format(value)} />;
  const grid = <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />;
  const height = kind === 'ranking' ? Math.max(160, rows.length * 36 + 40) : 256;

  return (
    <div className="w-full min-w-0" style={{ height }} role="img" aria-label={label} dir="ltr">
      <ResponsiveContainer width="100%" height="100%">
        {kind === 'line' ? (
          <LineChart data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
            {grid}
            <XAxis dataKey={xKey} tick={{ fontSize: 12 }} minTickGap={16} />
            <YAxis allowDecimals={false} tickFormatter={format} tick={{ fontSize: 12 }} width={unit === 'cents' ? 64 : 40} />
            {tooltip}
            {legend}
            {series.map((line) => (
              <Line key={line.key} type="monotone" dataKey={line.key} name={line.name} stroke={line.color} strokeWidth={2} dot={rows.length <= 31} isAnimationActive={false} />
            ))}
          </LineChart>
        ) : kind === 'bar' ? (
          <BarChart data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
            {grid}
            <XAxis dataKey={xKey} tick={{ fontSize: 12 }} minTickGap={8} />
            <YAxis allowDecimals={false} tickFormatter={format} tick={{ fontSize: 12 }} width={unit === 'cents' ? 64 : 40} />
            {tooltip}
            {legend}
            {series.map((bar) => (
              <Bar key={bar.key} dataKey={bar.key} name={bar.name} fill={bar.color} isAnimationActive={false} />
            ))}
          </BarChart>
        ) : (
          <BarChart data={rows} layout="vertical" margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
            {grid}
            <XAxis type="number" allowDecimals={false} tickFormatter={format} tick={{ fontSize: 12 }} />
            <YAxis type="category" dataKey={xKey} tick={{ fontSize: 12 }} width={110} tickFormatter={(value: string) => (value.length > 16 ? `${value.slice(0, 15)}…` : value)} />
            {tooltip}
            {series.map((bar) => (
              <Bar key={bar.key} dataKey={bar.key} name={bar.name} fill={bar.color} isAnimationActive={false} />
            ))}
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
