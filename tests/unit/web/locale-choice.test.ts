import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { setLocale, storage } = vi.hoisted(() => {
  const values = new Map<string, string>();
  const storage = {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    clear: () => values.clear(),
  };
  return { setLocale: { mutate: vi.fn<(input: { locale: string }) => Promise<unknown>>() }, storage };
});
vi.stubGlobal('window', { localStorage: storage, sessionStorage: storage });
vi.mock('@web/lib/trpc', () => ({ sessionTrpc: { users: { setLocale } } }));

const { initialLocale, localeStorageKey } = await import('@web/lib/i18n/locale-choice');
const { useLocale } = await import('@web/lib/i18n/locale-store');
const { useSession } = await import('@web/lib/session-store');
const { i18n } = await import('@web/lib/i18n/i18n');

beforeEach(() => {
  storage.clear();
  setLocale.mutate.mockReset();
  useSession.setState({ token: null, user: null });
});
afterEach(() => vi.clearAllMocks());

describe('which language a page opens in', () => {
  it('the browser’s languages, best match first, else English', () => {
    expect(initialLocale({ languages: ['de-AT', 'en'] })).toBe('de');
    expect(initialLocale({ languages: ['ja', 'pt-PT'] })).toBe('pt-BR');
    expect(initialLocale({ languages: ['ja', 'zh'] })).toBe('en');
  });

  it('the signed-in account’s stored language beats the browser’s', () => {
    expect(initialLocale({ user: { locale: 'ar' }, languages: ['de'] })).toBe('ar');
    expect(initialLocale({ user: { locale: null }, languages: ['de'] })).toBe('de');
  });

  it('a choice made on this browser beats both; a stored value that is no shipped locale is ignored', () => {
    storage.setItem(localeStorageKey, 'fr');
    expect(initialLocale({ user: { locale: 'ar' }, languages: ['de'] })).toBe('fr');
    storage.setItem(localeStorageKey, 'klingon');
    expect(initialLocale({ user: { locale: 'ar' }, languages: ['de'] })).toBe('ar');
  });

  it('the pseudo-locale only when a browser test stored it (never from the account or the browser)', () => {
    storage.setItem(localeStorageKey, 'pseudo');
    expect(initialLocale({ user: { locale: 'ar' }, languages: ['de'] })).toBe('pseudo');
    storage.removeItem(localeStorageKey);
    expect(initialLocale({ user: { locale: 'pseudo' }, languages: ['pseudo'] })).toBe('en');
  });
});

describe('choosing a language', () => {
  it('a guest: applied at once and remembered on this browser, nothing sent to the server', async () => {
    await useLocale.getState().chooseLocale('es');
    expect(i18n.locale).toBe('es');
    expect(useLocale.getState().locale).toBe('es');
    expect(storage.getItem(localeStorageKey)).toBe('es');
    expect(setLocale.mutate).not.toHaveBeenCalled();
  });

  it('signed in: also stored on the account with users.setLocale', async () => {
    useSession.setState({ token: 'a-token' });
    setLocale.mutate.mockResolvedValue({ locale: 'de' });
    await useLocale.getState().chooseLocale('de');
    expect(setLocale.mutate).toHaveBeenCalledWith({ locale: 'de' });
    expect(i18n.locale).toBe('de');
  });

  it('signed in and the server refuses: the page keeps the choice, here and after a reload', async () => {
    useSession.setState({ token: 'a-token' });
    setLocale.mutate.mockRejectedValue(new Error('Service Unavailable'));
    await expect(useLocale.getState().chooseLocale('pt-BR')).resolves.toBeUndefined();
    expect(useLocale.getState().locale).toBe('pt-BR');
    expect(i18n.locale).toBe('pt-BR');
    expect(initialLocale({ user: { locale: 'en' }, languages: ['en'] })).toBe('pt-BR');
  });
});
