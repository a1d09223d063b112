import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { firstRow } from '@db/store';
import { podcastEpisodes } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { callerAs } from '../helpers/app';
import { budgets } from '../../scripts/check-budgets';
import { fillLogin, login, newPage, seededLogins, useBrowserApp } from './harness';

const { mara } = seededLogins;

describe('web app: compressed, cached, map-free assets and page titles', () => {
  const fixture = useBrowserApp({}, { terms: true });

  it('sends hashed assets brotli-compressed and immutable, index.html no-cache, no source maps, a favicon set', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    const document = await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    const documentHeaders = await document!.allHeaders();
    expect(documentHeaders['cache-control']).toBe('no-cache');
    expect(documentHeaders['content-type']).toContain('text/html');

    expect(scripts.length).toBeGreaterThan(1);
    for (const script of scripts) {
      const headers = await script.allHeaders();
      expect(new URL(script.url()).pathname).toMatch(/^\/assets\/.+-[\w-]{8}\.js$/);
      expect(headers['content-encoding']).toBe('br');
      expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(headers.etag).toBeTruthy();
    }
    // The bundles do not point at their maps, and a guessed map address is not served.
    const entryUrl = scripts[0]!.url();
    expect(await scripts[0]!.text()).not.toContain('sourceMappingURL');
    const map = await page.request.get(`${entryUrl}.map`);
    expect(map.status()).toBe(404);

    // Revalidation: the same ETag answers 304.
    const first = await page.request.get(entryUrl, { headers: { 'accept-encoding': 'br' } });
    const etag = first.headers().etag!;
    const again = await page.request.get(entryUrl, { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.status()).toBe(304);
    // A client without brotli gets gzip.
    expect((await page.request.get(entryUrl, { headers: { 'accept-encoding': 'gzip' } })).headers()['content-encoding']).toBe('gzip');

    // The SPA fallback for a deep link is index.html, not cached either.
    const deep = await page.request.get('/apps/calendar');
    expect(deep.headers()['cache-control']).toBe('no-cache');
    expect(await deep.text()).toContain('<div id="root">');

    for (const [path, type] of [
      ['/favicon.ico', 'image/'],
      ['/favicon.svg', 'image/svg+xml'],
      ['/apple-touch-icon.png', 'image/png'],
      ['/manifest.webmanifest', 'application/manifest+json'],
    ] as const) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toContain(type);
    }
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { theme_color: string; icons: unknown[] };
    expect(manifest.theme_color).toBe('#f97316');
    expect(manifest.icons.length).toBeGreaterThanOrEqual(2);
    expect(await page.locator('link[rel="icon"]').count()).toBeGreaterThanOrEqual(1);
    expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe('/apple-touch-icon.png');
    await context.close();
  });

  it('titles each page "<page> · Cuepoint" as the user moves around', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await page.goto('/login');
    await page.waitForFunction(() => document.title === 'Sign In · Cuepoint');
    await page.goto('/privacy-policy');
    await page.waitForFunction(() => document.title === 'Privacy Policy · Cuepoint');
    await page.goto('/pages/errors/error-404');
    await page.waitForFunction(() => document.title === 'Page Not Found · Cuepoint');
    await login(page, mara.email, mara.password);
    await page.waitForURL('**/apps/calendar');
    await page.waitForFunction(() => document.title === 'Calendar · Cuepoint');
    await context.close();
  });

  it(`a guest opening /login transfers at most ${budgets.loginBytes / 1024} KB of JavaScript and messages, as Chromium loads them`, async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    const scripts = await scriptTransfers(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await settled(page);
    const loaded = await scripts.sizes();
    const total = loaded.reduce((sum, { bytes }) => sum + bytes, 0);
    const listing = loaded.map(({ path, bytes }) => `${(bytes / 1024).toFixed(1)} KB ${path}`).join('\n');
    expect(loaded.length, listing).toBeGreaterThan(1);
    expect(total, `/login loaded ${(total / 1024).toFixed(1)} KB of JavaScript and messages:\n${listing}`).toBeLessThanOrEqual(budgets.loginBytes);
    expect(loaded.some(({ path }) => /^\/assets\/i18n\/[\w-]+\.en\.json$/.test(path)), listing).toBe(true);
    // zod (the form's schema) waits until someone uses the form, and so does the toaster (sonner) for a guest.
    const toaster = page.locator('section[aria-label^="Notifications"]');
    expect(loaded.some(({ path }) => path.includes('/login-checks-'))).toBe(false);
    expect(await toaster.count()).toBe(0);
    const schema = page.waitForResponse((response) => response.url().includes('/login-checks-'));
    await page.getByLabel('Email or username').focus();
    await schema;
    await page.keyboard.press('a');
    await toaster.waitFor({ state: 'attached' });
    await context.close();
  });

  it(`a German guest's /login transfers at most ${budgets.germanLoginBytes / 1024} KB of JavaScript and messages, only its own chunks' German words`, async () => {
    const context = await fixture.browser.newContext({ baseURL: fixture.running.url, locale: 'de-DE', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const scripts = await scriptTransfers(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).waitFor();
    await settled(page);
    const loaded = await scripts.sizes();
    const total = loaded.reduce((sum, { bytes }) => sum + bytes, 0);
    const listing = loaded.map(({ path, bytes }) => `${(bytes / 1024).toFixed(1)} KB ${path}`).join('\n');
    expect(total, `/login in German loaded ${(total / 1024).toFixed(1)} KB of JavaScript and messages:\n${listing}`).toBeLessThanOrEqual(budgets.germanLoginBytes);
    const catalogs = loaded.filter(({ path }) => path.startsWith('/assets/i18n/'));
    expect(catalogs.length, listing).toBeGreaterThan(0);
    expect(catalogs.every(({ path }) => path.endsWith('.de.json')), listing).toBe(true);
    // Each catalog belongs to a chunk the page loaded (the chunk names it): no other page's words come along.
    const code = (await Promise.all(loaded.filter(({ path }) => path.endsWith('.js')).map(({ body }) => body))).join('\n');
    for (const { path } of catalogs) expect(code, path).toContain(`i18n/${path.slice('/assets/i18n/'.length, -'.de.json'.length)}`);
    // The next page brings its own: the register page's words arrive with its chunk.
    const before = catalogs.length;
    await page.getByRole('link', { name: 'Registrieren' }).first().click();
    await page.getByRole('button', { name: 'Konto erstellen' }).waitFor();
    await settled(page);
    expect((await scripts.sizes()).filter(({ path }) => path.startsWith('/assets/i18n/')).length).toBeGreaterThan(before);
    await context.close();
  });

  it('asks for a page\'s first data, and the episode\'s cover, while the page\'s code is still loading', async () => {
    const { db } = fixture.running.app.services;
    const creator = (await firstRow(db.select().from(users).where(eq(users.email, mara.email))))!;
    const stored = (await firstRow(db.select().from(podcastEpisodes).where(eq(podcastEpisodes.userId, creator.id)).orderBy(asc(podcastEpisodes.publishDate))))!;
    // As the page gets it: the episode's own picture, else its podcast's cover.
    const episode = await (await callerAs(fixture.running.app)).podcasts.publicEpisode({ id: stored.id });
    expect(episode.imageUrl).toBeTruthy();
    for (const { path, chunk, first } of [
      { path: '/login', chunk: 'login-page', first: (url: string) => url.includes('/trpc/billing.products') },
      { path: '/events/mara_quill', chunk: 'event-page', first: (url: string) => url.includes('/trpc/events.latest') },
      { path: `/video/${episode.id}`, chunk: 'video-page', first: (url: string) => url.includes('/trpc/podcasts.publicEpisode') },
      { path: `/video/${episode.id}`, chunk: 'video-page', first: (url: string) => new URL(url).pathname === episode.imageUrl },
    ]) {
      const { context, page } = await newPage(fixture.browser, fixture.running.url);
      // The page's own chunk is held back until its data has been asked for.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const chunkFile = new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`);
      await page.route(chunkFile, async (route) => {
        await held;
        await route.continue();
      });
      const asked = page.waitForRequest((request) => first(request.url()), { timeout: 10_000 });
      await page.goto(path);
      await asked;
      const arrived = page.waitForResponse(chunkFile);
      release();
      await arrived;
      await context.close();
    }
  });

  it('no page needs eval: no Content-Security-Policy violation on /login (typing included) and on the event page', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    const violations = await recordPolicyViolations(context, page);
    const answer = await page.goto('/login');
    const policy = (await answer!.allHeaders())['content-security-policy'] ?? '';
    expect(policy).toMatch(/script-src 'self'/);
    expect(policy).not.toContain('unsafe-eval');
    await fillLogin(page, mara.email, mara.password);
    await expect.poll(() => page.getByRole('button', { name: 'Login' }).isEnabled()).toBe(true);

    await page.goto('/events/mara_quill');
    await page.getByRole('heading', { level: 1, name: 'Around the Clock: deep house listening room' }).waitFor({ timeout: 15_000 });
    await settled(page);
    expect(violations).toEqual([]);
    await context.close();
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`renders the terms PDF with body text at least 12 px at ${viewport.width} px, loading pdf.js only then`, async () => {
      const context = await fixture.browser.newContext({ baseURL: fixture.running.url, viewport, deviceScaleFactor: viewport.width < 500 ? 3 : 1 });
      const page = await context.newPage();
      const loaded: string[] = [];
      page.on('response', (response) => loaded.push(new URL(response.url()).pathname));
      await page.goto('/login');
      await page.getByRole('button', { name: 'Login' }).waitFor();
      expect(loaded.some((path) => /\/assets\/pdf[.-]/.test(path))).toBe(false);

      await page.goto('/terms-and-conditions');
      const canvas = page.locator('canvas[aria-label="Page 1 of 2"][data-rendering="false"]');
      await canvas.waitFor();
      expect(loaded.some((path) => /\/assets\/pdf-[\w-]+\.js$/.test(path))).toBe(true);
      const measured = await canvas.evaluate((element: HTMLCanvasElement) => ({
        bodyTextPx: Number(element.dataset.bodyTextPx),
        cssWidth: element.getBoundingClientRect().width,
        pixelWidth: element.width,
        frameWidth: element.parentElement!.clientWidth,
      }));
      expect(measured.bodyTextPx).toBeGreaterThanOrEqual(12);
      // Sharp on high-density screens: the bitmap has devicePixelRatio pixels per CSS pixel.
      expect(measured.pixelWidth).toBeGreaterThanOrEqual(Math.floor(measured.cssWidth * (viewport.width < 500 ? 3 : 1)) - 1);
      // On a wide screen the page fills the frame's width.
      if (viewport.width >= 1280) expect(Math.abs(measured.cssWidth - measured.frameWidth)).toBeLessThanOrEqual(1);
      await context.close();
    });
  }
});

/**
 * Every script the page loads and every message catalog it fetches (assets/i18n/*.json: the words of those scripts),
 * with its body's size as sent (brotli here), from Chromium's own accounting.
 */
async function scriptTransfers(page: Page): Promise<{ sizes(): Promise<Array<{ path: string; bytes: number; body: Promise<string> }>> }> {
  const pending: Array<Promise<{ path: string; bytes: number; body: Promise<string> }>> = [];
  page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.resourceType() !== 'script' && !path.startsWith('/assets/i18n/')) return;
    const body = request.response().then((response) => (response ? response.text() : ''));
    pending.push(request.sizes().then(({ responseBodySize }) => ({ path, bytes: responseBodySize, body })));
  });
  return { sizes: () => Promise.all(pending) };
}

/** The network has been quiet for a while: whatever a page loads after its first screen (timers, idle work) is in. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2000);
  await page.waitForLoadState('networkidle');
}

/** Content-Security-Policy violations the pages report (an eval probe counts even when its error is caught). */
async function recordPolicyViolations(context: BrowserContext, page: Page): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('reportPolicyViolation', (_source, text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportPolicyViolation(text: string): void }).reportPolicyViolation(`${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|unsafe-eval/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}
