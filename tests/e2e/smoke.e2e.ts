import { describe, expect, it } from 'vitest';
import { newPage, saveScreenshot, useBrowserApp } from './harness';

describe('served app', () => {
  const fixture = useBrowserApp();

  it('opens in Chromium, sends a guest to /login, titled "Sign In · Cuepoint"', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await page.goto('/');
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.title()).toBe('Sign In · Cuepoint');
    await saveScreenshot(page, 'home');
    await context.close();
  });
});
