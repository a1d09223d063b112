import { formatMoney } from '@web/lib/i18n/format';

/** Cents as Canadian dollars in the active locale, with the plain "$" sign ("$5.00", "5,00 $"). */
export function money(cents: number): string {
  return formatMoney(cents);
}
