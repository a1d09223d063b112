import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Locale } from '@common/locales';
import { login, saveScreenshot, seededLogins, useBrowserApp } from './harness';

/** What each locale's catalog says on the sign-in pages (web/src/locales/{locale}/messages.po). */
const catalogTexts: Record<Exclude<Locale, 'en'>, { signIn: string; register: string; language: string; userName: string }> = {
  de: { signIn: 'Anmelden', register: 'KONTO ERSTELLEN', language: 'Sprache', userName: 'E-Mail oder Benutzername' },
  es: { signIn: 'Iniciar sesión', register: 'CREAR UNA CUENTA', language: 'Idioma', userName: 'Correo electrónico o nombre de usuario' },
  fr: { signIn: 'Connexion', register: 'CRÉER UN COMPTE', language: 'Langue', userName: 'E-mail ou nom d’utilisateur' },
  'pt-BR': { signIn: 'Entrar', register: 'CRIAR UMA CONTA', language: 'Idioma', userName: 'E-mail ou nome de usuário' },
  ar: { signIn: 'تسجيل الدخول', register: 'إنشاء حساب جديد', language: 'اللغة', userName: 'البريد الإلكتروني أو اسم المستخدم' },
};

async function pageIn(browser: Browser, baseURL: string, locale: string, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ baseURL, locale, viewport });
  return { context, page: await context.newPage() };
}

const htmlLanguage = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
const heading = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();

describe('the sign-in pages in the browser’s language (issue 34)', () => {
  const fixture = useBrowserApp();

  for (const [locale, texts] of Object.entries(catalogTexts)) {
    it(`${locale}: /login and /register come from the ${locale} catalog, <html lang> and dir follow`, async () => {
      const { context, page } = await pageIn(fixture.browser, fixture.running.url, locale);
      await page.goto('/login');
      await page.getByLabel(texts.userName).waitFor();
      expect(await heading(page)).toBe(texts.signIn);
      expect(await page.getByRole('button', { name: texts.signIn, exact: true }).count()).toBe(1);
      expect(await htmlLanguage(page)).toEqual({ lang: locale, dir: locale === 'ar' ? 'rtl' : 'ltr' });
      expect(await page.getByLabel(texts.language).inputValue()).toBe(locale);
      await page.goto('/register');
      await page.getByRole('heading', { level: 1, name: texts.register }).waitFor();
      expect(await htmlLanguage(page)).toEqual({ lang: locale, dir: locale === 'ar' ? 'rtl' : 'ltr' });
      await saveScreenshot(page, `languages-register-${locale}`);
      await context.close();
    });
  }

  it('German: the whole login form and its links read German', async () => {
    const { context, page } = await pageIn(fixture.browser, fixture.running.url, 'de-AT');
    await page.goto('/login');
    await page.getByLabel('Passwort', { exact: true }).waitFor();
    const text = await page.locator('main').innerText();
    for (const german of ['Passwort vergessen?', 'Noch kein Konto?', 'Registrieren', 'Unsere Tarife und Preise ansehen', 'Datenschutzerklärung', 'Allgemeine Geschäftsbedingungen']) {
      expect(text).toContain(german);
    }
    for (const english of ['Forgot password?', 'Don’t have an account?', "Don't have an account?", 'See our plans and pricing', 'Privacy Policy']) expect(text).not.toContain(english);
    expect(await page.locator('aside').innerText()).toContain('Deine Inhalte. Deine Welt.');
    await context.close();
  });

  it('Arabic: the register page reads Arabic, right to left, with no sideways scroll at 390 px', async () => {
    const { context, page } = await pageIn(fixture.browser, fixture.running.url, 'ar-EG', { width: 390, height: 844 });
    for (const path of ['/login', '/register']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await htmlLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(widths.scroll, path).toBeLessThanOrEqual(widths.client);
    }
    expect(await page.getByLabel('الاسم الأول').count()).toBe(1);
    expect(await page.getByLabel('كلمة المرور', { exact: true }).count()).toBe(1);
    expect(await page.locator('aside').innerText()).toContain('محتواك. عالمك.');
    await saveScreenshot(page, 'languages-register-ar-390');
    await context.close();
  });

  it('choosing Français in the language menu switches at once, without a reload, and survives one', async () => {
    const { context, page } = await pageIn(fixture.browser, fixture.running.url, 'de');
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Anmelden' }).waitFor();
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.getByLabel('Sprache').selectOption({ label: 'Français' });
    await page.getByRole('heading', { level: 1, name: 'Connexion' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(await htmlLanguage(page)).toEqual({ lang: 'fr', dir: 'ltr' });
    expect(await page.getByLabel('E-mail ou nom d’utilisateur').count()).toBe(1);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Connexion' }).waitFor();
    expect(await page.getByLabel('Langue').inputValue()).toBe('fr');
    expect(await htmlLanguage(page)).toEqual({ lang: 'fr', dir: 'ltr' });
    // Back to Arabic: the layout turns right to left at once.
    await page.getByLabel('Langue').selectOption({ label: 'العربية' });
    await page.getByRole('heading', { level: 1, name: 'تسجيل الدخول' }).waitFor();
    expect(await htmlLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await context.close();
  });

  it('signed in: the user menu switches the dashboard at once, and the account keeps the language on another device', async () => {
    const { admin } = seededLogins;
    const first = await pageIn(fixture.browser, fixture.running.url, 'en-US');
    await login(first.page, admin.email, admin.password);
    await first.page.getByRole('link', { name: 'Calendar' }).first().waitFor();
    await first.page.getByRole('button', { name: 'User menu' }).click();
    await first.page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
    await first.page.getByRole('link', { name: 'Kalender' }).first().waitFor();
    expect(await first.page.getByRole('link', { name: 'Live gehen' }).count()).toBeGreaterThan(0);
    expect(await htmlLanguage(first.page)).toEqual({ lang: 'de', dir: 'ltr' });
    await first.context.close();

    // A browser that never chose: English until the account is known, then the account's language.
    const second = await pageIn(fixture.browser, fixture.running.url, 'en-US');
    await login(second.page, admin.email, admin.password);
    await second.page.getByRole('link', { name: 'Kalender' }).first().waitFor();
    expect(await htmlLanguage(second.page)).toEqual({ lang: 'de', dir: 'ltr' });
    await second.page.getByRole('button', { name: 'Benutzermenü' }).click();
    await second.page.getByRole('menuitemradio', { name: 'English' }).click();
    await second.page.getByRole('link', { name: 'Calendar' }).first().waitFor();
    await second.context.close();
  });

  it('a browser in a language Cuepoint does not ship gets English', async () => {
    const { context, page } = await pageIn(fixture.browser, fixture.running.url, 'ja-JP');
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await htmlLanguage(page)).toEqual({ lang: 'en', dir: 'ltr' });
    expect(await page.getByLabel('Language').inputValue()).toBe('en');
    await context.close();
  });

  it('every public page has the language menu under it: a guest switches a creator page to German at once, and it stays', async () => {
    const { context, page } = await pageIn(fixture.browser, fixture.running.url, 'en-US');
    for (const path of ['/c/mara_quill', '/privacy-policy', '/pages/errors/error-404']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.getByTestId('page-language').getByLabel('Language').inputValue(), path).toBe('en');
    }
    await page.goto('/c/mara_quill');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const loads = await page.evaluate(() => performance.getEntriesByType('navigation').length);
    await page.getByTestId('page-language').getByLabel('Language').selectOption('de');
    await page.getByTestId('page-language').getByLabel('Sprache').waitFor();
    expect(await htmlLanguage(page)).toEqual({ lang: 'de', dir: 'ltr' });
    // No reload: the same document, its navigation entry unchanged; the choice is stored for the next page.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loads);
    expect(await page.evaluate(() => localStorage.getItem('cuepoint.locale'))).toBe('de');
    await page.goto('/privacy-policy');
    await page.getByTestId('page-language').getByLabel('Sprache').waitFor();
    // The sign-in pages carry the menu in their card, and nothing else does.
    await page.goto('/login');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByLabel('Sprache').count()).toBe(1);
    await context.close();
  });
});
