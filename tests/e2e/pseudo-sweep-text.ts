import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { is, Table } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localeNames, supportedLocales } from '@common/locales';
import { browserAppName, knownAppNames, unknownAppName } from '@server/domains/analytics/user-agents';
import * as schema from '@db/schema';
import * as demoSchema from '@db/schema/demo';
import { podcastEpisodes } from '@db/schema/podcasts';
import type { RunningApp } from './harness';

/**
 * What the pseudo-locale sweep (languages-pseudo-sweep.e2e.ts) takes out of a page's text before it looks for letters
 * outside the ⟦ ⟧ markers: the database's own words (people, events, episodes, tiers, tips, posts...), what Intl
 * writes in English (the pseudo-locale formats as English), brand names, addresses, keys and numbers. Everything left
 * with letters is text that no catalog gave.
 */

/** Columns people write (names, titles, descriptions, messages); enum-like columns (status, role, kind) stay out. */
const writtenColumns = new Set([
  'name', 'title', 'description', 'display_name', 'first_name', 'last_name', 'email', 'contact_email', 'creator_tag',
  'text', 'message', 'body', 'content', 'handle', 'origin_handle', 'hashtags', 'features', 'category', 'short_name',
  'token_hint', 'subject', 'media_type', 'mime_type',
]);
/** Single columns whose values are data too (a blocked server or handle). */
const writtenTableColumns = new Set(['federation_blocks.value']);

function collectStrings(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (/^[[{]/.test(trimmed)) {
      try {
        collectStrings(JSON.parse(trimmed), into);
        return;
      } catch {
        // Not JSON: plain text that starts with a bracket.
      }
    }
    if (/\p{L}/u.test(trimmed)) into.add(trimmed.replace(/\s+/g, ' '));
    // A text of several lines (Markdown) shows line by line, without its list marks.
    if (trimmed.includes('\n')) for (const line of trimmed.split('\n')) collectStrings(line.replace(/^\s*[-*]\s+/, ''), into);
    // Markdown's `code` marks show as code on the page, without the backquotes.
    if (trimmed.includes('`')) into.add(trimmed.replace(/`/g, '').replace(/\s+/g, ' '));
  } else if (Array.isArray(value)) value.forEach((item) => collectStrings(item, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => collectStrings(item, into));
}

/** The seeded database's written texts (and the episode transcripts and chapters it points to), longest first. */
export async function databaseTexts(running: RunningApp): Promise<string[]> {
  const { db } = running.app.services;
  const demoTables = new Set<unknown>(Object.values(demoSchema));
  const texts = new Set<string>();
  for (const table of Object.values(schema)) {
    if (!is(table, Table) || demoTables.has(table)) continue;
    const config = getTableConfig(table as SQLiteTable);
    const columns = config.columns.filter((column) => writtenColumns.has(column.name) || writtenTableColumns.has(`${config.name}.${column.name}`));
    if (!columns.length) continue;
    const rows = (await db.select().from(table as SQLiteTable)) as Record<string, unknown>[];
    for (const row of rows) {
      for (const column of columns) {
        const key = Object.keys(table).find((property) => (table as unknown as Record<string, { name?: string }>)[property]?.name === column.name);
        if (key) collectStrings(row[key], texts);
      }
      // A person's full name and initials (avatars) are made from the name columns.
      const first = row.firstName, last = row.lastName;
      if (typeof first === 'string' && typeof last === 'string') {
        texts.add(`${first} ${last}`.trim());
        if (first && last) texts.add(`${first[0]}${last[0]}`);
      }
    }
  }
  for (const episode of await db.select().from(podcastEpisodes)) {
    for (const url of [episode.transcriptUrl, episode.chaptersUrl]) {
      if (!url) continue;
      const response = await fetch(new URL(url, running.url));
      if (!response.ok) continue;
      const body = await response.text();
      if (url === episode.chaptersUrl) collectStrings(JSON.parse(body), texts);
      else for (const line of body.split('\n')) collectStrings(line.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'), texts);
    }
  }
  // The database page lists the applied migrations by their file names.
  for (const file of readdirSync(join(process.cwd(), 'db', 'migrations'))) if (file.endsWith('.sql')) texts.add(file.replace(/\.sql$/, ''));
  // Podcast apps and players are named as their makers name them (the analytics' apps), not the generic ones.
  for (const name of knownAppNames) if (name !== browserAppName && name !== unknownAppName) texts.add(name);
  return [...texts].sort((a, b) => b.length - a.length);
}

/** The REST reference (/docs/api) shows the server's OpenAPI document: its summaries, descriptions and names are its data. */
export async function openApiTexts(running: RunningApp): Promise<string[]> {
  const texts = new Set<string>();
  const answer = await fetch(new URL('/api/openapi.json', running.url));
  const document: unknown = await answer.json();
  collectStrings(document, texts);
  // Its keys too: paths, field names, response codes (`default`).
  const keys = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(keys);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        collectStrings(key, texts);
        keys(inner);
      }
    }
  };
  keys(document);
  return [...texts];
}

/**
 * The server's own messages (server/i18n/locales, English msgids): a page may show them as the server answered, in the
 * reader's language, so they come from a catalog too. Their arguments match any text.
 */
export function serverCatalogTexts(): { patterns: RegExp[]; words: string[] } {
  const file = readFileSync(join(process.cwd(), 'server', 'i18n', 'locales', 'de.po'), 'utf8');
  const patterns: RegExp[] = [];
  const words: string[] = [];
  for (const match of file.matchAll(/^msgid ((?:"(?:[^"\\]|\\.)*"\s*)+)/gm)) {
    const id = [...match[1]!.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((part) => JSON.parse(`"${part[1]}"`) as string).join('');
    if (/[{]\w+,\s*(plural|select)/.test(id)) continue;
    const runs = id.split(/\{[^}]*\}/);
    const literalWords = runs.join(' ').match(/\p{L}+/gu)?.length ?? 0;
    // A one-word message is matched as a whole piece of text; a longer one anywhere, its arguments a few words each.
    if (runs.length === 1 && literalWords === 1) words.push(id.trim());
    else if (literalWords >= 2) patterns.push(new RegExp(`(^|[^\\p{L}])${runs.map(escapeRegExp).join('[^\\n⟦⟧]{1,80}?')}(?=$|[^\\p{L}])`, 'gu'));
  }
  return { patterns, words };
}

/** Lower case without spaces: how a text compares once wrapped into lines or cut short. */
const squeezed = (text: string) => text.replace(/\s+/g, '').toLowerCase();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A literal as a pattern whose numbers match any number (Intl's outputs for one value stand for all values). */
const numbersAsAny = (text: string) => escapeRegExp(text).replace(/\d+(?:[.,]\d+)*/g, '\\d+(?:[.,]\\d+)*');

/** Every phrase English Intl writes that is words (months, weekdays, day periods, relative times, currencies, languages). */
export function intlEnglishPatterns(): RegExp[] {
  const phrases = new Set<string>();
  for (let month = 0; month < 12; month += 1) {
    const date = new Date(Date.UTC(2026, month, 15, 15));
    for (const style of ['long', 'short', 'narrow'] as const) {
      for (const part of new Intl.DateTimeFormat('en', { month: style, timeZone: 'UTC' }).formatToParts(date)) if (part.type === 'month') phrases.add(part.value);
    }
  }
  for (let day = 0; day < 7; day += 1) {
    const date = new Date(Date.UTC(2026, 10, 1 + day, 15));
    for (const style of ['long', 'short'] as const) {
      for (const part of new Intl.DateTimeFormat('en', { weekday: style, timeZone: 'UTC' }).formatToParts(date)) if (part.type === 'weekday') phrases.add(part.value);
    }
  }
  for (const hour of [3, 15]) {
    for (const part of new Intl.DateTimeFormat('en', { hour: 'numeric', hour12: true, timeZone: 'UTC' }).formatToParts(new Date(Date.UTC(2026, 0, 1, hour)))) {
      if (part.type === 'dayPeriod') phrases.add(part.value);
    }
  }
  const patterns: string[] = [];
  const units = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const;
  for (const numeric of ['always', 'auto'] as const) {
    for (const style of ['long', 'short', 'narrow'] as const) {
      const format = new Intl.RelativeTimeFormat('en', { numeric, style });
      for (const unit of units) for (const value of [-3, -1, 0, 1, 3]) patterns.push(numbersAsAny(format.format(value, unit)));
    }
  }
  for (const unit of ['second', 'minute', 'hour', 'day', 'kilobyte', 'megabyte', 'gigabyte'] as const) {
    for (const unitDisplay of ['long', 'short', 'narrow'] as const) {
      for (const value of [1, 3]) patterns.push(numbersAsAny(new Intl.NumberFormat('en', { style: 'unit', unit, unitDisplay }).format(value)));
    }
  }
  for (const currencyDisplay of ['symbol', 'narrowSymbol', 'code', 'name'] as const) {
    for (const value of [1, 3]) patterns.push(numbersAsAny(new Intl.NumberFormat('en', { style: 'currency', currency: 'CAD', currencyDisplay }).format(value)));
  }
  for (const part of new Intl.NumberFormat('en', { style: 'currency', currency: 'CAD' }).formatToParts(1)) if (part.type === 'currency') phrases.add(part.value);
  phrases.add('CAD');
  // The language menu names each language in itself.
  for (const name of Object.values(localeNames)) phrases.add(name);
  for (const locale of supportedLocales) {
    phrases.add(new Intl.DisplayNames(['en'], { type: 'language' }).of(locale)!);
  }
  patterns.push(...[...phrases].map(escapeRegExp));
  patterns.sort((a, b) => b.length - a.length);
  return patterns.map((pattern) => new RegExp(`(^|[^\\p{L}])${pattern}(?=$|[^\\p{L}])`, 'gu'));
}

/** Brand and protocol names the product never translates, HTTP methods and the database engine's words (SQLite's journal mode). */
export const brandNames = ['Cuepoint', 'Stripe', 'Google', 'Apple', 'Mastodon', 'OBS', 'RTMP', 'RTMPS', 'HLS', 'WebRTC', 'reCAPTCHA', 'OpenAPI', 'SQLite', 'PostgreSQL', 'WAL', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Keyboard shortcuts (`alt+T`): key names as the keyboard prints them. */
const shortcut = /\b(?:alt|ctrl|shift|meta|cmd)(?:\+\w+)+\b/gi;

export interface PageTexts {
  /** document.title, then the body's innerText, line by line. */
  lines: string[];
  /** aria-label, title, placeholder and alt of visible elements. */
  attributes: { name: string; value: string }[];
  /** What <code>, <pre>, <kbd> and <samp> show: commands, keys and addresses, not language. */
  code: string[];
}

/** Everything a reader of the page meets, as text. */
export async function pageTexts(page: Page): Promise<PageTexts> {
  return page.evaluate(() => {
    const lines = [document.title, ...document.body.innerText.split('\n')];
    const attributes: { name: string; value: string }[] = [];
    for (const element of document.body.querySelectorAll('[placeholder], [aria-label], [title], img[alt]')) {
      if (!element.checkVisibility()) continue;
      for (const attribute of ['placeholder', 'aria-label', 'title', 'alt']) {
        const value = element.getAttribute(attribute);
        if (value?.trim()) attributes.push({ name: attribute, value: value.trim() });
      }
    }
    const code = [...document.body.querySelectorAll('code, pre, kbd, samp')].filter((element) => element.checkVisibility()).map((element) => (element as HTMLElement).innerText);
    return { lines, attributes, code };
  });
}

/**
 * The text a catalog should have given but did not: `text` without its ⟦…⟧ messages, the data, Intl's English, brand
 * names, addresses, keys and numbers. Empty when nothing with two letters in a row is left.
 */
export interface Removals {
  /** Texts of two words or more, or with other signs than letters, taken out wherever they stand (the database's, the page's code). */
  phrases: readonly string[];
  /** One-word texts (a name, a category), taken out only where they are a whole piece of the text. */
  words: ReadonlySet<string>;
  /** Patterns taken out wherever they match (Intl's English, the server's messages). */
  patterns: readonly RegExp[];
}

/** Splits data texts into phrases (two words or more, `0000_init`, `audio/mpeg`) and single words (lower-cased); code is a phrase. */
export function removalsOf(texts: readonly string[], patterns: readonly RegExp[], extraWords: readonly string[], code: readonly string[]): Removals {
  const isWord = (text: string) => /^\p{L}+$/u.test(text.trim());
  // What the page shows as code (a field name, a scope) goes wherever it stands, one word or not.
  const phrases = [...new Set([...texts.filter((text) => !isWord(text)), ...code])].sort((a, b) => b.length - a.length);
  const words = new Set([...texts, ...extraWords].filter(isWord).map((text) => text.trim().toLowerCase()));
  return { phrases, words, patterns };
}

/**
 * The text a catalog should have given but did not: `text` without its ⟦…⟧ messages, the data, Intl's English, brand
 * names, addresses, keys and numbers. Empty when nothing with two letters in a row is left.
 */
export function leftOver(text: string, removals: Removals): string {
  // Messages inside messages (a <Trans> around a link text) go from the innermost out; each leaves a piece boundary.
  let rest = text;
  for (let before = ''; before !== rest; ) {
    before = rest;
    rest = rest.replace(/⟦[^⟦⟧]*⟧/g, '\t');
  }
  rest = rest.replace(/[^\S\t]+/g, ' ');
  for (const words of removals.phrases) {
    if (!squeezed(rest).includes(squeezed(words))) continue;
    // A chart writes a long label as several lines of SVG text, which the page's text joins without a space.
    const pattern = words.split(' ').map(escapeRegExp).join('\\s*');
    rest = rest.replace(new RegExp(`(^|[^\\p{L}])${pattern}(?=$|[^\\p{L}])`, 'giu'), '$1\t');
  }
  // Data cut short to fit (`The 2 a.m. reco…`): the start of a data text, then an ellipsis.
  rest = rest.replace(/[^\t…]+…/g, (cut) => {
    const start = squeezed(cut.slice(0, -1));
    return start.length >= 4 && removals.phrases.some((words) => squeezed(words).startsWith(start)) ? '\t' : cut;
  });
  for (const pattern of removals.patterns) rest = rest.replace(pattern, '$1\t');
  rest = rest
    .replace(shortcut, ' ')
    .replace(/\b(?:https?|rtmps?|srt|wss?):\/\/\S+/gi, ' ')
    .replace(/@?[\w.+-]+@[\w.-]+/g, ' ')
    .replace(/(^|\s)\/[\w\-./:?=&%{}~]*/g, ' ')
    .replace(/\b[\w-]+(?:\.[\w-]+)+(?::\d+)?(?:\/\S*)?/g, (match) => (/^[\w-]+\.(?:local|com|org|net|social|test|example|app|io|fm|ca|\d+)\b/i.test(match) || /\d+\.\d+\.\d+/.test(match) ? ' ' : match))
    .replace(/\b[\w-]+\.(?:json|xml|rss|ics|vtt|srt|pdf|webmanifest)\b/gi, ' ')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, ' ')
    .replace(/\b(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{10,}\b/g, ' ')
    .replace(/\b[0-9a-f]{8,}\b/gi, ' ');
  for (const brand of brandNames) rest = rest.replace(new RegExp(`(^|[^\\p{L}])${brand}(?=$|[^\\p{L}])`, 'gu'), '$1 ');
  // What is left, piece by piece (between messages, cells, separators): a piece that is one data word goes too.
  const pieces = rest.split(/[\t\n·|—–:;,()[\]"“”]+/).map((piece) => piece.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''));
  const left = pieces.filter((piece) => /\p{L}{2,}/u.test(piece) && !removals.words.has(piece.toLowerCase()));
  return left.join(' | ');
}
