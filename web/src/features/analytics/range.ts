import { formatDate } from '@web/lib/i18n/format';
/**
 * The dashboard's date range, kept in the URL query (`?range=7|30|90` or `?range=custom&from=YYYY-MM-DD&to=YYYY-MM-DD`)
 * so it survives a reload. Days are UTC; `to` in the URL is the last day shown (inclusive), the API's `to` exclusive.
 */

export const presetRanges = ['7', '30', '90'] as const;
export type PresetRange = (typeof presetRanges)[number];
export type RangeChoice = PresetRange | 'custom';

export const defaultRange: PresetRange = '30';

/** The longest custom range the dashboard asks for (the API refuses more than 400 days). */
export const maxRangeDays = 400;

export interface AnalyticsRange {
  choice: RangeChoice;
  /** First day, `YYYY-MM-DD` (inclusive). */
  from: string;
  /** Last day, `YYYY-MM-DD` (inclusive, as shown). */
  lastDay: string;
  /** The API's `to`: the day after `lastDay` (exclusive). */
  to: string;
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const dayMs = 86_400_000;

/** `YYYY-MM-DD` of a time, in UTC. */
export function utcDay(time: Date): string {
  return time.toISOString().slice(0, 10);
}

/** The day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00.000Z`) + days * dayMs));
}

/** Whether the text is a real calendar day (`2026-02-30` is not). */
export function isDay(text: string | null | undefined): text is string {
  if (!text || !dayPattern.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00.000Z`);
  return !Number.isNaN(time) && utcDay(new Date(time)) === text;
}

/** The last `days` days, today included. */
export function presetRange(choice: PresetRange, now: Date): AnalyticsRange {
  const lastDay = utcDay(now);
  return { choice, from: addDays(lastDay, -(Number(choice) - 1)), lastDay, to: addDays(lastDay, 1) };
}

/**
 * The range the URL asks for: a preset, or a custom `from`..`to` (both real days, `from` not after `to`, at most
 * 400 days, never past today). Anything else falls back to the last 30 days.
 */
export function rangeFromQuery(params: URLSearchParams, now: Date): AnalyticsRange {
  const choice = params.get('range');
  if (choice === 'custom') {
    const from = params.get('from');
    const lastDay = params.get('to');
    const today = utcDay(now);
    if (isDay(from) && isDay(lastDay) && from <= lastDay && lastDay <= today && daysIn(from, lastDay) <= maxRangeDays) {
      return { choice: 'custom', from, lastDay, to: addDays(lastDay, 1) };
    }
    return presetRange(defaultRange, now);
  }
  return presetRange((presetRanges as readonly string[]).includes(choice ?? '') ? (choice as PresetRange) : defaultRange, now);
}

/** The query changes that select this range (a preset clears the custom days). */
export function rangeToQuery(range: Pick<AnalyticsRange, 'choice' | 'from' | 'lastDay'>): Record<string, string | null> {
  if (range.choice === 'custom') return { range: 'custom', from: range.from, to: range.lastDay };
  return { range: range.choice === defaultRange ? null : range.choice, from: null, to: null };
}

/** The days from `from` to `lastDay`, both included. */
export function daysIn(from: string, lastDay: string): number {
  return Math.round((Date.parse(`${lastDay}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / dayMs) + 1;
}

/** The range's months, `YYYY-MM` (for the members chart's query: the first of `from`'s month to the day after `lastDay`). */
export function monthsRange(range: AnalyticsRange): { from: string; to: string } {
  return { from: `${range.from.slice(0, 7)}-01`, to: range.to };
}

/** "Mar 3, 2026 – Apr 1, 2026" (UTC). */
export function rangeLabel(range: AnalyticsRange): string {
  const format = (day: string) => formatDate(`${day}T00:00:00.000Z`, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
  return `${format(range.from)} – ${format(range.lastDay)}`;
}
