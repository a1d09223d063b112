import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstRow } from '@db/store';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { newPage, saveScreenshot, seededLogins, useBrowserApp } from './harness';

/** A page on another site (another loopback port): an embedded player that loads our public media with CORS. */
function playerPage(app: string, media: string, cover: string, feed: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A player elsewhere</title></head>
<body>
  <h1>Listening elsewhere</h1>
  <img id="cover" crossorigin="anonymous" alt="Cover" width="160" height="160" src="${app}${cover}">
  <audio id="player" crossorigin="anonymous" preload="auto" controls src="${app}${media}"></audio>
  <p id="feed">loading feed…</p>
  <script>
    fetch(${JSON.stringify(`${app}${feed}`)})
      .then((response) => response.text())
      .then((text) => { document.getElementById('feed').textContent = new DOMParser().parseFromString(text, 'application/xml').querySelector('channel > title').textContent; })
      .catch((error) => { document.getElementById('feed').textContent = 'feed failed: ' + error; });
  </script>
</body></html>`;
}

describe('players on other sites', () => {
  const fixture = useBrowserApp();
  let elsewhere: Server;
  let elsewhereUrl = '';
  let page = '';

  beforeAll(async () => {
    elsewhere = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => elsewhere?.close(resolve));
  });

  it("a page on another origin plays a seeded episode's audio, shows its cover and reads its feed", async () => {
    const { db } = fixture.running.app.services;
    const mara = (await firstRow(db.select().from(users).where(eq(users.email, seededLogins.mara.email))))!;
    const episode = (await firstRow(db.select().from(podcastEpisodes).where(eq(podcastEpisodes.userId, mara.id)).orderBy(asc(podcastEpisodes.publishDate))))!;
    const title = (await firstRow(db.select().from(podcastTitles).where(eq(podcastTitles.id, episode.podcastTitleId))))!;
    expect(new URL(elsewhereUrl).origin).not.toBe(new URL(fixture.running.url).origin);
    page = playerPage(fixture.running.url, episode.mediaUrl, title.imageUrl!, `/feeds/${title.id}.xml`);

    const { context, page: browserPage } = await newPage(fixture.browser, elsewhereUrl);
    const blocked: string[] = [];
    browserPage.on('console', (message) => {
      if (message.type() === 'error') blocked.push(message.text());
    });
    try {
      await browserPage.goto('/');
      const player = browserPage.locator('#player');
      // HAVE_CURRENT_DATA: the audio was fetched across origins and decoded.
      await expect
        .poll(() => player.evaluate((element) => (element as HTMLMediaElement).readyState), { timeout: 20_000 })
        .toBeGreaterThanOrEqual(2);
      expect(await player.evaluate((element) => (element as HTMLMediaElement).error)).toBeNull();
      expect(await player.evaluate((element) => (element as HTMLMediaElement).duration)).toBeCloseTo(episode.durationSeconds, 0);
      await expect.poll(() => browserPage.locator('#cover').evaluate((element) => (element as HTMLImageElement).naturalWidth), { timeout: 20_000 }).toBeGreaterThan(0);
      await expect.poll(() => browserPage.locator('#feed').textContent(), { timeout: 20_000 }).toBe(title.name);
      expect(blocked.filter((text) => /CORS|Cross-Origin/i.test(text))).toEqual([]);
      await saveScreenshot(browserPage, 'players-elsewhere');
    } finally {
      await context.close();
    }
  });
});
