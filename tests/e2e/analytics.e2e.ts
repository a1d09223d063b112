import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatDollars } from '@common/money';
import { firstRow } from '@db/store';
import { events } from '@db/schema/events';
import { podcastEpisodes } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { callerAs } from '../helpers/app';
import { insertMembership, insertTier } from '../helpers/membership-rows';
import { login, newPage, saveScreenshot, seededLogins, useBrowserApp } from './harness';

const dayMs = 24 * 3600_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const countText = (value: number) => new Intl.NumberFormat('en-US').format(value);

describe('the Analytics dashboard with the demo data (issue 33)', () => {
  const fixture = useBrowserApp({ LOGIN_RATE_LIMIT: '1000' });

  async function mara() {
    const { app } = fixture.running;
    const row = (await firstRow(app.services.db.select().from(users).where(eq(users.email, seededLogins.mara.email))))!;
    const token = await app.services.tokens.issue({ userId: row.id, role: row.role, typ: 'user', tokenVersion: row.tokenVersion });
    return { id: row.id, caller: await callerAs(app, token) };
  }

  /** The downloads total the API gives mara for the dashboard's last `days` days. */
  async function apiTotal(days: number): Promise<number> {
    const { caller } = await mara();
    const now = Date.now();
    return (await caller.analytics.downloads({ from: day(now - (days - 1) * dayMs), to: day(now + dayMs) })).total;
  }

  async function shownTotal(page: Page, expected: number): Promise<void> {
    await expect.poll(() => page.getByTestId('downloads-total').textContent()).toBe(countText(expected));
  }

  it('mara reads her downloads, episodes, apps, a live event, members and MRR; ranges, CSV, How we count; 390 px', async () => {
    const { app } = fixture.running;
    const { id: maraId } = await mara();
    // This test's own member: the seeded viewer in a $5 tier of mara's.
    const viewer = (await firstRow(app.services.db.select().from(users).where(eq(users.email, 'viewer@cuepoint.local'))))!;
    await insertMembership(app, await insertTier(app, maraId, { name: 'Night Owls' }), viewer.id);
    const episodes = await app.services.db.select().from(podcastEpisodes).where(eq(podcastEpisodes.userId, maraId));

    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await login(page, seededLogins.mara.email, seededLogins.mara.password);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/apps/analytics');
      await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();

      // Downloads over time: the last 30 days by default, the chart drawn.
      const month = await apiTotal(30);
      expect(month).toBeGreaterThan(0);
      await shownTotal(page, month);
      const downloads = page.getByTestId('downloads-card');
      await downloads.getByRole('img', { name: 'Downloads per day' }).locator('.recharts-line').first().waitFor();

      // Top episodes: mara's, by name.
      const top = page.getByTestId('top-episodes-card').getByRole('list', { name: 'Top episodes' });
      await top.waitFor();
      expect((await top.getByRole('listitem').allInnerTexts()).map((text) => text.split('\n')[0]!.trim()).sort()).toEqual(episodes.map((episode) => episode.name).sort());

      // Apps: the ranking names the podcast apps.
      const apps = page.getByTestId('apps-card').getByRole('img', { name: 'Downloads per app' });
      await apps.locator('.recharts-bar').first().waitFor();
      // A long name wraps onto several <tspan> lines.
      const appNames = () => apps.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').evaluateAll((labels) => labels.map((label) => [...label.querySelectorAll('tspan')].map((line) => line.textContent).join(' ')));
      await expect.poll(appNames).toEqual(expect.arrayContaining(['Apple Podcasts', 'Spotify', 'Overcast', 'Pocket Casts', 'AntennaPod', 'Browser']));

      // A live event of hers that has started: viewers over time and its peak.
      const live = page.getByTestId('live-card');
      await live.getByRole('img', { name: 'Viewers over time' }).waitFor();
      const peak = Number((await live.getByTestId('live-peak').textContent())!.replace(/\D/g, ''));
      expect(peak).toBeGreaterThan(0);
      expect(await live.getByLabel('Event').locator('option:checked').textContent()).toContain('Around the Clock');
      expect(Number((await live.getByTestId('live-unique').textContent())!.replace(/\D/g, ''))).toBeGreaterThanOrEqual(peak);

      // Her event streamed last week: its peak, the chat written during it and the tips sent then.
      const now = new Date().toISOString();
      const past = (await app.services.db.select().from(events).where(eq(events.userId, maraId))).find((event) => event.endDateTime !== null && event.endDateTime < now)!;
      const pastNumbers = await (await mara()).caller.analytics.live({ eventId: past.id });
      expect(pastNumbers.chatMessages).toBeGreaterThan(0);
      expect(pastNumbers.tipsCents).toBeGreaterThan(0);
      await live.getByRole('combobox').selectOption(past.id);
      const figure = (label: string) => live.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd');
      await expect.poll(() => live.getByTestId('live-peak').textContent()).toBe(countText(pastNumbers.peakViewers));
      expect(await figure('Chat messages').textContent()).toBe(countText(pastNumbers.chatMessages));
      expect(await figure('Tips').textContent()).toBe(formatDollars(pastNumbers.tipsCents));
      await live.getByRole('img', { name: 'Viewers over time' }).locator('.recharts-line').first().waitFor();

      // Members and MRR: the member this test added.
      const members = page.getByTestId('members-card');
      await expect.poll(() => members.getByTestId('members-active').textContent()).toBe('1');
      expect(await members.getByTestId('members-mrr').textContent()).toBe('$5.00');
      await saveScreenshot(page, 'analytics-dashboard');

      // 7 and 90 days: the total follows the range (a week counts less than the month, the month less than the 90 days:
      // the back catalogue's episodes are 5 to 12 weeks old).
      const week = await apiTotal(7);
      expect(week).toBeLessThan(month);
      await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '7 days' }).click();
      await page.waitForURL((url) => url.searchParams.get('range') === '7');
      await shownTotal(page, week);
      await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '90 days' }).click();
      await page.waitForURL((url) => url.searchParams.get('range') === '90');
      const quarter = await apiTotal(90);
      expect(quarter).toBeGreaterThan(month);
      await shownTotal(page, quarter);
      await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '7 days' }).click();
      await shownTotal(page, week);

      // Export CSV of the downloads chart: the header row, then the 7 days shown, adding up to the total.
      const [download] = await Promise.all([page.waitForEvent('download'), downloads.getByRole('button', { name: 'Export CSV: Downloads over time' }).click()]);
      const today = day(Date.now());
      expect(download.suggestedFilename()).toBe(`analytics-downloads-by-day-${day(Date.now() - 6 * dayMs)}-${today}.csv`);
      const lines = readFileSync((await download.path())!, 'utf8').split('\r\n');
      expect(lines[0]).toBe('\uFEFFDay (UTC),Downloads');
      expect(lines.at(-1)).toBe('');
      const rows = lines.slice(1, -1).map((line) => line.split(','));
      expect(rows.map(([date]) => date)).toEqual(Array.from({ length: 7 }, (_, index) => day(Date.now() - (6 - index) * dayMs)));
      expect(rows.reduce((sum, [, count]) => sum + Number(count), 0)).toBe(week);

      // How we count: the rules.
      await page.getByRole('link', { name: 'How we count' }).first().click();
      await page.waitForURL((url) => url.pathname === '/apps/analytics/how-we-count');
      await page.getByRole('heading', { name: 'How we count', level: 1 }).waitFor();
      for (const heading of ['Podcast downloads', 'Bots', 'Live events and replays', 'Members and money']) await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await page.getByText('HEAD requests, 304 (not modified) answers, errors, a request for "bytes=0-1"', { exact: false }).waitFor();
      await page.getByText('One listener counts once per episode in a rolling 24 hours', { exact: false }).waitFor();

      // At 390 px the dashboard fits: no horizontal scroll.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/apps/analytics');
      await shownTotal(page, month);
      // Every chart drawn (downloads, top episodes, apps, viewers, members, MRR) before measuring.
      await expect.poll(() => page.locator('[role="img"] .recharts-wrapper').count()).toBe(6);
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      await saveScreenshot(page, 'analytics-dashboard-390');
    } finally {
      await context.close();
    }
  });
});
