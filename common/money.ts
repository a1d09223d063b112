/**
 * Money is integer cents everywhere inside (rows, procedures, the ledger); dollars appear only on the documented wire
 * fields (`tipsAmount`, `premiumPrice`, `price`, `amount`), in form fields and in text. Every conversion between the two
 * is one of these functions. Imported by the server and the web app alike, so nothing here imports anything.
 */

/** Whether a dollar amount is a whole number of cents: at most two decimals, allowing for float error (0.1 + 0.2). */
export function hasWholeCents(dollars: number): boolean {
  return Number.isFinite(dollars) && Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
}

/** Dollars → cents (19.99 → 1999). A negative amount, NaN, Infinity or a fraction of a cent is refused (RangeError). */
export function toCents(dollars: number): number {
  if (!(dollars >= 0) || !hasWholeCents(dollars)) throw new RangeError(`Not an amount of dollars and cents: ${dollars}`);
  return Math.round(dollars * 100);
}

/**
 * Any finite dollar figure → the nearest cent, NaN for anything else (a chart's value, a form field passed on for its
 * procedure to refuse): unlike `toCents`, nothing throws here.
 */
export function roundToCents(dollars: number): number {
  return Number.isFinite(dollars) ? Math.round(dollars * 100) : Number.NaN;
}

/** Cents → dollars, for the documented dollar fields (1999 → 19.99). */
export function toDollars(cents: number): number {
  return cents / 100;
}

/** Cents as a plain dollar figure with two decimals, as form fields and payment sheets take it: 1999 → "19.99". */
export function dollarsText(cents: number): string {
  return toDollars(cents).toFixed(2);
}

/** Cents as a reader sees them: 1999 → "$19.99", 123456 → "$1,234.56", -500 → "-$5.00". */
export function formatDollars(cents: number): string {
  const absolute = Math.abs(Math.round(cents));
  const text = `$${Math.floor(absolute / 100).toLocaleString('en-US')}.${String(absolute % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}

/** Dollars a person typed ("5", "4.99", "$4.99", surrounding spaces) → cents; null for anything else. */
export function parseDollars(text: string): number | null {
  const trimmed = text.trim().replace(/^\$/, '');
  return /^\d+(\.\d{1,2})?$/.test(trimmed) ? toCents(Number(trimmed)) : null;
}
