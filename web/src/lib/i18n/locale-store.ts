import { create } from 'zustand';
import type { Locale } from '@common/locales';
import { useSession } from '@web/lib/session-store';
import { sessionTrpc } from '@web/lib/trpc';
import { activateLocale, type CatalogLocale } from './i18n';
import { accountLocale, initialLocale, storedLocale, storeLocale } from './locale-choice';

interface LocaleState {
  locale: Locale;
  /** Switches the page at once (no reload), remembers the choice here and, signed in, on the account. */
  chooseLocale(locale: Locale): Promise<void>;
}

export const useLocale = create<LocaleState>()((set) => ({
  locale: 'en',
  chooseLocale: async (locale) => {
    // A catalog that cannot load (offline) leaves the page in the language it is in.
    if (!(await activateLocale(locale).catch(() => false))) return;
    storeLocale(locale);
    set({ locale });
    if (!useSession.getState().token) return;
    // The account keeps it for every device; if the server refuses, this browser still keeps the choice.
    await sessionTrpc.users.setLocale.mutate({ locale }).catch(() => undefined);
  },
}));

/**
 * Activates the language the page opens in, before the first render (so no English flash), and afterwards follows
 * the signed-in account's stored language when this browser has no choice of its own.
 */
export async function startLocale(): Promise<CatalogLocale> {
  let locale: CatalogLocale = initialLocale({ user: useSession.getState().user });
  // A catalog that fails to load (a deploy replaced its file) leaves the page in English rather than blank.
  await activateLocale(locale).catch(() => activateLocale((locale = 'en')));
  useLocale.setState({ locale: locale === 'pseudo' ? 'en' : locale });
  useSession.subscribe((state, previous) => {
    if (state.user === previous.user || storedLocale()) return;
    const fromAccount = accountLocale(state.user);
    if (fromAccount && fromAccount !== useLocale.getState().locale) {
      void activateLocale(fromAccount).then((applied) => applied && useLocale.setState({ locale: fromAccount }));
    }
  });
  return locale;
}
