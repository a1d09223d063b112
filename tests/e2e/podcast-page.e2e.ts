import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { firstRow } from '@db/store';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { notFoundTexts } from '@server/domains/public-pages/not-found.schemas';
import { newPage, saveScreenshot, seededLogins, useBrowserApp } from './harness';

describe('a podcast’s own page and not-found pages in the browser', () => {
  const fixture = useBrowserApp();

  async function maraTitle() {
    const { db } = fixture.running.app.services;
    const mara = (await firstRow(db.select().from(users).where(eq(users.email, seededLogins.mara.email))))!;
    const episode = (await firstRow(db.select().from(podcastEpisodes).where(eq(podcastEpisodes.userId, mara.id)).orderBy(asc(podcastEpisodes.publishDate))))!;
    const title = (await firstRow(db.select().from(podcastTitles).where(eq(podcastTitles.id, episode.podcastTitleId))))!;
    return { db, mara, title };
  }

  it('opens from the creator page, shows the cover, subscribe row and episodes, and plays an episode', async () => {
    const { title } = await maraTitle();
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await page.goto('/c/mara_quill');
      await page.getByTestId('creator-podcast').filter({ hasText: title.name }).click();
      await page.waitForURL(`**/podcasts/mara_quill/${title.id}`);
      await page.getByRole('heading', { level: 1, name: title.name }).waitFor();
      await expect.poll(() => page.title()).toContain(title.name);
      expect(await page.getByTestId('podcast-creator-link').getAttribute('href')).toBe('/c/mara_quill');
      await expect.poll(() => page.getByLabel('Podcast feed URL').inputValue()).toMatch(new RegExp(`/feeds/${title.id}\\.xml$`));
      const rows = page.getByTestId('podcast-episode');
      expect(await rows.count()).toBeGreaterThan(0);

      await rows.first().getByRole('button', { name: /^Play / }).click();
      const player = page.getByTestId('podcast-player');
      await player.waitFor();
      if (await player.evaluate((element) => (element as HTMLMediaElement).paused)) await player.evaluate((element) => (element as HTMLMediaElement).play());
      await expect.poll(() => player.evaluate((element) => (element as HTMLMediaElement).currentTime), { timeout: 10_000 }).toBeGreaterThan(0.5);
      await saveScreenshot(page, 'podcast-page');

      // The episode page links back to it.
      const episodeLink = rows.first().getByRole('link');
      await episodeLink.click();
      await page.getByTestId('podcast-page-link').waitFor();
      expect(await page.getByTestId('podcast-page-link').getAttribute('href')).toBe(`/podcasts/mara_quill/${title.id}`);
    } finally {
      await context.close();
    }
  });

  it('shows a guest a members-only title’s episodes and “Members only”, with nothing to play', async () => {
    const { db, title } = await maraTitle();
    await db.update(podcastTitles).set({ membersOnly: true }).where(eq(podcastTitles.id, title.id));
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await page.goto(`/podcasts/mara_quill/${title.id}`);
      await page.getByTestId('members-only').waitFor();
      expect(await page.getByTestId('podcast-episode').count()).toBeGreaterThan(0);
      expect(await page.getByRole('button', { name: /^Play / }).count()).toBe(0);
      expect(await page.locator('audio, video').count()).toBe(0);
      expect(await page.getByLabel('Podcast feed URL').count()).toBe(0);
      const media = await db.select({ url: podcastEpisodes.mediaUrl }).from(podcastEpisodes).where(eq(podcastEpisodes.podcastTitleId, title.id));
      const html = await page.content();
      for (const { url } of media) expect(html).not.toContain(url);
    } finally {
      await db.update(podcastTitles).set({ membersOnly: false }).where(eq(podcastTitles.id, title.id));
      await context.close();
    }
  });

  it('leads a guest on a missing event to the creator’s page and home, never the dashboard', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await page.goto('/events/mara_quill/no-such-event');
      const creatorLink = page.getByRole('link', { name: notFoundTexts.creatorLink('Mara Quill') });
      await creatorLink.waitFor();
      expect(await page.getByRole('link', { name: notFoundTexts.homeLink }).getAttribute('href')).toBe('/');
      expect(await page.getByText(/dashboard/i).count()).toBe(0);
      await saveScreenshot(page, 'missing-event');
      await creatorLink.click();
      await page.waitForURL('**/c/mara_quill');

      await page.goto('/video/no-such-episode');
      await page.getByRole('link', { name: notFoundTexts.homeLink }).waitFor();
      expect(await page.getByTestId('not-found-creator-link').count()).toBe(0);
      expect(await page.getByText(/dashboard/i).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
