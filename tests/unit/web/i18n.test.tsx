import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { msg, plural } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { getQueryKey } from '@trpc/react-query';
import { Router } from 'wouter';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import LoginPage from '@web/features/auth/login-page';
import { activateLocale, i18n } from '@web/lib/i18n/i18n';
import { formatMoney, formatNumber } from '@web/lib/i18n/format';
import { sessionTrpc, trpc } from '@web/lib/trpc';

const page = { documentElement: { lang: '', dir: '' } };
beforeAll(() => vi.stubGlobal('document', page));
afterAll(() => vi.unstubAllGlobals());

/** The admin menu's badge description: an ICU plural from the catalogs (web/src/features/shell/nav-list.tsx). */
const waiting = (count: number) => plural(count, { one: '# waiting for activation', other: '# waiting for activation' });

/** The login page as a guest first sees it (the plans query answered), in the active language. */
function renderLoginPage(): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(getQueryKey(trpc.billing.products, undefined, 'query'), []);
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <trpc.Provider client={sessionTrpc} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <Router ssrPath="/login" ssrSearch="">
            <LoginPage />
          </Router>
        </QueryClientProvider>
      </trpc.Provider>
    </I18nProvider>,
  );
}

describe('the web app in the reader’s language (issue 34)', () => {
  it('English: the spec’s texts, left to right', async () => {
    await activateLocale('en');
    expect(page.documentElement).toEqual({ lang: 'en', dir: 'ltr' });
    const html = renderLoginPage();
    expect(html).toContain('>Sign in</h1>');
    expect(html).toContain('Email or username');
    expect(html).toContain('Forgot password?');
    expect(html).toContain('Don&#x27;t have an account? <a href="/register"');
    expect(waiting(1)).toBe('1 waiting for activation');
  });

  it('German: the login page comes from the German catalog, nothing of it left in English', async () => {
    await activateLocale('de');
    expect(page.documentElement).toEqual({ lang: 'de', dir: 'ltr' });
    const html = renderLoginPage();
    expect(html).toContain('>Anmelden</h1>');
    expect(html).toContain('E-Mail oder Benutzername');
    expect(html).toContain('Passwort');
    expect(html).toContain('Passwort vergessen?');
    expect(html).toMatch(/Noch kein Konto\? <a href="\/register"[^>]*>Registrieren<\/a>/);
    expect(html).toContain('Unsere Tarife und Preise ansehen');
    expect(html).toContain('Datenschutzerklärung');
    expect(html).toMatch(/<label for="[^"]+" class="sr-only">Sprache<\/label><select/);
    for (const english of ['>Sign in<', 'Email or username', 'Forgot password?', 'have an account', 'Privacy Policy', 'See our plans']) expect(html).not.toContain(english);
    expect(waiting(1)).toBe('1 wartet auf Freischaltung');
    expect(waiting(3)).toBe('3 warten auf Freischaltung');
    expect(formatMoney(1250)).toBe('12,50\u00a0$');
  });

  it('Arabic: right to left, and an ICU plural renders all six of its categories', async () => {
    await activateLocale('ar');
    expect(page.documentElement).toEqual({ lang: 'ar', dir: 'rtl' });
    const n = (value: number) => formatNumber(value);
    expect([0, 1, 2, 3, 11, 100].map(waiting)).toEqual([
      'لا أحد بانتظار التفعيل', // zero
      'حساب واحد بانتظار التفعيل', // one
      'حسابان بانتظار التفعيل', // two
      `${n(3)} حسابات بانتظار التفعيل`, // few (3-10)
      `${n(11)} حسابًا بانتظار التفعيل`, // many (11-99)
      `${n(100)} حساب بانتظار التفعيل`, // other
    ]);
    expect(new Set([0, 1, 2, 3, 11, 100].map((count) => new Intl.PluralRules('ar').select(count)))).toEqual(new Set(['zero', 'one', 'two', 'few', 'many', 'other']));
  });

  it('the pseudo-locale (for the browser tests) wraps and lengthens every catalog message (Lingui adds accents), left to right', async () => {
    await activateLocale('pseudo');
    expect(page.documentElement).toEqual({ lang: 'en', dir: 'ltr' });
    const text = i18n._(msg`Forgot password?`);
    expect(text).toMatch(/^⟦.+~+⟧$/);
    expect(text.length).toBeGreaterThan('⟦Forgot password?⟧'.length + 4);
    await activateLocale('en');
  });

  it('two quick choices: the later one wins even when the earlier catalog arrives last', async () => {
    const spanish = activateLocale('es'); // its catalog still has to load
    const english = activateLocale('en'); // loaded already: applied at once
    expect(await Promise.all([spanish, english])).toEqual([false, true]);
    expect(i18n.locale).toBe('en');
    expect(page.documentElement).toEqual({ lang: 'en', dir: 'ltr' });
  });
});
