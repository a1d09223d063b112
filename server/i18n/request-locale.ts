import { acceptedLanguages, bestLocale, isLocale, type Locale } from '@common/locales';

/**
 * The language a caller is answered in: the account's stored choice (users.setLocale), else the best match of the
 * request's `Accept-Language` (English when nothing matches).
 */
export function requestLocale(accountLocale: string | null | undefined, acceptLanguage: string | string[] | undefined): Locale {
  if (isLocale(accountLocale)) return accountLocale;
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  return bestLocale(acceptedLanguages(header));
}
