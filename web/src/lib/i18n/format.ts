import { isLocale, textDirection } from '@common/locales';
import { i18n } from './i18n';

/** Dates, numbers and money in the active locale (`Intl`), for every page. */
type DateInput = Date | string | number;

const asDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** The active locale as Intl knows it (the pseudo-locale formats as English). */
export function activeIntlLocale(): string {
  return !i18n.locale || i18n.locale === 'pseudo' ? 'en' : i18n.locale;
}

/** "3 Dec 2026", "3. Dez. 2026", "٣ ديسمبر ٢٠٢٦". */
export function formatDate(value: DateInput, options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' }): string {
  return new Intl.DateTimeFormat(activeIntlLocale(), options).format(asDate(value));
}

/** A date with its time of day, in the reader's time zone. */
export function formatDateTime(
  value: DateInput,
  options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' },
): string {
  return new Intl.DateTimeFormat(activeIntlLocale(), options).format(asDate(value));
}

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(activeIntlLocale(), options).format(value);
}

/** An amount in integer cents as money of that currency ("CA$12.50", "12,50 CA$"). */
/** Money in the active locale with the currency's narrow symbol: "$19.99" in English, "19,99 $" in German. */
export function formatMoney(cents: number, currency = 'CAD'): string {
  const amount = new Intl.NumberFormat(activeIntlLocale(), { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).format(cents / 100);
  // In right-to-left text the amount is a unit of its own (first-strong isolate): "CA$ 9.99" must not read "$CA 9.99".
  return isLocale(i18n.locale) && textDirection(i18n.locale) === 'rtl' ? `\u2068${amount}\u2069` : amount;
}
