/** Reading an episode's transcript (WebVTT or SubRip) and Podcasting 2.0 JSON chapters for the player page. */
import { msg } from '@lingui/core/macro';
import { i18n } from '@web/lib/i18n/i18n';

/** A chapter without a title of its own: "Chapter 2". */
function untitledChapter(number: number): string {
  return i18n._(msg`Chapter ${number}`);
}

export interface TranscriptCue {
  start: number;
  end: number;
  text: string;
}

export interface Chapter {
  start: number;
  title: string;
}

const timePattern = /^(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{1,3})$/;

/** `01:02:03.500`, `02:03,500` or `2:03.5` → seconds; null when it is not a cue time. */
export function parseCueTime(value: string): number | null {
  const match = timePattern.exec(value.trim());
  if (!match) return null;
  const [, hours = '0', minutes = '0', seconds = '0', fraction = '0'] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(`0.${fraction}`);
}

/** Cue text without markup (`<v Mara>`, `<i>`, `{\an8}`) and entities a reader would not want to see. */
function plainText(lines: string[]): string {
  return lines
    .join(' ')
    .replace(/<v(?:\.[^\s>]+)?\s+([^>]+)>/g, '$1: ')
    .replace(/<[^>]*>/g, '')
    .replace(/\{\\[^}]*\}/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Both WebVTT and SubRip: each block's `start --> end` line, then its text; headers, notes and styles are skipped. */
export function parseTranscript(source: string): TranscriptCue[] {
  const cues: TranscriptCue[] = [];
  const blocks = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split(/\n{2,}/);
  for (const block of blocks) {
    const lines = block.split('\n');
    const timing = lines.findIndex((line) => line.includes('-->'));
    if (timing < 0) continue;
    const [from = '', rest = ''] = lines[timing]!.split('-->');
    const start = parseCueTime(from);
    const end = parseCueTime(rest.trim().split(/\s+/)[0] ?? '');
    const text = plainText(lines.slice(timing + 1));
    if (start === null || !text) continue;
    cues.push({ start, end: end ?? start, text });
  }
  return cues.sort((a, b) => a.start - b.start);
}

/** The chapters a listener may jump to: Podcasting 2.0 JSON, without `toc: false` entries, in time order. */
export function parseChapters(data: unknown): Chapter[] {
  const list = (data as { chapters?: unknown } | null)?.chapters;
  if (!Array.isArray(list)) return [];
  return list
    .filter((item): item is { startTime: number; title?: unknown; toc?: unknown } => typeof item === 'object' && item !== null && Number.isFinite((item as { startTime?: unknown }).startTime))
    .filter((item) => item.toc !== false && item.startTime >= 0)
    .map((item, index) => ({ start: item.startTime, title: typeof item.title === 'string' && item.title.trim() ? item.title.trim() : untitledChapter(index + 1) }))
    .sort((a, b) => a.start - b.start);
}

/** `podcast://host/path` (Apple Podcasts) and `pcast://host/path` (most other apps): the feed URL without its scheme. */
export function podcastAppLinks(feedUrl: string): { apple: string; other: string } {
  const bare = feedUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  return { apple: `podcast://${bare}`, other: `pcast://${bare}` };
}

/** The index of the last item that has started at `time`, or -1. */
export function activeIndex(items: ReadonlyArray<{ start: number }>, time: number): number {
  let found = -1;
  for (let index = 0; index < items.length; index++) {
    if (items[index]!.start <= time + 0.05) found = index;
    else break;
  }
  return found;
}

/** `m:ss` under an hour, `h:mm:ss` past it. */
export function clockTime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours ? `${hours}:${pad(minutes)}:${pad(seconds % 60)}` : `${minutes}:${pad(seconds % 60)}`;
}
