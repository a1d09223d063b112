import type { EarningsPaymentRow } from './earnings.schemas';

export const earningsCsvColumns = ['date', 'payer', 'source', 'amount', 'creator share', 'tip message'] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled. A cell a spreadsheet
 * would read as a formula (starting with =, +, -, @, or a tab or carriage return before one) gets a leading `'`.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Dollars with two decimals and no currency sign (a spreadsheet reads it as a number). */
function amount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The rows as a CSV file: a header line, CRLF line ends. A hidden tip message is still the creator's record. */
export function earningsPaymentsCsv(rows: EarningsPaymentRow[]): string {
  const lines = [earningsCsvColumns.join(',')];
  for (const row of rows) {
    lines.push([row.date, row.payerName, row.source, amount(row.amountCents), amount(row.creatorShareCents), row.tipMessage ?? ''].map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

