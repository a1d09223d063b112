import { i18n, type Messages } from '@lingui/core';
import { textDirection, type Locale } from '@common/locales';

export { i18n };

/** The locales a catalog exists for: the shipped ones and the browser tests' pseudo-locale. */
export type CatalogLocale = Locale | 'pseudo';

// English without its catalog until one is loaded: code that formats a message before the first activation (a unit
// test, a module-level helper) gets the source text instead of Lingui's "no locale" error.
i18n.loadAndActivate({ locale: 'en', messages: {} });
let loadedLocale: CatalogLocale | null = null;
let wantedLocale: CatalogLocale | null = null;

/** Each locale's catalog, compiled from its PO file by @lingui/vite-plugin; only the one asked for is fetched. */
async function loadCatalog(locale: CatalogLocale): Promise<Messages> {
  const { messages } = (await import(`../../locales/${locale}/messages.po`)) as { messages: Messages };
  return messages;
}

/**
 * Loads the locale's catalog, then makes it the active one; the page's `<html lang>` and `dir` follow. A locale
 * activated already is not fetched again. When another locale was asked for while this catalog loaded, the later
 * choice wins: this one is not applied and the answer is false.
 */
export async function activateLocale(locale: CatalogLocale): Promise<boolean> {
  wantedLocale = locale;
  if (loadedLocale !== locale) {
    const messages = await loadCatalog(locale);
    if (wantedLocale !== locale) return false;
    i18n.loadAndActivate({ locale, messages });
    loadedLocale = locale;
  }
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale === 'pseudo' ? 'en' : locale;
    document.documentElement.dir = locale === 'pseudo' ? 'ltr' : textDirection(locale);
  }
  return true;
}
