/**
 * The languages Cuepoint ships, in the order the language menu lists them. English is the source language: the
 * spec's texts are English, every other catalog translates them. A locale is added here and by its catalogs
 * (docs/translating.md).
 */
export const supportedLocales = ['en', 'de', 'es', 'fr', 'pt-BR', 'ar'] as const;

export type Locale = (typeof supportedLocales)[number];

export const sourceLocale: Locale = 'en';

/** Each language named in itself, as the language menu shows it. */
export const localeNames: Readonly<Record<Locale, string>> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  'pt-BR': 'Português (Brasil)',
  ar: 'العربية',
};

const rightToLeft: ReadonlySet<Locale> = new Set<Locale>(['ar']);

export function textDirection(locale: Locale): 'ltr' | 'rtl' {
  return rightToLeft.has(locale) ? 'rtl' : 'ltr';
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (supportedLocales as readonly string[]).includes(value);
}

/** The language tags of an `Accept-Language` header, most wanted first (`q=0` dropped, ties kept in header order). */
export function acceptedLanguages(header: string | undefined | null): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const quality = parameters.map((parameter) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(parameter)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), quality: quality === undefined ? 1 : Number(quality), index };
    })
    .filter(({ tag, quality }) => tag !== '' && tag !== '*' && Number.isFinite(quality) && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ tag }) => tag);
}

/**
 * The shipped locale that best serves a reader whose preferences are `wanted` (browser order, most wanted first):
 * the first preference with an exact match, else the first whose language matches (`de-AT` → `de`, `pt-PT` → `pt-BR`,
 * `ar-EG` → `ar`), else English.
 */
export function bestLocale(wanted: readonly string[]): Locale {
  for (const tag of wanted) {
    const exact = supportedLocales.find((locale) => locale.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const language = tag.split('-')[0]!.toLowerCase();
    const sameLanguage = supportedLocales.find((locale) => locale.split('-')[0]!.toLowerCase() === language);
    if (sameLanguage) return sameLanguage;
  }
  return sourceLocale;
}
