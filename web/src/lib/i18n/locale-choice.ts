import { bestLocale, isLocale, type Locale } from '@common/locales';
import { local } from '@web/lib/storage-keys';

/** The language chosen in the language menu (localStorage), kept apart from web/src/lib/storage-keys.ts's list. */
export const localeStorageKey = 'cuepoint.locale';

export function storedLocale(): Locale | null {
  const value = local.get(localeStorageKey);
  return isLocale(value) ? value : null;
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
export function initialLocale({ user, languages }: { user?: unknown; languages?: readonly string[] } = {}): Locale {
  return storedLocale() ?? accountLocale(user) ?? bestLocale(languages ?? (typeof navigator === 'undefined' ? [] : navigator.languages));
}
