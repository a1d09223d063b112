import { formatNumber } from '@web/lib/i18n/format';

/** Money as the e-commerce sample shows it (the product prices are dollars, two decimals). */
export const formatPrice = (value: number | undefined) =>
  value === undefined ? '—' : formatNumber(value, { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** A sample amount string ("123.40", "-5.00") as money. */
export const formatAmount = (value: string) => formatPrice(Number(value));
