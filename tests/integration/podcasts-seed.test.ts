import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { parseFeed } from 'podcast-partytime';
import sharp from 'sharp';
import { firstRow } from '@db/store';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { podcastGuid } from '@server/domains/podcasts/podcast-feed';
import { podcastCategory, podcastLanguage } from '@server/domains/podcasts/podcasts.schemas';
import { feedUrl } from '@server/domains/podcasts/podcasts.service';
import { coverProblem, readMediaDuration } from '@server/domains/podcasts/podcast-uploads';
import { uploadsDir } from '@server/platform/uploads';
import { seedCoverPng } from '../../seed/podcasts';
import { seedDatabase } from '../../seed/seed';
import { createTestApp, type TestApp } from '../helpers/app';

const dayMs = 24 * 3600_000;

describe('seeded podcasts', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
    await seedDatabase(test.app.services.db, test.config, { demoData: true, terms: false });
    await seedDatabase(test.app.services.db, test.config, { demoData: true, terms: false });
  });
  afterAll(async () => test.close());

  it('gives each demo creator one title with real, playable MP3 episodes (seeding twice adds nothing)', async () => {
    const titles = await test.app.services.db.select().from(podcastTitles);
    expect(titles.map((title) => title.name).sort()).toEqual(['Independent Voices', 'Records Behind the Set']);
    const episodes = await test.app.services.db.select().from(podcastEpisodes);
    expect(episodes).toHaveLength(11);
    for (const episode of episodes) {
      const path = join(uploadsDir(test.dataDir), episode.mediaUrl.replace('/uploads/', ''));
      expect(await readMediaDuration(path)).toBe(episode.durationSeconds);
      const served = await test.app.inject({ method: 'GET', url: episode.mediaUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toContain('audio/mpeg');
    }
    const cover = await test.app.inject({ method: 'GET', url: titles[0]!.imageUrl! });
    expect(cover.headers['content-type']).toBe('image/png');
    const feed = await test.app.inject({ method: 'GET', url: `/feeds/${titles[0]!.id}.xml` });
    expect(feed.statusCode).toBe(200);
  });

  it('gives the seeded titles a language and an Apple category, and every episode a transcript and chapters', async () => {
    const titles = await test.app.services.db.select().from(podcastTitles).orderBy(asc(podcastTitles.name));
    expect(titles.map(({ name, language, category }) => ({ name, language, category }))).toEqual([
      { name: 'Independent Voices', language: 'en-CA', category: 'Music > Music Interviews' },
      { name: 'Records Behind the Set', language: 'en', category: 'Music > Music Commentary' },
    ]);
    for (const title of titles) {
      expect(podcastCategory.parse(title.category)).toBe(title.category);
      expect(podcastLanguage.parse(title.language)).toBe(title.language);
      const feed = (await test.app.inject({ method: 'GET', url: `/feeds/${title.id}.xml` })).body;
      expect(feed).toContain(`<language>${title.language}</language>`);
      expect(feed).toContain('<podcast:transcript ');
      expect(feed).toContain('<podcast:chapters ');
    }
    const episodes = await test.app.services.db.select().from(podcastEpisodes);
    for (const episode of episodes) {
      const transcript = await test.app.inject({ method: 'GET', url: episode.transcriptUrl! });
      expect(transcript.statusCode).toBe(200);
      expect(transcript.body).toMatch(episode.transcriptType === 'text/vtt' ? /^WEBVTT\n\n00:00:00\.000 --> / : /^1\n00:00:00,000 --> /);
      expect(transcript.body).toContain(episode.description);
      const chapters = (await test.app.inject({ method: 'GET', url: episode.chaptersUrl! })).json() as { version: string; chapters: Array<{ startTime: number; title: string }> };
      expect(chapters.version).toBe('1.2.0');
      expect(chapters.chapters.map((chapter) => chapter.title)).toEqual(['Welcome', episode.name, 'Thanks for listening']);
      const starts = chapters.chapters.map((chapter) => chapter.startTime);
      expect(starts[0]).toBe(0);
      expect([...starts].sort((a, b) => a - b)).toEqual(starts);
      expect(starts.at(-1)).toBeLessThan(episode.durationSeconds);
    }
  });

  it('makes feeds Apple Podcasts and Podcasting 2.0 apps accept: 1400 px RGB covers, owner, lock, stored guid, type and numbers', async () => {
    const { db } = test.app.services;
    const titles = await db.select().from(podcastTitles).orderBy(asc(podcastTitles.name));
    expect(titles.map(({ name, itunesType }) => ({ name, itunesType }))).toEqual([
      { name: 'Independent Voices', itunesType: 'serial' },
      { name: 'Records Behind the Set', itunesType: 'episodic' },
    ]);
    for (const title of titles) {
      const coverPath = join(uploadsDir(test.dataDir), title.imageUrl!.replace('/uploads/', ''));
      expect(await coverProblem(coverPath)).toBeNull();
      expect(await sharp(coverPath).metadata()).toMatchObject({ width: 1400, height: 1400, format: 'png', space: 'srgb', channels: 3 });

      const owner = (await firstRow(db.select().from(users).where(eq(users.id, title.userId))))!;
      expect(title.podcastGuid).toBe(podcastGuid(feedUrl(test.config, title.id)));
      const feed = parseFeed((await test.app.inject({ method: 'GET', url: `/feeds/${title.id}.xml` })).body)!;
      expect(feed.guid).toBe(title.podcastGuid);
      expect(feed.owner).toEqual({ name: owner.displayName, email: owner.email });
      expect(feed.locked).toBe(true);
      expect(feed.podcastOwner).toBe(owner.email);
      expect(feed.itunesType).toBe(title.itunesType);
      const episodes = await db.select().from(podcastEpisodes).where(eq(podcastEpisodes.podcastTitleId, title.id));
      for (const item of feed.items) {
        const episode = episodes.find((row) => row.id === item.guid)!;
        expect(item.itunesSeason).toBe(episode.seasonNumber ?? undefined);
        expect(item.itunesEpisode).toBe(episode.episodeNumber ?? undefined);
      }
      // A serial show numbers every episode.
      if (title.itunesType === 'serial') expect(feed.items.every((item) => typeof item.itunesEpisode === 'number')).toBe(true);
    }
    expect((await db.select().from(podcastEpisodes)).some((episode) => episode.seasonNumber !== null)).toBe(true);
  });

  it('gives each title a back catalogue: recent episodes and two or three from 35 to 84 days ago, all in its feed', async () => {
    const { db } = test.app.services;
    const now = Date.now();
    const daysAgo = (publishDate: string) => Math.round((now - Date.parse(publishDate)) / dayMs);
    for (const title of await db.select().from(podcastTitles).orderBy(asc(podcastTitles.name))) {
      const episodes = await db.select().from(podcastEpisodes).where(eq(podcastEpisodes.podcastTitleId, title.id));
      const ages = episodes.map((episode) => daysAgo(episode.publishDate));
      const older = ages.filter((age) => age > 30);
      expect(older.length, title.name).toBeGreaterThanOrEqual(2);
      expect(older.length, title.name).toBeLessThanOrEqual(3);
      expect(Math.max(...ages), title.name).toBeLessThan(90);
      expect(ages.filter((age) => age <= 21).length, title.name).toBeGreaterThanOrEqual(2);

      // The feed lists every episode, newest first, each with its own audio.
      const feed = parseFeed((await test.app.inject({ method: 'GET', url: `/feeds/${title.id}.xml` })).body)!;
      const newestFirst = [...episodes].sort((a, b) => b.publishDate.localeCompare(a.publishDate));
      expect(feed.items.map((item) => item.title)).toEqual(newestFirst.map((episode) => episode.name));
      expect(new Set(feed.items.map((item) => item.enclosure.url)).size).toBe(episodes.length);
      // A serial show numbers its back catalogue too, in release order.
      if (title.itunesType === 'serial') {
        const order = [...episodes].sort((a, b) => a.publishDate.localeCompare(b.publishDate)).map((episode) => [episode.seasonNumber, episode.episodeNumber] as const);
        expect(order).toEqual([...order].sort(([seasonA, numberA], [seasonB, numberB]) => seasonA! - seasonB! || numberA! - numberB!));
      }
    }
  });

  it('draws the same cover every time', async () => {
    const title = { name: 'Records Behind the Set', colors: ['#f97316', '#7c2d12'] as [string, string] };
    expect((await seedCoverPng(title)).equals(await seedCoverPng(title))).toBe(true);
  });
});
