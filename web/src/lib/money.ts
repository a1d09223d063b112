/** Cents as dollars with 2 decimals: 1999 → "$19.99". */
export function formatDollars(cents: number): string {
  const negative = cents < 0;
  const absolute = Math.abs(Math.round(cents));
  const text = `$${Math.floor(absolute / 100).toLocaleString('en-US')}.${String(absolute % 100).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}
