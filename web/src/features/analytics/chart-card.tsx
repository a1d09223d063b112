import { lazy, Suspense, useId, type ReactNode } from 'react';
import { Download } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@web/components/button';
import { Spinner } from '@web/components/spinner';
import { saveFile } from '@web/lib/download';
import type { AnalyticsChartProps } from './analytics-chart';
import { toCsv, type CsvValue } from './analytics-csv';

const AnalyticsChart = lazy(() => import('./analytics-chart'));

/** What a card's "Export CSV" downloads: exactly the chart's rows under a header row. */
export interface CsvExport {
  fileName: string;
  header: readonly string[];
  rows: ReadonlyArray<readonly CsvValue[]>;
}

/** Hands the rows to the browser as a CSV file (a BOM first, so spreadsheets read UTF-8). */
export function exportCsv({ fileName, header, rows }: CsvExport): void {
  saveFile(new Blob(['\uFEFF', toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }), fileName);
}

/** One dashboard card: a heading, its export (when it has rows) and its content. */
export function ChartCard({ title, description, csv, children, testId }: { title: string; description?: ReactNode; csv?: CsvExport | null; children: ReactNode; testId?: string }) {
  const { t } = useLingui();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-3 rounded-lg border border-slate-200 bg-white p-4" data-testid={testId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {description && <p className="text-sm text-slate-600">{description}</p>}
        </div>
        {csv && csv.rows.length > 0 && (
          <Button size="sm" variant="secondary" onClick={() => exportCsv(csv)} aria-label={t`Export CSV: ${title}`}>
            <Download className="size-4" aria-hidden /> <Trans>Export CSV</Trans>
          </Button>
        )}
      </div>
      {children}
    </section>
  );
}

/** A chart, loaded with its own chunk (recharts) while a spinner holds its place. */
export function Chart(props: AnalyticsChartProps) {
  const { t } = useLingui();
  return (
    <Suspense fallback={<Spinner label={t`Loading the chart`} className="h-64" />}>
      <AnalyticsChart {...props} />
    </Suspense>
  );
}

/** A figure of a card's totals. */
export function Figure({ label, value, testId, strong }: { label: string; value: string; testId?: string; strong?: boolean }) {
  return (
    <div className="min-w-0 rounded-md bg-slate-50 p-3">
      <dt className="text-xs font-medium text-slate-500 uppercase">{label}</dt>
      <dd className={`mt-1 text-xl font-bold tabular-nums ${strong ? 'text-brand-700' : 'text-slate-900'}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
