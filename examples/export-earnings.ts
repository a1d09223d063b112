/**
 * Writes your earnings as CSV, one row per month and source of revenue (needs the scope earnings:read).
 *
 *   CUEPOINT_URL=... CUEPOINT_TOKEN=cp_... npx tsx examples/export-earnings.ts [--from 2026-01-01] [--to 2027-01-01] > earnings.csv
 *
 * Amounts are in dollars (CAD) with two decimals.
 */
import { parseOptions } from './args';
import { cuepointClientFromEnv } from '../client/index';

const { values } = parseOptions({ from: { type: 'string' }, to: { type: 'string' } });

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** RFC 4180: quote a field that holds a comma, quote or line break. */
function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

async function main() {
  const client = cuepointClientFromEnv();
  const summary = await client.earnings.summary.query({ ...(values.from && { from: values.from }), ...(values.to && { to: values.to }) });
  const header = ['period', 'source', 'payments', 'gross', 'fees', 'net', 'your_share', 'platform_share'];
  const rows: Array<Array<string | number>> = [header];
  const row = (period: string, source: string, totals: (typeof summary)['totals']) => [
    period,
    source,
    totals.count,
    dollars(totals.grossCents),
    dollars(totals.feeCents),
    dollars(totals.netCents),
    dollars(totals.creatorShareCents),
    dollars(totals.platformShareCents),
  ];
  for (const month of summary.byMonth) rows.push(row(month.month, 'all', month));
  for (const source of summary.bySource) rows.push(row('all', source.source, source));
  rows.push(row('all', 'all', summary.totals));
  process.stdout.write(rows.map((fields) => fields.map(csvField).join(',')).join('\r\n') + '\r\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
