import { afterAll, beforeAll } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@server/app';
import { loadConfig, type AppConfig } from '@server/config';
import { seedDatabase } from '../../seed/seed';
import { freePort } from '../engines/engine';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const screenshotsDir = join(process.cwd(), 'test-results', 'screenshots');

export interface RunningApp {
  app: FastifyInstance;
  url: string;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
}

export interface StartOptions {
  terms?: boolean;
  /** Listen on a port chosen first, so PUBLIC_URL is the app's own address: the Fediverse is on (FEDERATION=on). */
  federating?: boolean;
}

/** The real server (built web app, seeded SQLite file in a temp dir) listening on a loopback port. */
export async function startApp(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-e2e-'));
  const chosenPort = options.federating ? await freePort() : 0;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    BOT_CHECK_PROVIDER: 'off',
    JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
    ...(options.federating && { PUBLIC_URL: `http://127.0.0.1:${chosenPort}`, FEDERATION: 'on' }),
    ...env,
  });
  const app = await buildApp(config, process.env.WEB_DIST_DIR ? { webDist: process.env.WEB_DIST_DIR } : {});
  // Without terms by default, so the terms dialog only shows in the tests about it.
  await seedDatabase(app.services.db, config, { demoData: true, terms: options.terms ?? false });
  await app.listen({ host: '127.0.0.1', port: chosenPort });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    app,
    url,
    config: { ...config, publicUrl: url },
    dataDir,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium flags for these machines (ARCHITECTURE §6). */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The browser tests read English texts: every context gets English unless it names its own locale (languages.e2e.ts).
  '--lang=en-US',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

export async function newPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, locale: 'en-US', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  return { context, page };
}

/** Saves a screenshot under test-results/screenshots (kept as a CI artifact). */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotsDir, { recursive: true });
  await page.screenshot({ path: join(screenshotsDir, `${name}.png`), fullPage: true });
}

/** The seeded logins (seed/accounts.ts) the browser tests sign in with. */
export const seededLogins = {
  admin: { email: 'admin@cuepoint.local', password: 'cuepoint-admin', name: 'Cuepoint Admin' },
  mara: { email: 'mara@cuepoint.local', password: 'cuepoint-demo', name: 'Mara Quill' },
  pending: { email: 'pending@cuepoint.local', password: 'cuepoint-demo' },
} as const;

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email or username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

/** Opens /login, fills the form and submits it (the answer may be an error). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, email, password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs in through /login; waits until the app has left the login page. */
export async function login(page: Page, email: string, password: string): Promise<void> {
  await submitLogin(page, email, password);
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** One running app and one browser for a describe block, closed after it. */
export function useBrowserApp(env: Record<string, string> = {}, options: StartOptions = {}): { running: RunningApp; browser: Browser } {
  const fixture = {} as { running: RunningApp; browser: Browser };
  beforeAll(async () => {
    fixture.running = await startApp(env, options);
    fixture.browser = await launchBrowser();
  });
  afterAll(async () => {
    await fixture.browser?.close();
    await fixture.running?.close();
  });
  return fixture;
}
