import { describe, expect, it } from 'vitest';
import type { Response } from 'playwright-core';
import { login, newPage, seededLogins, useBrowserApp } from './harness';

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
