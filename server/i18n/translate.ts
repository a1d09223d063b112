import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { sourceLocale, supportedLocales, type Locale } from '@common/locales';
import { projectPath } from '@common/node/project-paths';
import { parsePo } from './po';

/** Where the server's catalogs live: one PO file per locale, msgid = the exact English text (ICU MessageFormat). */
export const serverCatalogFolder = projectPath('server', 'i18n', 'locales');

export const translatedLocales = supportedLocales.filter((locale) => locale !== sourceLocale);

export type MessageValues = Record<string, string | number>;

/** An English template with placeholders (`{reason}`), to recognise its English rendering and recover the values. */
interface Template {
  id: string;
  pattern: RegExp;
  names: string[];
  /** Characters of fixed text: the most specific template is tried first. */
  literalLength: number;
}

export interface ServerCatalogs {
  /** Translated messages of each locale (English: none; its texts are the ids). */
  translations: ReadonlyMap<Locale, ReadonlyMap<string, string>>;
  i18n: ReadonlyMap<Locale, I18n>;
  templates: readonly Template[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A template of plain placeholders only (no plural or select: their English rendering cannot be read back). */
function templateOf(id: string, compiled: CompiledMessage): Template | null {
  const names: string[] = [];
  let source = '';
  let literalLength = 0;
  for (const token of compiled) {
    if (typeof token === 'string') {
      source += escapeRegExp(token);
      literalLength += token.length;
    } else if (token.length === 1) {
      names.push(token[0]);
      source += '(.+?)';
    } else {
      return null;
    }
  }
  if (!names.length) return null;
  return { id, pattern: new RegExp(`^${source}$`, 's'), names, literalLength };
}

/** A catalog's text; none when its file is missing (that locale is then answered in English, never with a failure). */
export function catalogText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

/**
 * Reads and compiles every shipped locale's catalog in `folder` (untranslated and fuzzy entries are left out; a
 * `same-as-source` entry is translated, by its English text when its msgstr is empty).
 */
export function loadServerCatalogs(folder: string = serverCatalogFolder): ServerCatalogs {
  const translations = new Map<Locale, Map<string, string>>();
  const i18n = new Map<Locale, I18n>();
  const ids = new Set<string>();
  const fillOnly = new Set<string>();
  for (const locale of translatedLocales) {
    const messages = new Map<string, string>();
    for (const entry of parsePo(catalogText(join(folder, `${locale}.po`)))) {
      ids.add(entry.msgid);
      if (entry.fillOnly) fillOnly.add(entry.msgid);
      if (entry.fuzzy) continue;
      if (entry.msgstr !== '') messages.set(entry.msgid, entry.msgstr);
      else if (entry.sameAsSource) messages.set(entry.msgid, entry.msgid);
    }
    translations.set(locale, messages);
    const compiled = Object.fromEntries([...messages].map(([id, message]) => [id, compileMessage(message)]));
    i18n.set(locale, setupI18n({ locale, messages: { [locale]: compiled } }).setMessagesCompiler(compileMessage));
  }
  const english = Object.fromEntries([...ids].map((id) => [id, compileMessage(id)]));
  i18n.set(sourceLocale, setupI18n({ locale: sourceLocale, messages: { [sourceLocale]: english } }).setMessagesCompiler(compileMessage));
  const templates = Object.entries(english)
    .filter(([id]) => !fillOnly.has(id))
    .map(([id, compiled]) => templateOf(id, compiled))
    .filter((template): template is Template => template !== null)
    .sort((a, b) => b.literalLength - a.literalLength);
  return { translations, i18n, templates };
}

let loaded: ServerCatalogs | undefined;

/** The catalogs, read once (the first translation reads them; they never change while the server runs). */
function catalogs(): ServerCatalogs {
  loaded ??= loadServerCatalogs();
  return loaded;
}

/** Formats message `id` in `locale` with `values`: the translation when there is one, else the English text. */
function format(from: ServerCatalogs, locale: Locale, id: string, values: MessageValues): string {
  const translated = from.translations.get(locale)?.has(id);
  return from.i18n.get(translated ? locale : sourceLocale)!._(id, values);
}

/**
 * `english` in `locale`. With `values`, `english` is an ICU template (a message constant) and the values fill it. Without,
 * `english` is a text as the server answers it in English: a catalog message, or the English rendering of a template
 * (`The bot check call failed: timeout`), whose values are read back from it. English, and texts no catalog knows,
 * come back exactly as given.
 */
export function translate(locale: Locale, english: string, values?: MessageValues, from: ServerCatalogs = catalogs()): string {
  if (values) return format(from, locale, english, values);
  if (locale === sourceLocale) return english;
  const translation = from.translations.get(locale);
  if (!translation) return english;
  if (translation.has(english)) return format(from, locale, english, {});
  for (const template of from.templates) {
    const match = template.pattern.exec(english);
    if (!match || !translation.has(template.id)) continue;
    return format(from, locale, template.id, Object.fromEntries(template.names.map((name, index) => [name, match[index + 1]!])));
  }
  return english;
}
