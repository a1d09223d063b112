import { bestLocale, isLocale, type Locale } from '@common/locales';
import { local } from '@web/lib/storage-keys';
import type { CatalogLocale } from './i18n';

/** The language chosen in the language menu (localStorage), kept apart from web/src/lib/storage-keys.ts's list. */
export const localeStorageKey = 'cuepoint.locale';

/** The menu's choice, or `pseudo` (the browser tests' pseudo-locale, written here only by a test; never in the menu). */
export function storedLocale(): CatalogLocale | null {
  const value = local.get(localeStorageKey);
  return isLocale(value) || value === 'pseudo' ? value : null;
}

export function storeLocale(locale: Locale): void {
  local.set(localeStorageKey, locale);
}

/** The signed-in account's stored language, when the session's user carries one. */
export function accountLocale(user: unknown): Locale | null {
  const locale = user && typeof user === 'object' && 'locale' in user ? user.locale : null;
  return isLocale(locale) ? locale : null;
}

/**
 * The language a page opens in: the one chosen on this browser, else the signed-in account's, else the best match of
 * the browser's languages, else English.
 */
export function initialLocale({ user, languages }: { user?: unknown; languages?: readonly string[] } = {}): CatalogLocale {
  return storedLocale() ?? accountLocale(user) ?? bestLocale(languages ?? (typeof navigator === 'undefined' ? [] : navigator.languages));
}
