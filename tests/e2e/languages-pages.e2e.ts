import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatter } from '@lingui/format-po';
import { firstRow } from '@db/store';
import { events } from '@db/schema/events';
import { podcastEpisodes } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { catalogAreas } from '@web/lib/i18n/catalog-areas';
import { saveScreenshot, seededLogins, useBrowserApp, type RunningApp } from './harness';

/**
 * The main pages in German and Arabic (issue 34): no phrase of the product's English catalog is left on them, `<html
 * lang>`/`dir` follow, dates are not English, and Arabic fits 390 px. The English phrases come from the catalogs
 * themselves: every message of two words or more whose German translation differs from it (brand names and other
 * rightly identical texts are flagged `same-as-source` and left out).
 */
const { mara } = seededLogins;

async function englishOnlyPhrases(): Promise<string[]> {
  const phrases = new Set<string>();
  for (const { name } of catalogAreas) {
    const file = join(process.cwd(), 'web', 'src', 'locales', 'de', `${name}.po`);
    const catalog = (await formatter().parse(readFileSync(file, 'utf8'), { locale: 'de', sourceLocale: 'en', filename: file })) as Record<
      string,
      { message?: string; translation?: string; extra?: { flags?: string[] } }
    >;
    for (const entry of Object.values(catalog)) {
      const source = entry.message ?? '';
      if (!source || /[{}<>]/.test(source) || entry.extra?.flags?.includes('same-as-source')) continue;
      if (source.trim().split(/\s+/).length < 2 || entry.translation === source) continue;
      phrases.add(source.trim());
    }
  }
  return [...phrases];
}

async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}

async function signedInPage(browser: Browser, running: RunningApp, locale: string, viewport = { width: 1280, height: 800 }) {
  const response = await fetch(`${running.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: mara.email, password: mara.password }),
  });
  const { token } = (await response.json()) as { token: string };
  const context = await browser.newContext({ baseURL: running.url, locale, viewport });
  await context.addInitScript((value) => window.localStorage.setItem('cuepoint.token', value), token);
  return { context, page: await context.newPage() };
}

async function guestPage(browser: Browser, running: RunningApp, locale: string, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ baseURL: running.url, locale, viewport });
  return { context, page: await context.newPage() };
}

async function seededPaths(running: RunningApp) {
  const { db } = running.app.services;
  const maraRow = (await firstRow(db.select().from(users).where(eq(users.email, mara.email))))!;
  const premium = (await firstRow(db.select().from(events).where(eq(events.userId, maraRow.id))))!;
  const episode = (await firstRow(db.select().from(podcastEpisodes).where(eq(podcastEpisodes.userId, maraRow.id))))!;
  return { eventPage: `/events/${maraRow.creatorTag}/${premium.id}`, creatorEvents: `/events/${maraRow.creatorTag}`, episodePage: `/video/${episode.id}` };
}

async function expectNoEnglish(page: Page, path: string, phrases: readonly string[], locale: string) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  const text = await visibleText(page);
  const left = phrases.filter((phrase) => new RegExp(`(^|[^\\p{L}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(text));
  expect(left, `English left on ${path} in ${locale}`).toEqual([]);
  expect(await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }))).toEqual({ lang: locale, dir: locale === 'ar' ? 'rtl' : 'ltr' });
}

describe('the main pages in German and Arabic (issue 34)', () => {
  const fixture = useBrowserApp();

  for (const locale of ['de', 'ar']) {
    it(`${locale}: the creator's calendar, Go live, earnings and members pages carry no English`, async () => {
      const phrases = await englishOnlyPhrases();
      const { context, page } = await signedInPage(fixture.browser, fixture.running, locale);
      for (const path of ['/apps/calendar', '/apps/live', '/apps/earnings', '/apps/members']) await expectNoEnglish(page, path, phrases, locale);
      // Dates in the reader's language: the calendar's title names this month as Intl does in that language.
      await page.goto('/apps/calendar');
      const month = new Intl.DateTimeFormat(locale, { month: 'long' }).format(new Date());
      await page.getByText(month, { exact: false }).first().waitFor();
      await saveScreenshot(page, `languages-members-${locale}`);
      await context.close();
    });

    it(`${locale}: a guest's event page (chat, paywall), the creator's events and an episode page carry no English`, async () => {
      const phrases = await englishOnlyPhrases();
      const paths = await seededPaths(fixture.running);
      const viewport = locale === 'ar' ? { width: 390, height: 844 } : { width: 1280, height: 800 };
      const { context, page } = await guestPage(fixture.browser, fixture.running, locale, viewport);
      for (const path of [paths.creatorEvents, paths.eventPage, paths.episodePage, '/c/mara_quill']) {
        await expectNoEnglish(page, path, phrases, locale);
        if (locale === 'ar') expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      }
      await saveScreenshot(page, `languages-episode-${locale}`);
      await context.close();
    });
  }

  it('pseudo-locale: every button, label, placeholder, table header and menu link of the main pages comes from a catalog', async () => {
    const { context, page } = await signedInPage(fixture.browser, fixture.running, 'en-US');
    await context.addInitScript(() => window.localStorage.setItem('cuepoint.locale', 'pseudo'));
    // The creator's own words (event names) are data, not messages.
    const { db } = fixture.running.app.services;
    const maraRow = (await firstRow(db.select().from(users).where(eq(users.email, mara.email))))!;
    const eventNames = (await db.select({ name: events.name }).from(events).where(eq(events.userId, maraRow.id))).map(({ name }) => name);
    const outside: string[] = [];
    for (const path of ['/apps/calendar', '/apps/live', '/apps/earnings', '/apps/members']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const texts = await page.evaluate(() => {
        const shown = (element: Element) => (element as HTMLElement).offsetParent !== null || element.getClientRects().length > 0;
        const found: string[] = [];
        for (const element of document.querySelectorAll('button, label, th, nav a, [role=menuitem], [role=tab]')) {
          // The calendar grid's day names and events are dates (Intl) and the creator's data, not messages.
          if (shown(element) && !element.closest('.fc')) found.push((element as HTMLElement).innerText.trim());
        }
        for (const element of document.querySelectorAll('input[placeholder], textarea[placeholder]')) found.push(element.getAttribute('placeholder')!.trim());
        return found;
      });
      // Letters outside ⟦ ⟧ are text no catalog gave (numbers, symbols and the account's own name are left out).
      for (const text of texts) {
        // Month-and-year chart labels are dates (Intl), not messages.
        let bare = text.replace(/⟦[^⟧]*⟧/g, '').replace(/Mara Quill|Cuepoint/g, '').replace(/^\p{L}{3,9} \d{4}$/u, '');
        for (const name of eventNames) bare = bare.split(name).join('');
        if (/\p{L}{2,}/u.test(bare)) outside.push(`${path}: ${text}`);
      }
    }
    await saveScreenshot(page, 'languages-pseudo-live');
    await context.close();
    expect(outside).toEqual([]);
  });
});
