import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, saveScreenshot, startApp, type RunningApp } from './harness';

describe('served app', () => {
  let running: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    running = await startApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  it('opens in Chromium with the Cuepoint title', async () => {
    const { context, page } = await newPage(browser, running.url);
    await page.goto('/');
    await expect(page.title()).resolves.toBe('Cuepoint');
    await saveScreenshot(page, 'home');
    await context.close();
  });
});
