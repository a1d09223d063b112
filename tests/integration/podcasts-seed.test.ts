import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { readMediaDuration } from '@server/domains/podcasts/podcast-uploads';
import { uploadsDir } from '@server/lib/uploads';
import { seedDatabase } from '../../seed/seed';
import { createTestApp, type TestApp } from '../helpers/app';

describe('seeded podcasts', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
    await seedDatabase(test.app.services.db, test.config, { demoData: true, terms: false });
    await seedDatabase(test.app.services.db, test.config, { demoData: true, terms: false });
  });
  afterAll(async () => test.close());

  it('gives each demo creator one title with real, playable MP3 episodes (seeding twice adds nothing)', async () => {
    const titles = test.app.services.db.select().from(podcastTitles).all();
    expect(titles.map((title) => title.name).sort()).toEqual(['Independent Voices', 'Records Behind the Set']);
    const episodes = test.app.services.db.select().from(podcastEpisodes).all();
    expect(episodes).toHaveLength(5);
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
});
