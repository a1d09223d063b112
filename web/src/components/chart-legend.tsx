import type { DefaultLegendContentProps } from 'recharts';

/**
 * A chart's legend: a coloured square and the series' name (already in the reader's language). Recharts' own legend
 * labels each icon "<name> legend icon" in English.
 */
export function ChartLegend({ payload }: Pick<DefaultLegendContentProps, 'payload'>) {
  return (
    <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 pt-2 text-xs text-slate-600">
      {payload?.map((entry) => (
        <li key={String(entry.value)} className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-2.5 rounded-sm" style={{ backgroundColor: entry.color }} />
          {entry.value}
        </li>
      ))}
    </ul>
  );
}
