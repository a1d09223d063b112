import { formatDate as formatLocalDate, formatDateTime as formatLocalDateTime } from '@web/lib/i18n/format';

/** A stored ISO date-time as a `datetime-local` input value (local time, minutes); '' for none. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** A `datetime-local` input value as an ISO date-time (UTC, with Z); null for an empty or invalid value. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** "3 Dec 2026, 14:05" in the active language, in the reader's time zone. */
export const formatDateTime = (iso: string) => formatLocalDateTime(iso, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
/** "3 Dec 2026" in the active language. */
export const formatDate = (iso: string) => formatLocalDate(iso, { day: 'numeric', month: 'short', year: 'numeric' });
