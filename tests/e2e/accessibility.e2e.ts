import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { firstRow } from '@db/store';
import { events } from '@db/schema/events';
import { podcastEpisodes } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { callerAs, createUser } from '../helpers/app';
import { login, newPage, seededLogins, useBrowserApp, type RunningApp } from './harness';

const { admin, mara } = seededLogins;
const axeScript = join(process.cwd(), 'node_modules/axe-core/axe.min.js');
/** axe is served from the page's own origin (routed by the browser, never by the app) so the pages keep their CSP. */
const axeUrl = '/__axe-core/axe.min.js';
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface AxeNode {
  target: unknown[];
  html: string;
  any: Array<{ data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } | null }>;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/**
 * Runs axe-core on the page as it is now and returns its serious and critical WCAG 2.2 A/AA violations, one line per
 * rule with the selectors of every element it failed on (so a failure says where to look).
 */
async function seriousViolations(page: Page, screen: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.context().route(`**${axeUrl}`, (route) => route.fulfill({ path: axeScript, contentType: 'text/javascript' }));
    await page.addScriptTag({ url: axeUrl });
  }
  const violations = await page.evaluate(async (values) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] });
    return result.violations;
  }, wcagTags);
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const targets = violation.nodes.map((node) => {
        const contrast = node.any.find((check) => check.data?.contrastRatio)?.data;
        const detail = contrast ? `${contrast.fgColor} on ${contrast.bgColor} ${contrast.contrastRatio}:1` : node.html.slice(0, 120);
        return `${node.target.map(String).join(' > ')} [${detail}]`;
      });
      return `${screen}: ${violation.id} (${violation.impact}, ${violation.nodes.length}) ${violation.help} — ${targets.join(' | ')}`;
    });
}

/** Lets transitions, fonts and late requests settle so axe sees the page as a user does. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(400);
}

async function expectAccessible(page: Page, screen: string): Promise<void> {
  await settle(page);
  const found = await seriousViolations(page, screen);
  // Soft, so one run reports every screen of a test.
  expect.soft(found.length, `serious or critical axe violations:\n${found.join('\n')}`).toBe(0);
}

async function userRow(running: RunningApp, email: string) {
  return (await firstRow(running.app.services.db.select().from(users).where(eq(users.email, email))))!;
}

/** Mara's event that is on now (the seeded one whose window holds the present), open to everyone. */
async function liveEventOf(running: RunningApp) {
  const maraRow = await userRow(running, mara.email);
  const now = new Date().toISOString();
  const event = (await running.app.services.db.select().from(events).where(eq(events.userId, maraRow.id))).find((row) => !row.isPremium && row.startDateTime! <= now && now <= row.endDateTime!)!;
  return { maraRow, event };
}

describe('accessibility: public pages (axe-core, WCAG 2.2 AA)', () => {
  const fixture = useBrowserApp({ LOGIN_RATE_LIMIT: '1000' });
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await newPage(fixture.browser, fixture.running.url));
    context.setDefaultTimeout(20_000);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('/login', async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await expectAccessible(page, '/login');
  });

  it('/product-page', async () => {
    await page.goto('/product-page');
    await page.getByRole('heading', { level: 1, name: 'Subscription Plans and Pricing' }).waitFor();
    await page.getByTestId('product-LIVE_STREAM').waitFor();
    await expectAccessible(page, '/product-page');
  });

  it('the event page with its live chat', async () => {
    const { maraRow, event } = await liveEventOf(fixture.running);
    await page.goto(`/events/${maraRow.creatorTag}/${event.id}`);
    await page.getByRole('heading', { level: 1, name: event.name }).waitFor();
    await page.getByRole('list', { name: 'Chat messages' }).getByRole('listitem').first().waitFor();
    await expectAccessible(page, '/events/{tag}/{id}');
  });

  it('the live chat announces each new message politely, never the history it opens with, and leaves focus alone', async () => {
    const { maraRow, event } = await liveEventOf(fixture.running);
    const { context: chatContext, page: chatPage } = await newPage(fixture.browser, fixture.running.url);
    try {
      // Notes, for every message item put into the list, whether the list was a live region at that moment.
      await chatContext.addInitScript(() => {
        const added: Array<{ text: string; live: string | null }> = [];
        (window as unknown as { chatAdditions: typeof added }).chatAdditions = added;
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.addedNodes) {
              const list = node.parentElement;
              if (node instanceof HTMLLIElement && list?.getAttribute('aria-label') === 'Chat messages') added.push({ text: node.textContent ?? '', live: list.getAttribute('aria-live') });
            }
          }
        }).observe(document, { childList: true, subtree: true });
      });
      const additions = () => chatPage.evaluate(() => (window as unknown as { chatAdditions: Array<{ text: string; live: string | null }> }).chatAdditions);
      await chatPage.goto(`/events/${maraRow.creatorTag}/${event.id}`);
      const list = chatPage.getByRole('list', { name: 'Chat messages' });
      await list.getByRole('listitem').first().waitFor();
      await expect.poll(() => list.getAttribute('aria-live'), { timeout: 10_000 }).toBe('polite');
      const history = await additions();
      expect(history.length).toBeGreaterThan(0);
      expect(history.every((entry) => entry.live === 'off')).toBe(true);

      const link = chatPage.getByRole('link').first();
      await link.focus();
      const viewer = await createUser(fixture.running.app, { role: 'viewer' });
      const caller = await callerAs(fixture.running.app, viewer.token);
      await caller.chat.send({ eventId: event.id, text: 'Is the next record on vinyl?', displayName: 'Ada', photoURL: null });
      await list.getByText('Is the next record on vinyl?').waitFor();
      const added = (await additions()).slice(history.length);
      expect(added).toHaveLength(1);
      expect(added[0]).toMatchObject({ live: 'polite' });
      expect(added[0]!.text).toContain('Is the next record on vinyl?');
      expect(await link.evaluate((element) => element === document.activeElement)).toBe(true);
    } finally {
      await chatContext.close();
    }
  });

  it('/video/{id} of a seeded episode', async () => {
    const { db } = fixture.running.app.services;
    const maraRow = await userRow(fixture.running, mara.email);
    const episode = (await firstRow(db.select().from(podcastEpisodes).where(eq(podcastEpisodes.userId, maraRow.id))))!;
    await page.goto(`/video/${episode.id}`);
    await page.getByRole('heading', { level: 1, name: episode.name }).waitFor();
    await page.getByTestId('creator-name').getByText('Mara Quill').waitFor();
    await expectAccessible(page, '/video/{id}');
  });

  it('/m/{tag}/, the creator app', async () => {
    await page.goto('/m/mara_quill/');
    await page.getByRole('heading', { name: 'Mara Quill', level: 1 }).waitFor();
    await expectAccessible(page, '/m/{tag}/');
  });
});

describe('accessibility: the creator and sample-app screens (axe-core, WCAG 2.2 AA)', () => {
  const fixture = useBrowserApp({ LOGIN_RATE_LIMIT: '1000' });

  async function signedIn(email: string, password: string): Promise<{ context: BrowserContext; page: Page }> {
    const opened = await newPage(fixture.browser, fixture.running.url);
    opened.context.setDefaultTimeout(20_000);
    await login(opened.page, email, password);
    return opened;
  }

  it("the creator's calendar, podcasts and tips", async () => {
    const { context, page } = await signedIn(mara.email, mara.password);
    try {
      await page.goto('/apps/calendar');
      await page.getByRole('heading', { name: 'Calendar', exact: true }).waitFor();
      await page.locator('.fc-event').first().waitFor();
      await expectAccessible(page, '/apps/calendar');

      await page.goto('/apps/podcast-titles');
      await page.getByRole('link', { name: /Records Behind the Set/ }).first().waitFor();
      await expectAccessible(page, '/apps/podcast-titles');

      await page.goto('/manage-tips');
      await page.getByText('Buy me a coffee').first().waitFor();
      await expectAccessible(page, '/manage-tips');
    } finally {
      await context.close();
    }
  });

  it('the to-do, mail, scrumboard and calendar sample apps as admin', async () => {
    const { context, page } = await signedIn(admin.email, admin.password);
    try {
      await page.goto('/apps/todo');
      await page.getByTestId('todo-row').nth(0).waitFor();
      await expectAccessible(page, '/apps/todo');

      await page.goto('/apps/mail');
      await page.getByTestId('mail-row').nth(0).waitFor();
      await expectAccessible(page, '/apps/mail');

      await page.goto('/apps/scrumboard');
      await page.getByRole('link', { name: 'Studio Website Relaunch' }).click();
      await page.waitForURL(/\/apps\/scrumboard\/boards\//);
      await page.getByRole('heading', { name: 'Studio Website Relaunch' }).first().waitFor();
      await expectAccessible(page, '/apps/scrumboard/boards/{id}');

      await page.goto('/apps/sample-calendar');
      await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
      await page.locator('.fc-event').first().waitFor();
      await expectAccessible(page, '/apps/sample-calendar');
    } finally {
      await context.close();
    }
  });

  /** Waits for the toast, holds it (sonner pauses its timer under the pointer) and lets its entry transition end. */
  async function holdToast(page: Page, text: string): Promise<void> {
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
    await toast.waitFor();
    await toast.hover();
    await page.waitForTimeout(600);
  }

  it('success and error toasts (sonner, app-wide)', async () => {
    const { context, page } = await signedIn(admin.email, admin.password);
    try {
      await page.goto('/apps/academy');
      await page.getByRole('list', { name: 'Courses' }).getByRole('listitem').first().getByRole('link').click();
      const next = page.getByRole('button', { name: 'Next' });
      await page.getByText(/^Step \d+ of \d+$/).first().waitFor();
      await ((await next.isVisible()) ? next : page.getByRole('button', { name: 'Previous' })).click();
      await holdToast(page, 'Progress saved');
      expect(await seriousViolations(page, 'success toast')).toEqual([]);
    } finally {
      await context.close();
    }

    const guest = await newPage(fixture.browser, fixture.running.url);
    try {
      await guest.page.goto('/login');
      const expired = [{ alg: 'HS256', typ: 'JWT' }, { sub: 'someone', exp: 1 }].map((part) => Buffer.from(JSON.stringify(part)).toString('base64url')).join('.');
      await guest.page.evaluate((token) => localStorage.setItem('cuepoint.token', token), `${expired}.signature`);
      await guest.page.goto('/apps/calendar');
      await guest.page.waitForURL('**/login');
      await holdToast(guest.page, 'access_token expired');
      expect(await seriousViolations(guest.page, 'error toast')).toEqual([]);
    } finally {
      await guest.context.close();
    }
  });
});

describe('accessibility: the terms dialog every creator accepts', () => {
  const fixture = useBrowserApp({ LOGIN_RATE_LIMIT: '1000' }, { terms: true });

  it('passes axe, and its PDF scroll area takes keyboard focus and scrolls with the arrow keys', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    context.setDefaultTimeout(20_000);
    try {
      await page.setViewportSize({ width: 1280, height: 600 });
      await login(page, mara.email, mara.password);
      const dialog = page.getByRole('dialog', { name: 'Terms and Conditions' });
      await dialog.locator('canvas[data-rendering="false"]').waitFor();
      await expectAccessible(page, 'terms dialog');

      const scrollArea = dialog.getByRole('region', { name: 'Terms and Conditions document' });
      expect(await scrollArea.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
      // Reached with Tab like any control, then scrolled with the keyboard alone.
      let reached = false;
      for (let step = 0; step < 10 && !reached; step++) {
        await page.keyboard.press('Tab');
        reached = await scrollArea.evaluate((element) => element === document.activeElement);
      }
      expect(reached).toBe(true);
      expect(await scrollArea.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
      await page.keyboard.press('PageDown');
      await expect.poll(() => scrollArea.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
