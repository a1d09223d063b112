/**
 * The charts' CSV exports: a header row, then exactly the chart's rows (RFC 4180, CRLF line ends). A cell a
 * spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) gets a leading apostrophe.
 */

export type CsvValue = string | number | null | undefined;

/**
 * One CSV cell: text is defused, then quoted when it holds a comma, quote or line break (quotes doubled). A number is
 * written as it is (a negative amount stays a number: it cannot run as a formula).
 */
export function csvCell(value: CsvValue): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A CSV document: the header row, then one line per row. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** `analytics-downloads-2026-03-01-2026-03-30.csv`: what, then the range (a slug of letters, digits and dashes). */
export function csvFileName(what: string, from: string, lastDay: string): string {
  const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `analytics-${slug(what)}-${slug(from)}-${slug(lastDay)}.csv`;
}

/** Cents as dollars for a spreadsheet (`1234` → `12.34`, `-5` → `-0.05`). */
export function centsCell(cents: number): number {
  return Math.round(cents) / 100;
}
