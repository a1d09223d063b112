import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip, type TooltipProps } from 'recharts';

/** The series colours of the dashboards, brand orange first. */
export const chartPalette = ['#f97316', '#0ea5e9', '#8b5cf6', '#10b981', '#f43f5e', '#64748b'];
export const seriesColor = (index: number) => chartPalette[index % chartPalette.length]!;

type Dataset = { label: string; data: number[] };

/** Chart rows for recharts: one object per label with a key per dataset. */
export function toRows(labels: string[], datasets: Dataset[]) {
  return labels.map((label, index) => Object.fromEntries([['label', label], ...datasets.map((set) => [set.label, set.data[index] ?? 0])]));
}

/** A ring chart of labelled values, one palette colour a slice. */
export function DonutChart({ rows, innerRadius, className, formatter }: { rows: Array<{ label: string; value: number }>; innerRadius: string; className: string; formatter?: TooltipProps['formatter'] }) {
  return (
    <div className={className}>
      <ResponsiveContainer width="100%" height="100%">
        <PieChart>
          <Pie data={rows} dataKey="value" nameKey="label" innerRadius={innerRadius} outerRadius="85%" paddingAngle={2}>
            {rows.map((row, index) => (
              <Cell key={row.label} fill={seriesColor(index)} />
            ))}
          </Pie>
          <Tooltip formatter={formatter} />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}
