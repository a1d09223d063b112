import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { firstRow } from '@db/store';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { podcastMessages } from '@server/domains/podcasts/podcasts.schemas';
import { makeMp3Tone } from '@server/lib/mp3-tone';
import { uploadsDir } from '@server/platform/uploads';
import { newId } from '@server/lib/ids';
import { createUser, testPassword } from '../helpers/app';
import { makePng } from '../helpers/images';
import { login, newPage, saveScreenshot, seededLogins, useBrowserApp } from './harness';

describe('podcasts in the browser', () => {
  const fixture = useBrowserApp();

  it('the public episode page plays a seeded episode: currentTime advances', async () => {
    const { db } = fixture.running.app.services;
    const mara = (await firstRow(db.select().from(users).where(eq(users.email, seededLogins.mara.email))))!;
    const [episode, ...others] = await db.select().from(podcastEpisodes).where(eq(podcastEpisodes.userId, mara.id)).orderBy(asc(podcastEpisodes.publishDate));
    const title = (await firstRow(db.select().from(podcastTitles).where(eq(podcastTitles.id, episode!.podcastTitleId))))!;
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await page.goto(`/video/${episode!.id}`);
      await expect.poll(() => page.getByTestId('creator-name').textContent()).toBe('Mara Quill');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(episode!.name);
      expect(await page.getByTestId('podcast-title').textContent()).toBe(title.name);
      expect(await page.getByTestId('episode-duration').textContent()).toBe(`00:00:${String(episode!.durationSeconds).padStart(2, '0')}`);
      // No shell: no navigation, toolbar or footer.
      expect(await page.locator('[data-testid="navbar"], footer').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'User menu' }).count()).toBe(0);
      // Related episodes: the creator's other ones.
      for (const other of others) await page.getByRole('link', { name: new RegExp(other.name) }).waitFor();

      const player = page.getByTestId('episode-player');
      const canPlayMp3 = await player.evaluate((element) => (element as HTMLMediaElement).canPlayType('audio/mpeg'));
      expect(canPlayMp3).not.toBe('');
      // Autoplay may be refused without a user gesture; then the listener presses play.
      if (await player.evaluate((element) => (element as HTMLMediaElement).paused)) {
        await page.getByRole('button', { name: 'Play' }).click();
      }
      await expect.poll(() => player.evaluate((element) => (element as HTMLMediaElement).currentTime), { timeout: 10_000 }).toBeGreaterThan(0.5);
      await saveScreenshot(page, 'video-page');
    } finally {
      await context.close();
    }
  });

  it('the episode page offers the feed, links the event page, shows the transcript and seeks by chapter', async () => {
    const { db } = fixture.running.app.services;
    const mara = (await firstRow(db.select().from(users).where(eq(users.email, seededLogins.mara.email))))!;
    const episode = (await firstRow(db.select().from(podcastEpisodes).where(eq(podcastEpisodes.userId, mara.id)).orderBy(asc(podcastEpisodes.publishDate))))!;
    const chapters = (JSON.parse(readFileSync(join(uploadsDir(fixture.running.dataDir), episode.chaptersUrl!.replace('/uploads/', '')), 'utf8')) as {
      chapters: Array<{ startTime: number; title: string }>;
    }).chapters;
    const last = chapters.at(-1)!;
    expect(last.startTime).toBeGreaterThanOrEqual(3);
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await page.goto(`/video/${episode.id}`);
      // Subscribe: the title's feed, copyable, and the podcast-app links without the feed's scheme.
      const row = page.getByTestId('subscribe-row');
      await expect.poll(() => row.getByLabel('Podcast feed URL').inputValue()).toMatch(new RegExp(`^https?://[^/]+/feeds/${episode.podcastTitleId}\\.xml$`));
      const feedUrl = await row.getByLabel('Podcast feed URL').inputValue();
      expect((await page.request.get(new URL(feedUrl).pathname)).status()).toBe(200);
      await row.getByRole('button', { name: 'Copy feed URL' }).waitFor();
      const bare = feedUrl.replace(/^https?:\/\//, '');
      expect(await row.getByRole('link', { name: 'Open in Apple Podcasts' }).getAttribute('href')).toBe(`podcast://${bare}`);
      expect(await row.getByRole('link', { name: 'Open in podcast app' }).getAttribute('href')).toBe(`pcast://${bare}`);
      expect(await page.getByTestId('event-page-link').getAttribute('href')).toBe(`/events/${mara.creatorTag}`);

      // The transcript, as text under the player.
      const transcript = page.getByTestId('transcript');
      await transcript.getByText("Welcome to Records Behind the Set. I'm Mara.").waitFor();
      await transcript.getByText(episode.description).waitFor();

      // A chapter seeks the player to its start.
      const player = page.getByTestId('episode-player');
      await player.evaluate((element) => {
        const media = element as HTMLMediaElement;
        media.pause();
        media.currentTime = 0;
      });
      const chapterList = page.getByTestId('chapter-list');
      expect(await chapterList.getByRole('button').count()).toBe(chapters.length);
      await chapterList.getByRole('button', { name: new RegExp(`${last.title}$`) }).click();
      await expect.poll(() => player.evaluate((element) => (element as HTMLMediaElement).currentTime)).toBeGreaterThanOrEqual(last.startTime);
      expect(await player.evaluate((element) => (element as HTMLMediaElement).currentTime)).toBeLessThan(last.startTime + 2);
      await expect.poll(() => chapterList.getByRole('button', { name: new RegExp(`${last.title}$`) }).getAttribute('aria-current')).toBe('true');
      await saveScreenshot(page, 'video-page-extras');
    } finally {
      await context.close();
    }
  });

  it('a creator creates a podcast, uploads an episode with a progress bar and sees its duration and RSS link', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await login(page, seededLogins.mara.email, seededLogins.mara.password);
      await page.goto('/apps/podcast-titles');
      await page.getByRole('heading', { name: 'Podcasts' }).waitFor();
      // The heading shows before the list has loaded.
      await page.getByTestId('podcast-title-card').first().waitFor();
      expect(await page.getByTestId('podcast-title-card').count()).toBe(1);
      await page.getByRole('button', { name: 'New podcast' }).click();
      await page.getByLabel('Name').fill('Browser Sessions');
      await page.getByLabel('Description').fill('Made in a test');
      // A language outside the list is checked before sending.
      // In the dialog: the dashboard's own language menu is labelled Language too.
      await page.getByRole('dialog').getByLabel('Language', { exact: true }).selectOption('other');
      await page.getByLabel('Language code').fill('French');
      await page.getByLabel('Contact email').fill('not an email');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.getByText('Please enter a language code such as "en" or "fr-CA"').waitFor();
      await page.getByText(podcastMessages.contactEmail).waitFor();
      await page.getByRole('dialog').getByLabel('Language', { exact: true }).selectOption('fr-CA');
      await page.getByLabel('Category').selectOption('Music > Music Interviews');
      await page.getByLabel('Contact email').fill('shows@example.test');
      await page.getByLabel('Episode order').selectOption('serial');
      // Apple's artwork rule stands beside the picker, and a cover that breaks it is refused with it.
      await page.getByText(podcastMessages.cover, { exact: true }).waitFor();
      await page.getByLabel('Cover image').setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: makePng(600, 600) });
      await page.getByRole('button', { name: 'Create' }).click();
      await page.getByRole('alert').getByText(`${podcastMessages.cover}; this image is 600 × 600 px`).first().waitFor();
      await page.getByLabel('Cover image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: makePng(1400, 1400) });
      await page.getByRole('button', { name: 'Create' }).click();
      await page.getByRole('link', { name: /Browser Sessions/ }).click();
      await page.getByRole('heading', { name: 'Browser Sessions' }).waitFor();
      const feed = await page.getByLabel('RSS feed link').inputValue();
      expect(feed).toMatch(/\/feeds\/[A-Za-z0-9_-]+\.xml$/);

      await page.getByRole('link', { name: 'New episode' }).click();
      await page.getByLabel('Name').fill('Eleven seconds');
      await page.getByLabel('Season number').fill('1');
      // A serial podcast numbers every episode: left empty, it gets the next number.
      await page.getByText('Serial podcast: leave empty for the next number').waitFor();
      await page.getByLabel('Media file').setInputFiles({ name: 'eleven.mp3', mimeType: 'audio/mpeg', buffer: makeMp3Tone({ seconds: 11 }) });
      await page.getByRole('button', { name: 'Upload episode' }).click();
      await page.getByRole('progressbar').waitFor();
      await expect.poll(() => page.getByTestId('episode-duration').textContent(), { timeout: 15_000 }).toBe('00:00:11');
      await expect.poll(() => page.getByLabel('Episode number').inputValue()).toBe('1');

      // A renamed text file is refused with the server's message.
      await page.getByLabel('Replace media file').setInputFiles({ name: 'notes.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('plain text\n'.repeat(100)) });
      await page.getByRole('button', { name: 'Save episode' }).click();
      await page.getByText('Unsupported media type: please upload an MP3, M4A/AAC, MP4 or WebM file').first().waitFor();

      const rss = await page.request.get(new URL(feed).pathname);
      expect(rss.status()).toBe(200);
      const xml = await rss.text();
      expect(xml).toContain('<title>Eleven seconds</title>');
      expect(xml).toContain('<language>fr-CA</language>');
      expect(xml).toContain('<itunes:category text="Music"><itunes:category text="Music Interviews"/></itunes:category>');
      expect(xml).toContain('<itunes:email>shows@example.test</itunes:email>');
      expect(xml).toContain('<podcast:locked owner="shows@example.test">yes</podcast:locked>');
      expect(xml).toContain('<itunes:type>serial</itunes:type>');
      expect(xml).toContain('<itunes:season>1</itunes:season>');
      expect(xml).toContain('<itunes:episode>1</itunes:episode>');
      await saveScreenshot(page, 'episode-editor');
    } finally {
      await context.close();
    }
  });
  it('marks a members-only podcast in the list and on its page, which offers no public feed or episode page', async () => {
    const { app } = fixture.running;
    const { db } = app.services;
    const creator = await createUser(app, { role: 'dj', displayName: 'Ivy Rao' });
    const episode = { userId: creator.id, mediaType: 'audio/mpeg', mediaBytes: 1, durationSeconds: 1, publishDate: new Date(Date.now() - 60_000).toISOString() };
    const [openTitle, membersTitle] = [newId(), newId()];
    await db
      .insert(podcastTitles)
      .values([
        { id: openTitle, userId: creator.id, name: 'Open Air' },
        { id: membersTitle, userId: creator.id, name: 'Backstage Radio', membersOnly: true },
      ]);
    await db
      .insert(podcastEpisodes)
      .values([
        { ...episode, id: newId(), podcastTitleId: openTitle, name: 'Open rehearsal', mediaUrl: '/uploads/open.mp3' },
        { ...episode, id: newId(), podcastTitleId: membersTitle, name: 'Soundcheck', mediaUrl: '/uploads/soundcheck.mp3' },
      ]);
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await login(page, creator.email, testPassword);
      await page.goto('/apps/podcast-titles');
      const cards = page.getByTestId('podcast-title-card');
      await cards.filter({ hasText: 'Backstage Radio' }).getByText('Members only', { exact: true }).waitFor();
      expect(await cards.filter({ hasText: 'Open Air' }).getByText('Members only', { exact: true }).count()).toBe(0);

      await page.getByRole('link', { name: /Backstage Radio/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Backstage Radio' }).waitFor();
      await page.getByTestId('members-only-badge').waitFor();
      await page.getByText('This podcast has no public RSS feed: it is for members only. Members of a tier that includes it get their private feed link from My memberships.').waitFor();
      await page.getByRole('link', { name: 'Choose the tiers in Members' }).waitFor();
      await page.getByTestId('episode-row').filter({ hasText: 'Soundcheck' }).waitFor();
      expect(await page.getByLabel('RSS feed link').count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Open the public page of Soundcheck' }).count()).toBe(0);
      await saveScreenshot(page, 'podcast-title-members-only');

      await page.goto(`/apps/podcast-titles/${openTitle}`);
      await page.getByRole('heading', { level: 1, name: 'Open Air' }).waitFor();
      expect(await page.getByLabel('RSS feed link').inputValue()).toMatch(new RegExp(`/feeds/${openTitle}\\.xml$`));
      await page.getByRole('link', { name: 'Open the public page of Open rehearsal' }).waitFor();
      expect(await page.getByTestId('members-only-badge').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('admin screens in the browser', () => {
  const fixture = useBrowserApp({}, { terms: true });

  /** Creators meet the seeded terms right after signing in. */
  async function acceptTerms(page: import('playwright-core').Page) {
    await page.getByRole('dialog', { name: 'Terms and Conditions' }).waitFor();
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('dialog', { name: 'Terms and Conditions' }).waitFor({ state: 'detached' });
  }

  it('changes the site name without a restart', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await login(page, seededLogins.admin.email, seededLogins.admin.password);
      await page.goto('/apps/settings');
      await page.waitForURL(/\/apps\/settings\/general$/);
      await page.getByLabel('Site name', { exact: true }).fill('Night Radio');
      await page.getByRole('button', { name: 'Save general' }).click();
      await page.getByText('Settings saved').waitFor();
      await page.getByText('Night Radio', { exact: true }).first().waitFor();
      await page.goto('/apps/settings/payments');
      await page.getByLabel('Stripe secret key', { exact: true }).fill('sk_test_browser_secret_1234');
      await page.getByLabel('Stripe publishable key', { exact: true }).fill('pk_test_browser');
      await page.getByLabel('Provider').selectOption('stripe');
      await page.getByRole('button', { name: 'Save payments' }).click();
      await page.getByText('Settings saved').first().waitFor();
      expect(await page.getByLabel('Stripe secret key', { exact: true }).getAttribute('placeholder')).toBe('••••••••1234 (leave empty to keep)');
      expect(await page.getByLabel('Stripe secret key', { exact: true }).inputValue()).toBe('');
      // A fresh page load (same server process) shows the new name in the tab title too.
      await page.goto('/apps/users');
      await expect.poll(() => page.title()).toBe('Users · Night Radio');
    } finally {
      await context.close();
    }
  });

  it('activates a waiting creator from the users screen, who can then log in', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await login(page, seededLogins.admin.email, seededLogins.admin.password);
      await page.goto('/apps/users');
      await page.getByTestId('nav-badge-users').waitFor();
      await page.getByLabel('Status').selectOption('waiting');
      await page.getByRole('link', { name: 'Ines Park' }).first().click();
      await page.waitForURL(/\/apps\/users\/[^/]+\/ines_waits$/);
      await page.getByRole('button', { name: 'Activate' }).click();
      await expect.poll(() => page.getByTestId('user-status').textContent()).toBe('Active');
    } finally {
      await context.close();
    }
    const second = await newPage(fixture.browser, fixture.running.url);
    try {
      await login(second.page, seededLogins.pending.email, seededLogins.pending.password);
      await acceptTerms(second.page);
      await second.page.getByTestId('user-display-name').waitFor();
      expect(await second.page.getByTestId('user-display-name').textContent()).toBe('Ines Park');
    } finally {
      await second.context.close();
    }
  });

  it('shows the emulation banner over the terms dialog, and Exit works', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await login(page, seededLogins.admin.email, seededLogins.admin.password);
      await page.goto('/apps/users?search=mara');
      await page.getByRole('button', { name: 'Emulate Mara Quill' }).click();
      // Mara has the seeded terms pending: the dialog opens, and the banner stays on top of it.
      await page.getByRole('dialog', { name: 'Terms and Conditions' }).waitFor();
      const banner = page.getByTestId('emulation-banner');
      expect(await banner.textContent()).toBe('Viewing as Mara Quill·Exit');
      await saveScreenshot(page, 'emulation-banner-over-dialog');
      await banner.getByRole('button', { name: 'Exit' }).click();
      await page.waitForURL(/\/apps\/users$/);
      await expect.poll(() => page.getByTestId('user-display-name').textContent()).toBe('Cuepoint Admin');
      expect(await banner.count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('keeps the users list usable on a 390 px phone (cards) and edits the profile', async () => {
    const context = await fixture.browser.newContext({ baseURL: fixture.running.url, viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    try {
      await login(page, seededLogins.admin.email, seededLogins.admin.password);
      await page.goto('/apps/users');
      await page.getByTestId('user-card-mara@cuepoint.local').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await page.goto('/profile/me');
      await page.waitForURL(/\/profile\/[^/]+\/about$/);
      await page.getByLabel('Stream source').fill('not a url');
      await page.getByRole('button', { name: 'Save profile' }).click();
      await page.getByText('Please enter an http(s) URL').waitFor();
      await page.getByLabel('Stream source').fill('https://stream.example.test/live.m3u8');
      await page.getByLabel('Display name').fill('Admin Ada');
      await page.getByRole('button', { name: 'Save profile' }).click();
      await page.getByText('Profile saved').waitFor();
      // The "new tip / new ticket" notice can be turned off, and it stays off.
      const notices = page.getByRole('switch', { name: 'Mail me about each new tip, ticket or member' });
      expect(await notices.getAttribute('aria-checked')).toBe('true');
      await notices.click();
      await page.getByText('No more mails about new tips and tickets').waitFor();
      await page.reload();
      await expect.poll(() => page.getByRole('switch', { name: 'Mail me about each new tip, ticket or member' }).getAttribute('aria-checked')).toBe('false');
      await page.getByRole('link', { name: 'Subscriptions' }).click();
      await page.getByTestId('plan-status').waitFor();
      await page.getByRole('link', { name: 'Security' }).click();
      await page.getByLabel('Current password').waitFor();
      await saveScreenshot(page, 'profile-phone');
    } finally {
      await context.close();
    }
  });
});
