import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import { formatter } from '@lingui/format-po';
import type { Page } from 'playwright-core';
import { supportedLocales, sourceLocale } from '@common/locales';
import { products } from '@db/schema/billing';
import { chatMessages } from '@db/schema/chat';
import { events } from '@db/schema/events';
import { membershipTiers } from '@db/schema/memberships';
import { payments, tips } from '@db/schema/payments';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { tipOptions } from '@db/schema/tips';
import { users } from '@db/schema/users';
import { catalogAreas } from '@web/lib/i18n/catalog-areas';
import type { RunningApp } from './harness';

/**
 * What the locale browser tests (languages-locales.e2e.ts) look for on a page: English the catalogs should have
 * replaced, dates in the page's language, and Arabic pages that fit the screen.
 */

type PoCatalog = Record<string, { message?: string; translation?: string; extra?: { flags?: string[] } }>;

async function readCatalog(file: string, locale: string): Promise<PoCatalog> {
  return (await formatter().parse(readFileSync(file, 'utf8'), { locale, sourceLocale, filename: file })) as PoCatalog;
}

/**
 * Every catalog, as its file for a locale: the web app's (`messages`, `pages`) and the server's (errors, page heads,
 * live notices the pages show). The server keeps no English catalog: its msgids are the English.
 */
const catalogs: { fileOf(locale: string): string; englishFile: boolean }[] = [
  ...catalogAreas.map(({ name }) => ({ fileOf: (locale: string) => join(process.cwd(), 'web', 'src', 'locales', locale, `${name}.po`), englishFile: true })),
  { fileOf: (locale: string) => join(process.cwd(), 'server', 'i18n', 'locales', `${locale}.po`), englishFile: false },
];

/** The literal text runs of an ICU message: the words between its arguments, plural `#` and `<0>` tags. */
function literalRuns(message: string): string[] {
  const runs: string[] = [];
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content') runs.push(...token.value.split(/<\/?\d+\/?>/));
      else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') for (const { tokens: inner } of token.cases) walk(inner);
    }
  };
  try {
    walk(parse(message));
  } catch {
    runs.push(...message.split(/\{[^}]*\}|<\/?\d+\/?>/));
  }
  return runs;
}

/** A run without its leading and trailing non-letters, whitespace collapsed. */
const trimRun = (run: string) => run.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '').replace(/\s+/g, ' ');
const wordCount = (phrase: string) => phrase.match(/\p{L}+/gu)?.length ?? 0;

/**
 * The product's English-only phrases: the literal runs (two words or more) of every English message of the web and
 * server catalogs that no shipped locale keeps in its translation. A message a locale rightly keeps as it is (brand
 * names, flagged `same-as-source`, or a translation containing the English words) is left out; an untranslated
 * message stays in, since a page would show its English.
 */
export async function englishOnlyPhrases(): Promise<string[]> {
  const targets = supportedLocales.filter((locale) => locale !== sourceLocale);
  const phrases = new Set<string>();
  for (const { fileOf, englishFile } of catalogs) {
    const translated = await Promise.all(targets.map((locale) => readCatalog(fileOf(locale), locale)));
    const english = englishFile ? await readCatalog(fileOf(sourceLocale), sourceLocale) : translated[0]!;
    for (const [id, entry] of Object.entries(english)) {
      const source = entry.message || id;
      const translations = translated.map((catalog) => catalog[id]);
      if (translations.some((other) => other?.extra?.flags?.includes('same-as-source') || other?.translation === source)) continue;
      for (const run of literalRuns(source).map(trimRun)) {
        if (wordCount(run) < 2) continue;
        if (translations.some((other) => (other?.translation ?? '').toLowerCase().includes(run.toLowerCase()))) continue;
        phrases.add(run);
      }
    }
  }
  return [...phrases].sort((a, b) => b.length - a.length);
}

/**
 * The creators' own words in the seeded database (names, event and episode texts, tip and tier titles, chat and tip
 * messages, plan names): data, written in whatever language the creator chose, so they are taken out of a page's
 * text before it is searched for English messages. Only texts of two words or more matter here.
 */
export async function creatorContent(running: RunningApp): Promise<string[]> {
  const { db } = running.app.services;
  const tables = [users, events, podcastTitles, podcastEpisodes, tipOptions, membershipTiers, chatMessages, payments, tips, products];
  const texts = new Set<string>();
  const collect = (value: unknown) => {
    if (typeof value === 'string') {
      if (wordCount(value) >= 2 && value.length < 2000) texts.add(value.trim().replace(/\s+/g, ' '));
    } else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object' && !(value instanceof Date)) Object.values(value).forEach(collect);
  };
  for (const table of tables) {
    const rows: unknown[] = await db.select().from(table);
    for (const row of rows) {
      for (const value of Object.values(row as Record<string, unknown>)) {
        if (typeof value === 'string' && /^[[{]/.test(value.trim())) {
          try {
            collect(JSON.parse(value));
          } catch {
            collect(value);
          }
        } else collect(value);
      }
    }
  }
  // Episode transcripts (WebVTT, SubRip) and chapters (JSON) are files the episode page shows.
  for (const episode of await db.select().from(podcastEpisodes)) {
    for (const url of [episode.transcriptUrl, episode.chaptersUrl]) {
      if (!url) continue;
      const response = await fetch(new URL(url, running.url));
      if (!response.ok) continue;
      const body = await response.text();
      if (url === episode.chaptersUrl) collect(JSON.parse(body));
      else for (const line of body.split('\n')) collect(line.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
    }
  }
  return [...texts].sort((a, b) => b.length - a.length);
}

/** Everything a reader of the page meets: its visible text, the tab title, placeholders and accessible labels. */
export async function readableText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.title, document.body.innerText];
    for (const element of document.body.querySelectorAll('[placeholder], [aria-label], [title], img[alt]')) {
      if (!element.checkVisibility()) continue;
      for (const attribute of ['placeholder', 'aria-label', 'title', 'alt']) {
        const value = element.getAttribute(attribute);
        if (value) parts.push(value);
      }
    }
    return parts.join('\n');
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const containsWords = (text: string, phrase: string) => new RegExp(`(^|[^\\p{L}])${escapeRegExp(phrase)}($|[^\\p{L}])`, 'iu').test(text);

/** A page's text with the creators' own words taken out (each becomes a line break; CSS may have upper-cased them). */
export function withoutContent(text: string, content: readonly string[]): string {
  let rest = text.replace(/\s+/g, ' ');
  for (const words of content) rest = rest.replace(new RegExp(escapeRegExp(words), 'giu'), '\n');
  return rest;
}

/**
 * The English phrases found in a page's text (its creators' words already taken out). Case is ignored, as the pages
 * upper-case some labels with CSS (innerText returns them upper-cased).
 */
export function englishLeft(text: string, phrases: readonly string[]): string[] {
  let rest = text;
  const found: string[] = [];
  for (const phrase of phrases) {
    if (!containsWords(rest, phrase)) continue;
    found.push(phrase);
    // A longer phrase found is not reported again through the shorter ones it contains.
    rest = rest.replace(new RegExp(`(^|[^\\p{L}])${escapeRegExp(phrase)}(?=$|[^\\p{L}])`, 'giu'), '$1\n');
  }
  return found;
}

/**
 * The month and weekday names of a locale, long and short, as this browser's Intl writes them in a date (format
 * forms) and alone (stand-alone forms), without abbreviation dots.
 */
export async function dateNames(page: Page, locale: string): Promise<string[]> {
  return page.evaluate((tag) => {
    const names = new Set<string>();
    const add = (options: Intl.DateTimeFormatOptions, date: Date, part: 'month' | 'weekday') => {
      for (const piece of new Intl.DateTimeFormat(tag, { ...options, timeZone: 'UTC' }).formatToParts(date)) {
        if (piece.type === part) names.add(piece.value.replace(/\.$/, '').trim());
      }
    };
    for (let index = 0; index < 12; index += 1) {
      const date = new Date(Date.UTC(2026, index, 15));
      for (const month of ['long', 'short'] as const) {
        add({ month }, date, 'month');
        add({ day: 'numeric', month, year: 'numeric' }, date, 'month');
      }
    }
    for (let day = 0; day < 7; day += 1) {
      const date = new Date(Date.UTC(2026, 10, 1 + day));
      for (const weekday of ['long', 'short'] as const) {
        add({ weekday }, date, 'weekday');
        add({ weekday, day: 'numeric', month: 'long' }, date, 'weekday');
      }
    }
    return [...names].filter((name) => /\p{L}/u.test(name));
  }, locale);
}

/** The English month and weekday names (long forms; "May" left out, a word too common to tell). */
export const englishDateNames = [
  'January', 'February', 'March', 'April', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
  'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday',
];

/** The date names of `names` the text shows (case kept: "Mär" and "mar" are told apart by Intl's own spelling). */
export function namesShown(text: string, names: readonly string[]): string[] {
  return names.filter((name) => new RegExp(`(^|[^\\p{L}])${escapeRegExp(name)}($|[^\\p{L}])`, 'u').test(text));
}

/**
 * What sticks out sideways: the page's scroll width against its client width, and every visible element whose box
 * passes the viewport's left or right edge, unless an ancestor clips or scrolls it (a scrolling table is fine).
 */
export async function sidewaysOverflow(page: Page): Promise<{ scrollWidth: number; clientWidth: number; elements: string[] }> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const width = root.clientWidth;
    const elements: string[] = [];
    const clippedByAncestor = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body && parent !== document.documentElement; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll('*')) {
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right <= width + 1 && box.left >= -1) continue;
      if (clippedByAncestor(element)) continue;
      const label = (element.getAttribute('aria-label') ?? (element as HTMLElement).innerText ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
      const classes = typeof element.className === 'string' ? element.className.split(/\s+/).slice(0, 4).join('.') : '';
      elements.push(`<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> "${label}" ${Math.round(box.left)}..${Math.round(box.right)}`);
    }
    return { scrollWidth: root.scrollWidth, clientWidth: width, elements };
  });
}
