import { t } from '@lingui/core/macro';
import { dollarsText } from '@common/money';
import type { MemberOutput } from '@server/domains/memberships/memberships.schemas';
import { memberStatusLabel } from './member-status';

/** The columns, headed in the active locale (the values stay machine-readable: UTC days, dollars with a dot). */
const columns: ReadonlyArray<{ header(): string; value(member: MemberOutput): string }> = [
  { header: () => t`Name`, value: (member) => member.name },
  { header: () => t`Email`, value: (member) => member.email },
  { header: () => t`Tier`, value: (member) => member.tierName },
  { header: () => t`Status`, value: memberStatusLabel },
  { header: () => t`Member since (UTC)`, value: (member) => member.since?.slice(0, 10) ?? '' },
  { header: () => t`Monthly price (CAD)`, value: (member) => dollarsText(member.priceCents) },
  { header: () => t`Paid until (UTC)`, value: (member) => member.currentPeriodEnd?.slice(0, 10) ?? '' },
];

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. Text a spreadsheet
 * would run as a formula (a name such as `=HYPERLINK(...)`) gets a leading apostrophe, so it stays text.
 */
export function csvField(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The members as a CSV document: a header row, then one row per member, CRLF line ends. */
export function membersCsv(members: readonly MemberOutput[]): string {
  const rows = [columns.map((column) => column.header()), ...members.map((member) => columns.map((column) => column.value(member)))];
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** The export's file name: the day (UTC) and, when filtered, the tier. */
export function membersCsvName(tierName: string | null, now = new Date()): string {
  const slug = (tierName ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `members${slug ? `-${slug}` : ''}-${now.toISOString().slice(0, 10)}.csv`;
}
