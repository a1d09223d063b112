import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { firstRow } from '@db/store';
import { events } from '@db/schema/events';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { accountMenuItems, visibleNavigation } from '@web/features/shell/navigation';
import { seededLogins, useBrowserApp, type RunningApp } from './harness';
import { databaseTexts, intlEnglishPatterns, leftOver, openApiTexts, pageTexts, removalsOf, serverCatalogTexts } from './pseudo-sweep-text';

/**
 * The pseudo-locale sweep (issue 34, "no visible text on the main pages outside the pseudo markers"), widened to every
 * page that matters: a guest's public pages, every page the shell's navigation gives a creator and an admin (the
 * sample apps aside), and the sub-pages those pages link to (tabs, a podcast, an episode, an app). Each page's visible
 * text, title and accessible labels must come from a catalog (⟦…⟧) once the database's own words, Intl's English,
 * brand names, addresses, keys and numbers are taken out. Every finding of a walk is listed before the test fails.
 */

interface Walk {
  page: Page;
  findings: string[];
  data: string[];
  /** The server's OpenAPI texts, data on the REST reference only. */
  apiData: string[];
  /** Intl's English and the server's messages (patterns), and the server's one-word messages. */
  patterns: RegExp[];
  serverWords: string[];
  seen: Set<string>;
  /** The pages checked, in order (printed with the findings). */
  visited: string[];
}

/** A path's shape: its id-like segments (digits, uuids, long tokens) as `:id`, so one page of each kind is visited. */
const shapeOf = (path: string) =>
  path
    .split('/')
    .map((segment) => (/\d/.test(segment) || segment.length > 24 ? ':id' : segment))
    .join('/');

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 8_000 }).catch(() => undefined);
  // Lazy chunks and their catalogs arrive before the page renders; a last frame lets React paint what they gave.
  await page.waitForTimeout(250);
}

/** Records every text of the page as it is now that no catalog gave, under `where`. */
async function record(walk: Walk, where: string, reached: string): Promise<void> {
  const { lines, attributes, code } = await pageTexts(walk.page);
  const pageData = [...walk.data, ...(reached === '/docs/api' ? walk.apiData : [])];
  const shownAsCode = code.map((text) => text.trim().replace(/\s+/g, ' ')).filter(Boolean);
  const removals = removalsOf([...new Set(pageData)], walk.patterns, walk.serverWords, shownAsCode);
  const found = new Set<string>();
  // A page that shows no message at all did not render (or not in the pseudo-locale): nothing was checked.
  if (!lines.some((line) => line.includes('⟦'))) found.add(`${where}: no text from a catalog at all`);
  for (const [kind, text] of [...lines.map((line) => ['text', line] as const), ...attributes.map(({ name, value }) => [name, value] as const)]) {
    const left = leftOver(text, removals);
    if (left) found.add(`${where} ${kind}: "${text.trim().slice(0, 160)}" → ${left.slice(0, 80)}`);
  }
  walk.findings.push(...found);
  walk.visited.push(where);
}

/** The shell's user menu, open (its items and the language menu exist only then). */
async function recordUserMenu(walk: Walk, path: string): Promise<void> {
  await walk.page.goto(path);
  await settle(walk.page);
  await walk.page.locator('button:has([data-testid=user-display-name])').click();
  await walk.page.getByRole('menu').first().waitFor();
  await record(walk, `${path} (user menu open)`, path);
  await walk.page.keyboard.press('Escape');
}

/** A section that opens on its first tab (/apps/settings → /apps/settings/general) links its other tabs below the path asked for. */
const below = (path: string, reached: string) => (reached.startsWith(`${path}/`) ? path : reached).replace(/\/$/, '');

/** Opens `path`, records every text outside the markers, then (depth permitting) the sub-pages it links to. */
async function sweep(walk: Walk, path: string, depth: number): Promise<void> {
  const shape = shapeOf(path);
  if (walk.seen.has(shape)) return;
  walk.seen.add(shape);
  const { page } = walk;
  const response = await page.goto(path);
  await settle(page);
  const reached = new URL(page.url()).pathname;
  if (!response?.ok() || (/\/(login|pages\/errors\/error-404)$/.test(reached) && !/\/login$/.test(path))) {
    walk.findings.push(`${path}: did not open (landed on ${reached}, status ${response?.status()})`);
    return;
  }
  walk.seen.add(shapeOf(reached));
  await record(walk, path, reached);
  if (depth === 0) return;
  const subPages = await page.evaluate((prefix) => {
    const links = [...document.querySelectorAll('main a[href], nav[aria-label] a[href]')].map((link) => new URL((link as HTMLAnchorElement).href));
    return [...new Set(links.filter((url) => url.origin === location.origin && url.pathname.startsWith(`${prefix}/`)).map((url) => url.pathname))];
  }, below(path, reached));
  for (const next of subPages) await sweep(walk, next, depth - 1);
}

async function openAs(browser: Browser, running: RunningApp, login?: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL: running.url, locale: 'en-US', viewport: { width: 1280, height: 900 } });
  if (login) {
    const response = await fetch(`${running.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: login.email, password: login.password }),
    });
    const { token } = (await response.json()) as { token: string };
    await context.addInitScript((value) => window.localStorage.setItem('cuepoint.token', value), token);
  }
  await context.addInitScript(() => window.localStorage.setItem('cuepoint.locale', 'pseudo'));
  return context.newPage();
}

async function newWalk(browser: Browser, running: RunningApp, login?: { email: string; password: string }): Promise<Walk> {
  const server = serverCatalogTexts();
  return {
    page: await openAs(browser, running, login),
    findings: [],
    data: await databaseTexts(running),
    apiData: await openApiTexts(running),
    patterns: [...server.patterns, ...intlEnglishPatterns()],
    serverWords: server.words,
    seen: new Set(),
    visited: [],
  };
}

async function seeded(running: RunningApp) {
  const { db } = running.app.services;
  const mara = (await firstRow(db.select().from(users).where(eq(users.email, seededLogins.mara.email))))!;
  const admin = (await firstRow(db.select().from(users).where(eq(users.email, seededLogins.admin.email))))!;
  const event = (await firstRow(db.select().from(events).where(eq(events.userId, mara.id))))!;
  const title = (await firstRow(db.select().from(podcastTitles).where(eq(podcastTitles.userId, mara.id))))!;
  const episode = (await firstRow(db.select().from(podcastEpisodes).where(and(eq(podcastEpisodes.userId, mara.id), eq(podcastEpisodes.podcastTitleId, title.id)))))!;
  return { mara, admin, event, title, episode, tag: mara.creatorTag! };
}

function report(walk: Walk, who: string): void {
  expect(walk.findings, `${who}: ${walk.findings.length} texts outside the pseudo markers on ${walk.visited.join(', ')}:\n${walk.findings.join('\n')}`).toEqual([]);
}

describe('pseudo-locale sweep: every page a guest, a creator and an admin open comes from the catalogs', () => {
  const fixture = useBrowserApp();

  it('a guest: sign-in, registration, plans, a creator page, an event, a podcast, an episode, privacy and terms', async () => {
    const { tag, event, title, episode } = await seeded(fixture.running);
    const walk = await newWalk(fixture.browser, fixture.running);
    for (const path of ['/login', '/register', '/product-page', `/c/${tag}`, `/events/${tag}/${event.id}`, `/podcasts/${tag}/${title.id}`, `/video/${episode.id}`, '/privacy-policy', '/terms-and-conditions']) {
      await sweep(walk, path, 0);
    }
    await walk.page.context().close();
    report(walk, 'guest');
  }, 120_000);

  it("the creator: every page of the shell's navigation and account menu, their sub-pages, the chat and Go live", async () => {
    const { mara, tag, event } = await seeded(fixture.running);
    const walk = await newWalk(fixture.browser, fixture.running, seededLogins.mara);
    const roles = [mara.role];
    const paths = [...visibleNavigation(roles).map((item) => item.url), ...accountMenuItems(roles, mara.id).map((item) => item.url), `/chats/${tag}/${event.id}`];
    for (const path of paths) await sweep(walk, path, 2);
    await recordUserMenu(walk, paths[0]!);
    await walk.page.context().close();
    report(walk, 'creator');
  }, 180_000);

  it("the admin: every page of the shell's navigation and account menu (the sample apps aside) and their sub-pages", async () => {
    const { admin } = await seeded(fixture.running);
    const walk = await newWalk(fixture.browser, fixture.running, seededLogins.admin);
    const roles = [admin.role];
    const paths = [...visibleNavigation(roles).map((item) => item.url), ...accountMenuItems(roles, admin.id).map((item) => item.url)];
    for (const path of paths) await sweep(walk, path, 1);
    await recordUserMenu(walk, paths[0]!);
    await walk.page.context().close();
    report(walk, 'admin');
  }, 180_000);
});
