import { describe, expect, it } from 'vitest';
import { newPage, saveScreenshot, useBrowserApp } from './harness';

describe('served app', () => {
  const fixture = useBrowserApp();

  it('opens in Chromium with the Cuepoint title', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await page.goto('/');
    await expect(page.title()).resolves.toBe('Cuepoint');
    await saveScreenshot(page, 'home');
    await context.close();
  });
});
