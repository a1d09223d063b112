import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { parseFeed } from 'podcast-partytime';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstRow } from '@db/store';
import { podcastEpisodes, podcastTitles, podcastUploads } from '@db/schema/podcasts';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { podcastGuid } from '@server/domains/podcasts/podcast-feed';
import { podcastMessages } from '@server/domains/podcasts/podcasts.schemas';
import { uploadsDir } from '@server/platform/uploads';
import { makeMp3Tone } from '@server/lib/mp3-tone';
import { callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/app';
import { postMultipart, type multipart } from '../helpers/images';

const publicUrl = 'https://casts.example.test';

/** An image made by sharp: a solid colour of the given size, format and colour space. */
async function image(width: number, height: number, options: { format?: 'png' | 'jpeg' | 'webp'; colour?: 'rgb' | 'cmyk' | 'grey-alpha' } = {}): Promise<Buffer> {
  let picture = sharp({ create: { width, height, channels: 3, background: '#f97316' } });
  if (options.colour === 'cmyk') picture = picture.toColourspace('cmyk');
  if (options.colour === 'grey-alpha') picture = picture.toColourspace('b-w').ensureAlpha(0.5);
  const format = options.format ?? 'png';
  return format === 'png' ? picture.png().toBuffer() : format === 'jpeg' ? picture.jpeg().toBuffer() : picture.webp().toBuffer();
}

const pngFile = (content: Buffer) => ({ filename: 'cover.png', contentType: 'image/png', content });
const mp3 = (seconds: number) => ({ filename: 'tone.mp3', contentType: 'audio/mpeg', content: makeMp3Tone({ seconds }) });

describe('feeds that podcast directories accept', () => {
  let test: TestApp;
  let creator: TestUser;
  let cover: Buffer;

  beforeEach(async () => {
    test = await createTestApp({ PUBLIC_URL: publicUrl });
    creator = await createUser(test.app, { role: 'dj', displayName: 'Mara Quill', creatorTag: 'mara_quill', email: 'mara.account@example.test' });
    cover ??= await image(1400, 1400);
  });
  afterEach(async () => test.close());

  const storedFiles = () => readdirSync(uploadsDir(test.dataDir)).sort();

  function postTitle(fields: Record<string, string>, files: Parameters<typeof multipart>[1] = {}, url = '/api/podcast/titles') {
    return postMultipart(test.app, creator.token, url, fields, files);
  }

  async function createTitle(fields: Record<string, string> = {}) {
    const response = await postTitle({ name: 'Records Behind the Set', ...fields }, { image: pngFile(cover) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; feedUrl: string; podcastGuid: string; contactEmail: string | null; itunesType: string; imageUrl: string };
  }

  function postEpisode(url: string, fields: Record<string, string>, files: Parameters<typeof multipart>[1] = {}) {
    return postMultipart(test.app, creator.token, url, fields, files);
  }

  async function createEpisode(titleId: string, fields: Record<string, string> = {}) {
    const response = await postEpisode(`/api/podcast/titles/${titleId}/episodes`, { name: 'Episode', publishDate: '2026-01-05T10:00:00Z', ...fields }, { media: mp3(1) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; seasonNumber: number | null; episodeNumber: number | null };
  }

  const feedOf = async (titleId: string) => {
    const response = await test.app.inject({ method: 'GET', url: `/feeds/${titleId}.xml` });
    expect(response.statusCode).toBe(200);
    return { xml: response.body, feed: parseFeed(response.body)! };
  };

  it('parses with podcast-partytime: owner and email, the lock with its owner, the guid, the type, season and episode', async () => {
    const title = await createTitle({ contactEmail: 'Shows@Example.test', itunesType: 'serial' });
    expect(title).toMatchObject({ contactEmail: 'shows@example.test', itunesType: 'serial', podcastGuid: podcastGuid(title.feedUrl) });
    await createEpisode(title.id, { name: 'Chapter one', seasonNumber: '2', episodeNumber: '5', publishDate: '2026-01-05T10:00:00Z' });

    const { feed } = await feedOf(title.id);
    expect(feed.owner).toEqual({ name: 'Mara Quill', email: 'shows@example.test' });
    expect(feed.locked).toBe(true);
    expect(feed.podcastOwner).toBe('shows@example.test');
    expect(feed.guid).toBe(title.podcastGuid);
    expect(feed.itunesType).toBe('serial');
    expect(feed.itunesImage).toBe(`${publicUrl}${title.imageUrl}`);
    expect(feed.items).toHaveLength(1);
    expect(feed.items[0]).toMatchObject({ title: 'Chapter one', itunesSeason: 2, itunesEpisode: 5, podcastSeason: { number: 2 }, podcastEpisode: { number: 5 } });
  });

  it("uses the creator's account email when the title has no contact email, and follows edits of both fields", async () => {
    const title = await createTitle();
    expect(title).toMatchObject({ contactEmail: null, itunesType: 'episodic' });
    let { feed } = await feedOf(title.id);
    expect(feed.owner).toEqual({ name: 'Mara Quill', email: 'mara.account@example.test' });
    expect(feed.podcastOwner).toBe('mara.account@example.test');
    expect(feed.itunesType).toBe('episodic');

    const edited = await postTitle({ contactEmail: 'press@example.test' }, {}, `/api/podcast/titles/${title.id}`);
    expect(edited.statusCode, edited.body).toBe(200);
    ({ feed } = await feedOf(title.id));
    expect(feed.owner?.email).toBe('press@example.test');
    expect(feed.podcastOwner).toBe('press@example.test');

    // An empty contact email goes back to the account's.
    const cleared = await postTitle({ contactEmail: '' }, {}, `/api/podcast/titles/${title.id}`);
    expect(cleared.json()).toMatchObject({ contactEmail: null });
    ({ feed } = await feedOf(title.id));
    expect(feed.podcastOwner).toBe('mara.account@example.test');
  });

  it('refuses a bad contact email, iTunes type or episode number with field messages, over REST and tRPC', async () => {
    const before = (await test.app.services.db.select().from(podcastTitles)).length;
    const badEmail = await postTitle({ name: 'x', contactEmail: 'not an email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toEqual({ message: podcastMessages.contactEmail, errors: { contactEmail: podcastMessages.contactEmail } });
    const badType = await postTitle({ name: 'x', itunesType: 'weekly' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().errors).toEqual({ itunesType: podcastMessages.itunesType });
    expect(await test.app.services.db.select().from(podcastTitles)).toHaveLength(before);

    const title = await createTitle();
    for (const value of ['0', '-1', '1.5', 'three', '1e3']) {
      const refused = await postEpisode(`/api/podcast/titles/${title.id}/episodes`, { name: 'x', seasonNumber: value, episodeNumber: value }, { media: mp3(1) });
      expect(refused.statusCode, value).toBe(400);
      expect(refused.json().errors, value).toEqual({ seasonNumber: podcastMessages.seasonNumber, episodeNumber: podcastMessages.episodeNumber });
    }
    expect(await test.app.services.db.select().from(podcastEpisodes)).toEqual([]);
    expect(await test.app.services.db.select().from(podcastUploads)).toEqual([]);

    const caller = await callerAs(test.app, creator.token);
    // tRPC callers get zod's issues, with the same texts.
    await expect(caller.podcasts.updateTitle({ id: title.id, contactEmail: 'a@b' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.podcasts.updateTitle({ id: title.id, contactEmail: 'a@b' })).rejects.toThrow(podcastMessages.contactEmail);
    const episode = await createEpisode(title.id, { seasonNumber: '1', episodeNumber: '3' });
    expect(episode).toMatchObject({ seasonNumber: 1, episodeNumber: 3 });
    await expect(caller.podcasts.updateEpisode({ id: episode.id, episodeNumber: 0 })).rejects.toThrow(podcastMessages.episodeNumber);
    // Empty clears a number (REST), null does over tRPC.
    const cleared = await postEpisode(`/api/podcast/episodes/${episode.id}`, { seasonNumber: '' });
    expect(cleared.json()).toMatchObject({ seasonNumber: null, episodeNumber: 3 });
    await expect(caller.podcasts.updateEpisode({ id: episode.id, episodeNumber: null })).resolves.toMatchObject({ seasonNumber: null, episodeNumber: null });
    const { feed } = await feedOf(title.id);
    expect(feed.items[0]).not.toHaveProperty('itunesEpisode');
  });

  it('numbers every episode of a serial podcast', async () => {
    const title = await createTitle();
    const unnumbered = await createEpisode(title.id);
    const caller = await callerAs(test.app, creator.token);
    // An episode without a number keeps the podcast episodic.
    await expect(caller.podcasts.updateTitle({ id: title.id, itunesType: 'serial' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: podcastMessages.serialUnnumbered });
    await caller.podcasts.updateEpisode({ id: unnumbered.id, episodeNumber: 1 });
    await expect(caller.podcasts.updateTitle({ id: title.id, itunesType: 'serial' })).resolves.toMatchObject({ itunesType: 'serial' });

    // A new episode left without a number gets the next one (of its season).
    expect(await createEpisode(title.id)).toMatchObject({ seasonNumber: null, episodeNumber: 2 });
    expect(await createEpisode(title.id, { seasonNumber: '2' })).toMatchObject({ seasonNumber: 2, episodeNumber: 1 });
    expect(await createEpisode(title.id, { episodeNumber: '9' })).toMatchObject({ episodeNumber: 9 });
    const cleared = await postEpisode(`/api/podcast/episodes/${unnumbered.id}`, { episodeNumber: '' });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().errors).toEqual({ episodeNumber: podcastMessages.serialNeedsNumber });
    expect((await caller.podcasts.getEpisode({ id: unnumbered.id })).episodeNumber).toBe(1);
  });

  describe('covers', () => {
    it.each([
      ['599 px', () => image(599, 599), 'this image is 599 × 599 px'],
      ['not square', () => image(1400, 1500), 'this image is 1400 × 1500 px'],
      ['over 3000 px', () => image(3001, 3001, { format: 'jpeg' }), 'this image is 3001 × 3001 px'],
      ['CMYK', () => image(1400, 1400, { format: 'jpeg', colour: 'cmyk' }), 'this image is CMYK'],
      ['greyscale with alpha', () => image(1400, 1400, { colour: 'grey-alpha' }), 'this image is greyscale'],
    ])('refuses a cover that is %s with 400 naming the rule, and keeps no file', async (_name, make, detail) => {
      const title = await createTitle();
      const before = storedFiles();
      const message = `${podcastMessages.cover}; ${detail}`;
      const refused = await postTitle({ name: 'Another' }, { image: pngFile(await make()) });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message, errors: { image: message } });
      const edited = await postTitle({}, { image: pngFile(await make()) }, `/api/podcast/titles/${title.id}`);
      expect(edited.json()).toEqual({ message, errors: { image: message } });
      // Episode covers become the item's itunes:image: the same rule.
      const episode = await postEpisode(`/api/podcast/titles/${title.id}/episodes`, { name: 'x' }, { media: mp3(1), image: pngFile(await make()) });
      expect(episode.statusCode).toBe(400);
      expect(episode.json().errors).toEqual({ image: message });
      expect(storedFiles()).toEqual(before);
      expect(await test.app.services.db.select().from(podcastTitles)).toHaveLength(1);
      expect(await test.app.services.db.select().from(podcastEpisodes)).toEqual([]);
      expect(await test.app.services.db.select().from(podcastUploads)).toEqual([]);
    });

    it('refuses WebP and GIF by their bytes (415, the same rule), and takes a 3000 px JPEG', async () => {
      const webp = await postTitle({ name: 'x' }, { image: pngFile(await image(1400, 1400, { format: 'webp' })) });
      expect(webp.statusCode).toBe(415);
      expect(webp.json()).toEqual({ message: podcastMessages.cover, errors: { image: podcastMessages.cover } });
      const gif = await postTitle({ name: 'x' }, { image: { filename: 'c.gif', contentType: 'image/gif', content: await sharp({ create: { width: 1400, height: 1400, channels: 3, background: '#000' } }).gif().toBuffer() } });
      expect(gif.statusCode).toBe(415);
      expect(storedFiles()).toEqual([]);

      const jpeg = await postTitle({ name: 'Big cover' }, { image: { filename: 'c.jpg', contentType: 'image/jpeg', content: await image(3000, 3000, { format: 'jpeg' }) } });
      expect(jpeg.statusCode, jpeg.body).toBe(201);
      expect(jpeg.json().imageUrl).toMatch(/\.jpg$/);
    });
  });
});

describe('podcast:guid', () => {
  const dataDirs: string[] = [];
  afterEach(() => {
    for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** An app on the given data dir (the same SQLite file each time), as a restart with another PUBLIC_URL would be. */
  const appAt = (dataDir: string, publicUrl: string) =>
    buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', BOT_CHECK_PROVIDER: 'off', JWT_SECRET: 'test-secret-test-secret-test-secret-test', PUBLIC_URL: publicUrl }));
  const guidInFeed = async (app: Awaited<ReturnType<typeof appAt>>, titleId: string) => parseFeed((await app.inject({ method: 'GET', url: `/feeds/${titleId}.xml` })).body)!.guid;

  it('stays the same when PUBLIC_URL changes: it is stored when the title is created', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-guid-'));
    dataDirs.push(dataDir);
    const first = await appAt(dataDir, 'https://old.example.test');
    const creator = await createUser(first, { role: 'dj' });
    const title = await (await callerAs(first, creator.token)).podcasts.createTitle({ name: 'Moving house' });
    expect(title.podcastGuid).toBe(podcastGuid(`old.example.test/feeds/${title.id}.xml`));
    expect(await guidInFeed(first, title.id)).toBe(title.podcastGuid);
    await first.close();

    const second = await appAt(dataDir, 'https://new.example.test');
    try {
      const feed = parseFeed((await second.inject({ method: 'GET', url: `/feeds/${title.id}.xml` })).body)!;
      expect(feed.guid).toBe(title.podcastGuid);
      expect(feed.guid).not.toBe(podcastGuid(`new.example.test/feeds/${title.id}.xml`));
      expect(await second.inject({ method: 'GET', url: `/feeds/${title.id}.xml` }).then((response) => response.body)).toContain('https://new.example.test/feeds/');
    } finally {
      await second.close();
    }
  });

  it('is filled once, at start-up, for titles stored without one, from the feed URL of that moment', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-guid-'));
    dataDirs.push(dataDir);
    const first = await appAt(dataDir, 'https://first.example.test');
    const creator = await createUser(first, { role: 'dj' });
    await first.services.db.insert(podcastTitles).values({ id: 'older-title', userId: creator.id, name: 'From before' });
    await first.close();

    const second = await appAt(dataDir, 'https://second.example.test');
    const stored = async () => (await firstRow(second.services.db.select({ guid: podcastTitles.podcastGuid }).from(podcastTitles).where(eq(podcastTitles.id, 'older-title'))))!.guid;
    const expected = podcastGuid('second.example.test/feeds/older-title.xml');
    expect(await stored()).toBe(expected);
    expect(await guidInFeed(second, 'older-title')).toBe(expected);
    await second.close();

    const third = await appAt(dataDir, 'https://third.example.test');
    try {
      expect(await guidInFeed(third, 'older-title')).toBe(expected);
    } finally {
      await third.close();
    }
  });
});
