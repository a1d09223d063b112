import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Parser from 'rss-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { podcastEpisodes, podcastTitles, podcastUploads } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { makeMp3Tone, mp3ToneFrames } from '@server/lib/mp3-tone';
import { mediaMessages, uploadsDir } from '@server/platform/uploads';
import { podcastGuid } from '@server/domains/podcasts/podcast-feed';
import { podcastMessages } from '@server/domains/podcasts/podcasts.schemas';
import { eq } from 'drizzle-orm';
import { bearer, callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/app';
import { makePng, multipart } from '../helpers/images';

const publicUrl = 'https://casts.example.test';
/** The smallest cover Apple Podcasts takes. */
const cover = makePng(1400, 1400);

describe('podcasts', () => {
  let test: TestApp;
  let creator: TestUser;
  let other: TestUser;

  beforeEach(async () => {
    test = await createTestApp({ PUBLIC_URL: publicUrl });
    creator = await createUser(test.app, { role: 'dj', displayName: 'Mara Quill', creatorTag: 'mara_quill' });
    other = await createUser(test.app, { role: 'dj' });
  });
  afterEach(async () => test.close());

  const storedFiles = () => readdirSync(uploadsDir(test.dataDir)).sort();
  const fileOf = (url: string) => join(uploadsDir(test.dataDir), url.replace('/uploads/', ''));

  async function createTitle(token = creator.token, fields: Record<string, string> = {}) {
    const body = multipart(
      { name: 'Records Behind the Set', description: 'Stories & <notes>', isVideo: 'false', ...fields },
      { image: { filename: 'cover.png', contentType: 'image/png', content: cover } },
    );
    const response = await test.app.inject({ method: 'POST', url: '/api/podcast/titles', headers: { ...body.headers, ...bearer(token) }, payload: body.payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; imageUrl: string; feedUrl: string; name: string; language: string };
  }

  async function uploadEpisode(titleId: string, media: { filename: string; contentType: string; content: Buffer }, fields: Record<string, string> = {}, token = creator.token) {
    const body = multipart({ name: 'Episode one', description: 'First', publishDate: '2026-01-05T10:00:00Z', ...fields }, { media });
    return test.app.inject({ method: 'POST', url: `/api/podcast/titles/${titleId}/episodes`, headers: { ...body.headers, ...bearer(token) }, payload: body.payload });
  }

  const mp3 = (seconds: number) => ({ filename: 'tone.mp3', contentType: 'audio/mpeg', content: makeMp3Tone({ seconds }) });

  it('an MP3 made here uploads and gets the right duration', async () => {
    const title = await createTitle();
    const response = await uploadEpisode(title.id, mp3(7));
    expect(response.statusCode, response.body).toBe(201);
    const episode = response.json();
    expect(mp3ToneFrames(7) * 0.024).toBeCloseTo(7.008, 3);
    expect(episode).toMatchObject({ podcastTitleId: title.id, name: 'Episode one', duration: 7, mimeType: 'audio/mpeg', isPublished: true });
    expect(existsSync(fileOf(episode.fileUrl))).toBe(true);
    // Public shape (platform.md §3).
    const pub = await test.app.inject({ method: 'GET', url: `/api/podcast/episodes-public/${episode.id}` });
    expect(pub.json()).toMatchObject({
      id: episode.id,
      name: 'Episode one',
      fileUrl: episode.fileUrl,
      duration: 7,
      podcastTitleId: title.id,
      podcastTitle: 'Records Behind the Set',
      imageUrl: title.imageUrl,
      userId: creator.id,
      userName: 'Mara Quill',
    });
    const related = await test.app.inject({ method: 'GET', url: `/api/podcast/${creator.id}/user-podcast-episodes/20` });
    expect(related.json().map((item: { id: string }) => item.id)).toEqual([episode.id]);
    expect((await test.app.inject({ method: 'GET', url: `/api/podcast/titles-public/${title.id}` })).json()).toMatchObject({
      name: 'Records Behind the Set',
      userName: 'Mara Quill',
      userId: creator.id,
      isVideo: false,
    });
  });

  it('refuses a renamed text file with 415 and keeps no file', async () => {
    const title = await createTitle();
    const before = storedFiles();
    const response = await uploadEpisode(title.id, { filename: 'song.mp3', contentType: 'audio/mpeg', content: Buffer.from('just some text, not audio\n'.repeat(500)) });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: mediaMessages.type, errors: { media: mediaMessages.type } });
    expect(storedFiles()).toEqual(before);
    expect(await test.app.services.db.select().from(podcastEpisodes)).toEqual([]);
    expect(await test.app.services.db.select().from(podcastUploads)).toEqual([]);
  });

  it('refuses a media file whose frames cannot be read, and keeps no file', async () => {
    const title = await createTitle();
    const before = storedFiles();
    // An M4A's `ftyp` box (the magic bytes pass), then a `free` box and no movie header at all.
    const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypM4A \0\0\0\0M4A mp42', 'latin1')]);
    const free = Buffer.concat([Buffer.from([0, 0, 0x17, 0x78]), Buffer.from('free', 'latin1'), Buffer.alloc(0x1778 - 8)]);
    const response = await uploadEpisode(title.id, { filename: 'x.m4a', contentType: 'audio/mp4', content: Buffer.concat([ftyp, free]) });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(mediaMessages.unreadable);
    expect(storedFiles()).toEqual(before);
  });

  it('needs the media file', async () => {
    const title = await createTitle();
    const body = multipart({ name: 'No media' });
    const response = await test.app.inject({ method: 'POST', url: `/api/podcast/titles/${title.id}/episodes`, headers: { ...body.headers, ...bearer(creator.token) }, payload: body.payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ media: 'Please upload the episode media (MP3, M4A/AAC, MP4 or WebM)' });
  });

  it('serves media with HTTP Range: 206 with the exact bytes', async () => {
    const title = await createTitle();
    const content = makeMp3Tone({ seconds: 3 });
    const episode = (await uploadEpisode(title.id, { filename: 't.mp3', contentType: 'audio/mpeg', content })).json();
    const response = await test.app.inject({ method: 'GET', url: episode.fileUrl, headers: { range: 'bytes=100-199' } });
    expect(response.statusCode).toBe(206);
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-range']).toBe(`bytes 100-199/${content.length}`);
    expect(response.headers['content-type']).toContain('audio/mpeg');
    expect(response.rawPayload.equals(content.subarray(100, 200))).toBe(true);
    const tail = await test.app.inject({ method: 'GET', url: episode.fileUrl, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(content.subarray(content.length - 10))).toBe(true);
    const beyond = await test.app.inject({ method: 'GET', url: episode.fileUrl, headers: { range: `bytes=${content.length}-` } });
    expect(beyond.statusCode).toBe(416);
  });

  it('answers an RSS feed that parses back with every required tag', async () => {
    const title = await createTitle();
    const episode = (await uploadEpisode(title.id, mp3(5))).json();
    const future = await uploadEpisode(title.id, mp3(1), { name: 'Not yet', publishDate: '2999-01-01T00:00:00Z' });
    expect(future.json().isPublished).toBe(false);

    const response = await test.app.inject({ method: 'GET', url: `/feeds/${title.id}.xml` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/rss+xml');
    const parser = new Parser({
      customFields: {
        feed: ['podcast:guid', 'podcast:locked', 'podcast:funding', 'podcast:medium', 'itunes:category', 'itunes:explicit', 'itunes:author'],
        item: ['itunes:duration', 'itunes:explicit', 'itunes:image'],
      },
    });
    const feed = await parser.parseString(response.body);
    const feedUrl = `${publicUrl}/feeds/${title.id}.xml`;
    expect(title.feedUrl).toBe(feedUrl);
    expect(feed.title).toBe('Records Behind the Set');
    expect(feed.description).toBe('Stories & <notes>');
    expect(feed.itunes).toMatchObject({ author: 'Mara Quill', explicit: 'false', image: `${publicUrl}${title.imageUrl}` });
    expect(feed.itunes?.categories).toEqual(['Music']);
    expect(feed['podcast:guid']).toBe(podcastGuid(feedUrl));
    expect(feed['podcast:locked']).toBe('yes');
    expect(response.body).toContain(`<podcast:funding url="${publicUrl}/events/mara_quill">`);
    expect(feed.items).toHaveLength(1);
    const [item] = feed.items;
    expect(item).toMatchObject({
      title: 'Episode one',
      guid: episode.id,
      link: `${publicUrl}/video/${episode.id}`,
      enclosure: { url: `${publicUrl}${episode.fileUrl}`, length: String(episode.sizeBytes), type: 'audio/mpeg' },
      pubDate: new Date('2026-01-05T10:00:00Z').toUTCString(),
    });
    expect((item as unknown as { itunes: Record<string, string> }).itunes).toMatchObject({ duration: '5', explicit: 'false', image: `${publicUrl}${title.imageUrl}` });
  });

  it('lists transcripts and chapters in the feed when an episode has them', async () => {
    const title = await createTitle();
    const body = multipart({ name: 'With extras' }, {
      media: mp3(2),
      transcript: { filename: 't.vtt', contentType: 'text/vtt', content: Buffer.from('WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello\n') },
      chapters: { filename: 'c.json', contentType: 'application/json', content: Buffer.from(JSON.stringify({ version: '1.2.0', chapters: [{ startTime: 0, title: 'Intro' }] })) },
    });
    const created = await test.app.inject({ method: 'POST', url: `/api/podcast/titles/${title.id}/episodes`, headers: { ...body.headers, ...bearer(creator.token) }, payload: body.payload });
    expect(created.statusCode, created.body).toBe(201);
    const episode = created.json();
    const xml = (await test.app.inject({ method: 'GET', url: `/feeds/${title.id}.xml` })).body;
    expect(xml).toContain(`<podcast:transcript url="${publicUrl}${episode.transcriptUrl}" type="text/vtt"/>`);
    expect(xml).toContain(`<podcast:chapters url="${publicUrl}${episode.chaptersUrl}" type="application/json+chapters"/>`);
  });

  it("validates the title's language (BCP 47) and category (Apple's list) with clear messages, over REST and tRPC", async () => {
    const send = (fields: Record<string, string>) => {
      const body = multipart({ name: 'Langues', ...fields });
      return test.app.inject({ method: 'POST', url: '/api/podcast/titles', headers: { ...body.headers, ...bearer(creator.token) }, payload: body.payload });
    };
    const before = (await test.app.services.db.select().from(podcastTitles)).length;
    for (const language of ['english', 'en_US', 'fr-CA-extra', '']) {
      const refused = await send({ language });
      expect(refused.statusCode, language).toBe(400);
      expect(refused.json().errors).toEqual({ language: podcastMessages.language });
    }
    const badCategory = await send({ category: 'Rock' });
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json().errors).toEqual({ category: podcastMessages.category });
    expect(await test.app.services.db.select().from(podcastTitles)).toHaveLength(before);

    // Defaults, then a canonical spelling of what was sent.
    expect((await createTitle()).language).toBe('en');
    const created = await send({ language: 'fr-ca', category: 'music > music interviews' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ language: 'fr-CA', category: 'Music > Music Interviews' });

    const caller = await callerAs(test.app, creator.token);
    await expect(caller.podcasts.updateTitle({ id: created.json().id, language: 'not a language' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.podcasts.updateTitle({ id: created.json().id, language: 'pt-BR' })).resolves.toMatchObject({ language: 'pt-BR', category: 'Music > Music Interviews' });
  });

  it("writes the title's language and category into the feed, and follows edits", async () => {
    const title = await createTitle(creator.token, { language: 'fr-CA', category: 'Society & Culture > Documentary' });
    let xml = (await test.app.inject({ method: 'GET', url: `/feeds/${title.id}.xml` })).body;
    expect(xml).toContain('<language>fr-CA</language>');
    expect(xml).toContain('<itunes:category text="Society &amp; Culture"><itunes:category text="Documentary"/></itunes:category>');
    expect(xml).not.toContain('<language>en</language>');
    expect(xml).not.toContain('text="Music"');

    const body = multipart({ language: 'de', category: 'Technology' });
    const edited = await test.app.inject({ method: 'POST', url: `/api/podcast/titles/${title.id}`, headers: { ...body.headers, ...bearer(creator.token) }, payload: body.payload });
    expect(edited.statusCode, edited.body).toBe(200);
    xml = (await test.app.inject({ method: 'GET', url: `/feeds/${title.id}.xml` })).body;
    const feed = await new Parser().parseString(xml);
    expect(feed.language).toBe('de');
    expect(feed.itunes?.categories).toEqual(['Technology']);
  });

  it('gives the player page what it needs: transcript, chapters, feed and the event page', async () => {
    const title = await createTitle();
    const body = multipart({ name: 'With extras' }, {
      media: mp3(2),
      transcript: { filename: 't.srt', contentType: 'application/x-subrip', content: Buffer.from('1\n00:00:00,000 --> 00:00:02,000\nHello\n') },
      chapters: { filename: 'c.json', contentType: 'application/json', content: Buffer.from(JSON.stringify({ version: '1.2.0', chapters: [{ startTime: 0, title: 'Intro' }] })) },
    });
    const episode = (await test.app.inject({ method: 'POST', url: `/api/podcast/titles/${title.id}/episodes`, headers: { ...body.headers, ...bearer(creator.token) }, payload: body.payload })).json();
    const pub = (await test.app.inject({ method: 'GET', url: `/api/podcast/episodes-public/${episode.id}` })).json();
    expect(pub).toMatchObject({
      transcriptUrl: episode.transcriptUrl,
      chaptersUrl: episode.chaptersUrl,
      feedUrl: `${publicUrl}/feeds/${title.id}.xml`,
      eventPagePath: '/events/mara_quill',
    });
    expect(pub.transcriptType).toMatch(/srt|subrip/);
    const plain = (await uploadEpisode(title.id, mp3(1))).json();
    expect((await test.app.inject({ method: 'GET', url: `/api/podcast/episodes-public/${plain.id}` })).json()).toMatchObject({ transcriptUrl: null, transcriptType: null, chaptersUrl: null });
  });

  it("answers 404 for another creator's title and episodes, and leaves them alone", async () => {
    const title = await createTitle();
    const episode = (await uploadEpisode(title.id, mp3(1))).json();
    const asOther = await callerAs(test.app, other.token);
    await expect(asOther.podcasts.getTitle({ id: title.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(asOther.podcasts.updateTitle({ id: title.id, name: 'Mine now' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(asOther.podcasts.deleteEpisode({ id: episode.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const upload = await uploadEpisode(title.id, mp3(1), {}, other.token);
    expect(upload.statusCode).toBe(404);
    const del = await test.app.inject({ method: 'DELETE', url: `/api/podcast/titles/${title.id}`, headers: bearer(other.token) });
    expect(del.statusCode).toBe(404);
    await expect((await callerAs(test.app, creator.token)).podcasts.getTitle({ id: title.id })).resolves.toMatchObject({ name: 'Records Behind the Set', episodeCount: 1 });
  });

  it("cannot attach another account's pending upload", async () => {
    const title = await createTitle();
    await test.app.services.db.insert(podcastUploads).values({ id: 'their-upload', ownerId: other.id, kind: 'image', url: '/uploads/theirs.png', mimeType: 'image/png', sizeBytes: 1 });
    await expect((await callerAs(test.app, creator.token)).podcasts.updateTitle({ id: title.id, imageUploadId: 'their-upload' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'The uploaded file was not found: please upload it again',
    });
    expect(await test.app.services.db.select().from(podcastUploads)).toHaveLength(1);
  });

  it('edits and deletes with the files: replaced and removed files leave the disk', async () => {
    const title = await createTitle();
    const episode = (await uploadEpisode(title.id, mp3(2))).json();
    const body = multipart({ name: 'Renamed' }, { media: mp3(4) });
    const edited = await test.app.inject({ method: 'POST', url: `/api/podcast/episodes/${episode.id}`, headers: { ...body.headers, ...bearer(creator.token) }, payload: body.payload });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Renamed', duration: 4 });
    expect(existsSync(fileOf(episode.fileUrl))).toBe(false);
    expect(existsSync(fileOf(edited.json().fileUrl))).toBe(true);

    const deleted = await test.app.inject({ method: 'DELETE', url: `/api/podcast/titles/${title.id}`, headers: bearer(creator.token) });
    expect(deleted.statusCode).toBe(200);
    expect(storedFiles()).toEqual([]);
    expect(await test.app.services.db.select().from(podcastEpisodes)).toEqual([]);
  });

  it('carries "Post to the Fediverse" on the episode: on after an upload, stored as the editor sets it, kept by edits that leave it out', async () => {
    const title = await createTitle();
    const uploaded = await uploadEpisode(title.id, mp3(1));
    expect(uploaded.json()).toMatchObject({ fediverse: true });
    const episodeId = (uploaded.json() as { id: string }).id;
    const caller = await callerAs(test.app, creator.token);
    expect((await caller.podcasts.updateEpisode({ id: episodeId, fediverse: false })).fediverse).toBe(false);
    expect((await caller.podcasts.getEpisode({ id: episodeId })).fediverse).toBe(false);

    const body = multipart({ name: 'Renamed' }, {});
    const edited = await test.app.inject({ method: 'POST', url: `/api/podcast/episodes/${episodeId}`, headers: { ...body.headers, ...bearer(creator.token) }, payload: body.payload });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Renamed', fediverse: false });
    expect((await caller.podcasts.listEpisodes({ podcastTitleId: title.id })).map((episode) => episode.fediverse)).toEqual([false]);
    expect((await caller.podcasts.updateEpisode({ id: episodeId, fediverse: true })).fediverse).toBe(true);
    expect((await test.app.services.db.select({ fediverse: podcastEpisodes.fediverse }).from(podcastEpisodes).where(eq(podcastEpisodes.id, episodeId)))[0]).toEqual({ fediverse: true });

    // The editor saves through the multipart route: the box's value is a form field there.
    const unticked = multipart({ fediverse: 'false' }, {});
    const saved = await test.app.inject({ method: 'POST', url: `/api/podcast/episodes/${episodeId}`, headers: { ...unticked.headers, ...bearer(creator.token) }, payload: unticked.payload });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ fediverse: false });
  });

  it('hides unpublished episodes and inactive creators from the public', async () => {
    const title = await createTitle();
    const later = (await uploadEpisode(title.id, mp3(1), { publishDate: '2999-01-01' })).json();
    expect((await test.app.inject({ method: 'GET', url: `/api/podcast/episodes-public/${later.id}` })).statusCode).toBe(404);
    const now = (await uploadEpisode(title.id, mp3(1))).json();
    expect((await test.app.inject({ method: 'GET', url: `/api/podcast/episodes-public/${now.id}` })).statusCode).toBe(200);
    await test.app.services.db.update(users).set({ isActive: false }).where(eq(users.id, creator.id));
    expect((await test.app.inject({ method: 'GET', url: `/api/podcast/episodes-public/${now.id}` })).statusCode).toBe(404);
    expect((await test.app.inject({ method: 'GET', url: `/feeds/${title.id}.xml` })).statusCode).toBe(404);
  });

  it('keeps viewers and guests out of managing podcasts', async () => {
    const viewer = await createUser(test.app, { role: 'viewer' });
    await expect((await callerAs(test.app, viewer.token)).podcasts.listTitles()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect((await callerAs(test.app)).podcasts.listTitles()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const body = multipart({ name: 'x' }, { image: { filename: 'c.png', contentType: 'image/png', content: makePng(10, 10) } });
    const response = await test.app.inject({ method: 'POST', url: '/api/podcast/titles', headers: { ...body.headers, ...bearer(viewer.token) }, payload: body.payload });
    expect(response.statusCode).toBe(403);
    expect(storedFiles()).toEqual([]);
  });
});
