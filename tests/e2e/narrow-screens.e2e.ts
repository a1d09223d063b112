import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { firstRow } from '@db/store';
import { products } from '@db/schema/billing';
import { events } from '@db/schema/events';
import { mobileApps } from '@db/schema/mobile-app';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { publishHubMessage } from '@server/domains/hub/hub.service';
import { appPagePaths, pagesFeaturePaths } from '@common/page-paths';
import { login, seededLogins, useBrowserApp, type RunningApp } from './harness';

const { mara } = seededLogins;
/** A phone: iPhone 12–15 size. */
const phone = { width: 390, height: 844 };
const longEventName = 'Sunday sunrise session: extraordinarily-long-unbroken-words-with-guests-and-requests and a live Q&A';

/**
 * Route patterns no creator, viewer or guest opens (admins only, or leaving the session), and the sample apps of
 * staff and `user` accounts (not a creator's). Every other pattern of the route tables is swept below.
 */
const notSwept: Record<string, string> = {
  [appPagePaths.logout]: 'signs out',
  [appPagePaths.settings]: 'admins only',
  [appPagePaths.setting]: 'admins only',
  [appPagePaths.migrateDb]: 'admins only',
  [appPagePaths.users]: 'admins only',
  [appPagePaths.userEdit]: 'admins only',
  [appPagePaths.termsAdmin]: 'admins only',
  [pagesFeaturePaths.adminRoleExample]: 'admins only',
  [pagesFeaturePaths.staffRoleExample]: 'admins and staff only',
  [pagesFeaturePaths.profile]: 'the sample profile of staff and user accounts',
};

interface Sweep {
  /** The route pattern (or the public page) it opens. */
  pattern: string;
  url: string;
  as: 'guest' | 'dj';
}

async function sweepList(running: RunningApp): Promise<Sweep[]> {
  const { db } = running.app.services;
  const maraRow = (await firstRow(db.select().from(users).where(eq(users.email, mara.email))))!;
  const tag = maraRow.creatorTag!;
  const now = new Date().toISOString();
  const maraEvents = await db.select().from(events).where(eq(events.userId, maraRow.id));
  const event = maraEvents.find((row) => !row.isPremium && row.startDateTime && row.startDateTime <= now && now <= row.endDateTime!) ?? maraEvents[0]!;
  const title = (await firstRow(db.select().from(podcastTitles).where(eq(podcastTitles.userId, maraRow.id))))!;
  const episode = (await firstRow(db.select().from(podcastEpisodes).where(eq(podcastEpisodes.podcastTitleId, title.id))))!;
  const product = (await firstRow(db.select().from(products)))!;
  const dj = (pattern: string, url: string): Sweep => ({ pattern, url, as: 'dj' });
  const guest = (pattern: string, url: string): Sweep => ({ pattern, url, as: 'guest' });
  const p = appPagePaths;
  const f = pagesFeaturePaths;
  return [
    // Guests and viewers.
    guest(p.login, '/login'),
    guest(p.register, '/register'),
    guest(p.callback, '/callback'),
    guest(p.productPage, '/product-page'),
    guest(p.checkEmail, `/checkout/${product.id}/check-email`),
    guest(p.event, `/events/${tag}/${event.id}`),
    guest(p.event, `/events/${tag}`),
    guest(p.embedPlayer, `/embed/${tag}/${event.id}/player`),
    guest(p.chats, `/chats/${tag}/${event.id}`),
    guest(p.embedChat, `/embed/${tag}/${event.id}/chat`),
    guest(p.creatorPage, `/c/${tag}`),
    guest(p.myMemberships, '/memberships'),
    guest(p.video, `/video/${episode.id}`),
    guest(p.podcastPage, `/podcasts/${tag}/${title.id}`),
    guest(p.apiDocs, '/docs/api'),
    guest('/m/{tag}/', `/m/${tag}/`),
    guest(f.forgotPassword, f.forgotPassword),
    guest(f.forgotPassword2, f.forgotPassword2),
    guest(f.resetPassword, f.resetPassword),
    guest(f.resetPassword2, f.resetPassword2),
    guest(f.loginDemo, f.loginDemo),
    guest(f.loginDemo2, f.loginDemo2),
    guest(f.registerDemo, f.registerDemo),
    guest(f.registerDemo2, f.registerDemo2),
    guest(f.mailConfirm, f.mailConfirm),
    guest(f.error404, f.error404),
    guest(f.error500, f.error500),
    guest(f.maintenance, f.maintenance),
    guest(f.privacyPolicy, f.privacyPolicy),
    guest(f.terms, f.terms),
    guest(f.guestRoleExample, f.guestRoleExample),
    // The creator.
    dj(p.calendar, '/apps/calendar'),
    dj(p.goLive, '/apps/live'),
    dj(p.profile, `/profile/${maraRow.id}/about`),
    dj(p.profile, `/profile/${maraRow.id}/subscriptions`),
    dj(p.profile, `/profile/${maraRow.id}/security`),
    dj(p.profile, `/profile/${maraRow.id}/api`),
    dj(p.changePassword, `/apps/users/${maraRow.id}/change-password`),
    dj(p.manageTips, '/manage-tips'),
    dj(p.earnings, '/apps/earnings'),
    dj(p.members, '/apps/members'),
    dj(p.analytics, '/apps/analytics'),
    dj(p.analyticsHowWeCount, '/apps/analytics/how-we-count'),
    dj(p.fediverse, '/apps/fediverse'),
    dj(p.podcastTitles, '/apps/podcast-titles'),
    dj(p.podcastTitle, `/apps/podcast-titles/${title.id}`),
    dj(p.podcastEpisodes, `/apps/podcast-titles/${title.id}/podcast-episodes`),
    dj(p.podcastEpisode, `/apps/podcast-titles/${title.id}/podcast-episodes/${episode.id}`),
    dj(p.pushNotifications, '/apps/push-notifications'),
    dj(p.mobileApp, '/apps/mobile-app'),
    dj(p.mobileAppSettings, '/apps/mobile-app/{appId}'),
    dj(p.apiTokens, '/apps/developer/api-tokens'),
    dj(p.webhooks, '/apps/developer/webhooks'),
    dj(p.checkoutPayment, `/checkout/${product.id}/payment`),
    dj(p.reactivate, `/reactivate/${product.id}`),
    dj(p.paymentSuccess, '/payment-success/unknown-payment'),
    dj(p.reactivationSuccess, `/reactivation-success/${product.id}`),
    dj(f.lock, f.lock),
    // The creator sees the viewers' pages too (as Host in the chat).
    dj(p.event, `/events/${tag}/${event.id}`),
    dj(p.creatorPage, `/c/${tag}`),
  ];
}

/** Lets the page finish loading (lazy chunks, queries, fonts) so the widths are the ones a user sees. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForLoadState('networkidle', { timeout: 8_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  // Past the loading states (the event page's skeleton stays 2 s on purpose).
  await page.waitForFunction(() => !document.querySelector('[role="status"][aria-label^="Loading"]'), undefined, { timeout: 8_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}

/** Wider than the screen: the page's scroll width and the elements that stick out (to say where to look). */
async function overflowOf(page: Page): Promise<{ scrollWidth: number; innerWidth: number; offenders: string[] }> {
  return page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const offenders: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= innerWidth + 0.5) continue;
      // Only the outermost one of a branch that sticks out.
      if (element.parentElement && element.parentElement.getBoundingClientRect().right > innerWidth + 0.5) continue;
      const id = element.id ? `#${element.id}` : '';
      const testId = element.getAttribute('data-testid') ? `[data-testid=${element.getAttribute('data-testid')}]` : '';
      const classes = typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).slice(0, 6).join('.')}` : '';
      offenders.push(`${element.tagName.toLowerCase()}${id}${testId}${classes} (right ${Math.round(box.right)})`);
      if (offenders.length >= 5) break;
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, offenders };
  });
}

describe('narrow screens: every creator and viewer page at 390×844', () => {
  const fixture = useBrowserApp({ LOGIN_RATE_LIMIT: '1000' });
  let guest: BrowserContext;
  let creator: BrowserContext;

  async function phoneContext(browser: Browser): Promise<BrowserContext> {
    const context = await browser.newContext({ baseURL: fixture.running.url, viewport: phone, deviceScaleFactor: 1, hasTouch: true });
    context.setDefaultTimeout(20_000);
    return context;
  }

  beforeAll(async () => {
    // A long event name (the one on now: event page, chats, calendar, Go live) must wrap, never widen the page.
    const { db } = fixture.running.app.services;
    const maraRow = (await firstRow(db.select().from(users).where(eq(users.email, mara.email))))!;
    const now = new Date().toISOString();
    const onNow = (await db.select().from(events).where(eq(events.userId, maraRow.id))).filter((row) => row.startDateTime && row.startDateTime <= now && now <= row.endDateTime!);
    for (const row of onNow) await db.update(events).set({ name: longEventName }).where(eq(events.id, row.id));
    guest = await phoneContext(fixture.browser);
    creator = await phoneContext(fixture.browser);
    await login(await creator.newPage(), mara.email, mara.password);
  });
  afterAll(async () => {
    await guest?.close();
    await creator?.close();
  });

  it('sweeps every route a creator, a viewer or a guest can open', async () => {
    const list = await sweepList(fixture.running);
    const swept = new Set(list.map((entry) => entry.pattern));
    const missing = [...Object.values(appPagePaths), ...Object.values(pagesFeaturePaths)].filter((pattern) => !swept.has(pattern) && !(pattern in notSwept));
    expect(missing, 'route patterns neither swept nor excluded').toEqual([]);
  });

  it('no page is wider than the screen (document.documentElement.scrollWidth ≤ innerWidth)', async () => {
    const list = await sweepList(fixture.running);
    const guestPage = await guest.newPage();
    const creatorPage = await creator.newPage();
    // The mobile app's settings page needs the app's id: the creator's app exists once its page was opened.
    await guestPage.goto(list.find((entry) => entry.pattern === '/m/{tag}/')!.url);
    const maraRow = (await firstRow(fixture.running.app.services.db.select().from(users).where(eq(users.email, mara.email))))!;
    const app = (await firstRow(fixture.running.app.services.db.select().from(mobileApps).where(eq(mobileApps.userId, maraRow.id))))!;

    const failures: string[] = [];
    for (const entry of list) {
      const url = entry.url.replace('{appId}', app.id);
      const page = entry.as === 'guest' ? guestPage : creatorPage;
      await page.goto(url);
      await settle(page);
      const found = await overflowOf(page);
      if (found.scrollWidth > found.innerWidth) {
        failures.push(`${entry.as} ${url} (${entry.pattern}): scrollWidth ${found.scrollWidth} > innerWidth ${found.innerWidth} — ${found.offenders.join(' | ')}`);
      }
    }
    expect(failures, `pages wider than a 390 px phone:\n${failures.join('\n')}`).toEqual([]);
  }, 600_000);
});

describe('the Go live page on a phone', () => {
  const fixture = useBrowserApp({ LOGIN_RATE_LIMIT: '1000' });

  it('keeps the hidden key on one line with Reveal and Copy, and its chat shows the hub lines the event page shows', async () => {
    const context = await fixture.browser.newContext({ baseURL: fixture.running.url, viewport: phone });
    context.setDefaultTimeout(20_000);
    try {
      const page = await context.newPage();
      await login(page, mara.email, mara.password);
      await page.goto('/apps/live');
      const key = page.getByTestId('stream-key');
      await key.waitFor();
      const reveal = page.getByRole('button', { name: 'Reveal' });
      const copy = page.getByRole('button', { name: 'Copy stream key' });
      const [keyBox, revealBox, copyBox] = await Promise.all([key.boundingBox(), reveal.boundingBox(), copy.boundingBox()]);
      // One line: the three share a row (their vertical centres within a few pixels), inside the screen.
      const centre = (box: { y: number; height: number }) => box.y + box.height / 2;
      expect(Math.abs(centre(keyBox!) - centre(revealBox!))).toBeLessThan(4);
      expect(Math.abs(centre(keyBox!) - centre(copyBox!))).toBeLessThan(4);
      expect(copyBox!.x + copyBox!.width).toBeLessThanOrEqual(phone.width);

      // The chat beside it is the event's: a tip's hub line shows there as on the event page.
      const { db } = fixture.running.app.services;
      const maraRow = (await firstRow(db.select().from(users).where(eq(users.email, mara.email))))!;
      await page.getByRole('img', { name: 'Connected' }).waitFor();
      const eventId = await page.getByRole('link', { name: 'Open the event page' }).getAttribute('href').then((href) => href!.split('/').pop()!);
      const line = 'Sam Lindqvist sent a tip: Request a track ($10.00). Thank you!';
      await expect
        .poll(
          async () => {
            await publishHubMessage(fixture.running.app.services, `${maraRow.id}-${eventId}`, line);
            return page.getByText(line).count();
          },
          { timeout: 15_000, interval: 1_000 },
        )
        .toBeGreaterThan(0);
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      expect(widths.scroll, 'the Go live page on a phone').toBeLessThanOrEqual(widths.inner);
    } finally {
      await context.close();
    }
  });
});
