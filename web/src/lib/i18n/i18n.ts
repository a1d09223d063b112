import { i18n, type Messages } from '@lingui/core';
import { textDirection, type Locale } from '@common/locales';
import type { CatalogAreaName } from './catalog-areas';

export { i18n };

/** The locales a catalog exists for: the shipped ones and the browser tests' pseudo-locale. */
export type CatalogLocale = Locale | 'pseudo';

// English without its catalog until one is loaded: code that formats a message before the first activation (a unit
// test, a module-level helper) gets the source text instead of Lingui's "no locale" error.
i18n.loadAndActivate({ locale: 'en', messages: {} });
let loadedLocale: CatalogLocale | null = null;
let wantedLocale: CatalogLocale | null = null;
/** The catalogs (catalog-areas.ts) the pages shown so far needed; a change of language loads them all in the new one. */
const wantedAreas = new Set<CatalogAreaName>(['messages']);
/** Per locale and area (`de/pages`): the catalog fetched or being fetched, added to i18n, being added. */
const fetched = new Map<string, Promise<Messages>>();
const areaReady = new Set<string>();
const areaAdding = new Map<string, Promise<void>>();

/** One catalog, compiled from its PO file by @lingui/vite-plugin; only the chosen locale's are fetched. */
function loadArea(locale: CatalogLocale, area: CatalogAreaName): Promise<Messages> {
  const key = `${locale}/${area}`;
  let loading = fetched.get(key);
  if (!loading) {
    loading = import(`../../locales/${locale}/${area}.po`).then((module: { messages: Messages }) => module.messages);
    // A failed fetch (offline, a deploy replaced the file) is tried again next time.
    loading.catch(() => fetched.delete(key));
    fetched.set(key, loading);
  }
  return loading;
}

async function loadCatalog(locale: CatalogLocale): Promise<Messages> {
  const parts = await Promise.all([...wantedAreas].map((area) => loadArea(locale, area)));
  return Object.assign({}, ...parts) as Messages;
}

/**
 * Null when the area's messages are in the active catalog; else the promise of adding them (a page waits for it
 * before it renders: web/src/app/router.tsx), the same promise for every caller until it settles.
 */
export function catalogAreaPending(area: CatalogAreaName): Promise<void> | null {
  const locale = loadedLocale;
  if (!locale || (wantedAreas.has(area) && areaReady.has(`${locale}/${area}`))) return null;
  wantedAreas.add(area);
  const key = `${locale}/${area}`;
  let adding = areaAdding.get(key);
  if (!adding) {
    adding = loadArea(locale, area).then((messages) => {
      areaAdding.delete(key);
      if (loadedLocale !== locale) return;
      // Lingui's load tells its provider the catalog changed.
      i18n.load(locale, messages);
      areaReady.add(key);
    });
    adding.catch(() => areaAdding.delete(key));
    areaAdding.set(key, adding);
  }
  return adding;
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
    for (const area of wantedAreas) areaReady.add(`${locale}/${area}`);
  }
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale === 'pseudo' ? 'en' : locale;
    document.documentElement.dir = locale === 'pseudo' ? 'ltr' : textDirection(locale);
  }
  return true;
}
