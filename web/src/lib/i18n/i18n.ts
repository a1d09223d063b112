import { i18n, type Messages } from '@lingui/core';
import { textDirection, type Locale } from '@common/locales';
import { catalogAreas } from './catalog-areas';

export { i18n };

/** The locales a catalog exists for: the shipped ones and the browser tests' pseudo-locale. */
export type CatalogLocale = Locale | 'pseudo';

// English without its catalog until one is loaded: code that formats a message before the first activation (a unit
// test, a module-level helper) gets the source text instead of Lingui's "no locale" error.
i18n.loadAndActivate({ locale: 'en', messages: {} });
let loadedLocale: CatalogLocale | null = null;
let wantedLocale: CatalogLocale | null = null;

/**
 * A build's chunks register their own catalogs here (web/vite-chunk-catalogs.ts): `chunks` lists each registered
 * chunk's catalog address without its `.{locale}.json`; `load`, set once a locale is active, adds a chunk loaded
 * later to the active catalog (the chunk waits for it before its code runs).
 */
interface ChunkCatalogs {
  chunks: string[];
  load?: (chunk: string) => Promise<void>;
}

declare global {
  var __cuepointMessages: ChunkCatalogs | undefined;
}

/** Per locale and chunk (`{chunk}.de.json`): the catalog fetched or being fetched. */
const fetched = new Map<string, Promise<Messages>>();

function fetchOnce(key: string, load: () => Promise<Messages>): Promise<Messages> {
  let loading = fetched.get(key);
  if (!loading) {
    loading = load();
    // A failed fetch (offline, a deploy replaced the file) is tried again next time.
    loading.catch(() => fetched.delete(key));
    fetched.set(key, loading);
  }
  return loading;
}

function chunkCatalog(chunk: string, locale: CatalogLocale): Promise<Messages> {
  const url = `${chunk}.${locale}.json`;
  return fetchOnce(url, async () => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`The ${locale} messages did not load (${response.status})`);
    return (await response.json()) as Messages;
  });
}

/** The dev server and the unit tests: every PO catalog of the locale, compiled by @lingui/vite-plugin. */
function wholeCatalog(locale: CatalogLocale): Promise<Messages> {
  return fetchOnce(locale, async () => {
    const parts = await Promise.all(catalogAreas.map(({ name }) => import(`../../locales/${locale}/${name}.po`) as Promise<{ messages: Messages }>));
    return Object.assign({}, ...parts.map((part) => part.messages)) as Messages;
  });
}

const builtChunks: ChunkCatalogs | null = import.meta.env.PROD ? (globalThis.__cuepointMessages ??= { chunks: [] }) : null;

/** The locale's messages of every chunk registered so far (a chunk registering meanwhile is fetched too). */
async function loadCatalog(locale: CatalogLocale): Promise<Messages> {
  if (!import.meta.env.PROD) return wholeCatalog(locale);
  const registered = builtChunks!.chunks;
  let chunks: string[];
  let parts: Messages[];
  do {
    chunks = [...registered];
    parts = await Promise.all(chunks.map((chunk) => chunkCatalog(chunk, locale)));
  } while (chunks.length !== registered.length);
  return Object.assign({}, ...parts) as Messages;
}

function loadLaterChunks(chunks: ChunkCatalogs): void {
  chunks.load = async (chunk) => {
    const locale = loadedLocale;
    if (!locale) return;
    const messages = await chunkCatalog(chunk, locale);
    // Lingui's load tells its provider the catalog changed.
    if (loadedLocale === locale) i18n.load(locale, messages);
  };
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
    if (builtChunks && !builtChunks.load) loadLaterChunks(builtChunks);
  }
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale === 'pseudo' ? 'en' : locale;
    document.documentElement.dir = locale === 'pseudo' ? 'ltr' : textDirection(locale);
  }
  return true;
}
