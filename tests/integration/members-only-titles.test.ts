import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { podcastMessages } from '@server/domains/podcasts/podcasts.schemas';
import { SignedUploads } from '@server/platform/signed-uploads';
import { makeMp3Tone } from '@server/lib/mp3-tone';
import { bearer, callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/app';
import { makePng, postMultipart, type multipart } from '../helpers/images';

const publicUrl = 'https://casts.example.test';
const cover = makePng(1400, 1400);
const media = makeMp3Tone({ seconds: 2 });
const transcript = Buffer.from('WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nMembers only\n');
const chapters = Buffer.from(JSON.stringify({ version: '1.2.0', chapters: [{ startTime: 0, title: 'Intro' }] }));

type Episode = { id: string; fileUrl: string; imageUrl: string; transcriptUrl: string; chaptersUrl: string };

describe('members-only podcast titles', () => {
  let webDist: string;
  let test: TestApp;
  let creator: TestUser;
  let viewer: TestUser;
  let title: { id: string; imageUrl: string; membersOnly: boolean };
  let episode: Episode;
  let openEpisode: { id: string };

  beforeAll(() => {
    webDist = mkdtempSync(join(tmpdir(), 'cuepoint-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Cuepoint</title></head><body></body></html>');
  });
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  async function post(url: string, fields: Record<string, string>, files: Parameters<typeof multipart>[1] = {}) {
    const response = await postMultipart(test.app, creator.token, url, fields, files);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  }

  const get = (url: string, headers: Record<string, string> = {}) => test.app.inject({ method: 'GET', url, headers });
  const episodeFiles = (files: Episode) => [files.fileUrl, files.imageUrl, files.transcriptUrl, files.chaptersUrl];

  beforeEach(async () => {
    test = await createTestApp({ PUBLIC_URL: publicUrl }, { webDist });
    creator = await createUser(test.app, { role: 'dj', displayName: 'Mara Quill', creatorTag: 'mara_quill' });
    viewer = await createUser(test.app, { role: 'viewer' });
    title = await post('/api/podcast/titles', { name: 'Backstage', membersOnly: 'true' }, { image: { filename: 'c.png', contentType: 'image/png', content: cover } });
    episode = await post(
      `/api/podcast/titles/${title.id}/episodes`,
      { name: 'Soundcheck', publishDate: '2026-01-05T10:00:00Z' },
      {
        media: { filename: 'tone.mp3', contentType: 'audio/mpeg', content: media },
        image: { filename: 'e.png', contentType: 'image/png', content: cover },
        transcript: { filename: 't.vtt', contentType: 'text/vtt', content: transcript },
        chapters: { filename: 'c.json', contentType: 'application/json', content: chapters },
      },
    );
    const open = await post('/api/podcast/titles', { name: 'Open show' });
    openEpisode = await post(`/api/podcast/titles/${open.id}/episodes`, { name: 'For everyone', publishDate: '2026-01-04T10:00:00Z' }, {
      media: { filename: 'tone.mp3', contentType: 'audio/mpeg', content: media },
    });
  });
  afterEach(async () => test.close());

  it('is set on create and update (REST form and tRPC) and shown to its owner', async () => {
    expect(title.membersOnly).toBe(true);
    const caller = await callerAs(test.app, creator.token);
    expect((await caller.podcasts.getTitle({ id: title.id })).membersOnly).toBe(true);
    const made = await caller.podcasts.createTitle({ name: 'Later', membersOnly: true });
    expect(made.membersOnly).toBe(true);
    expect((await caller.podcasts.updateTitle({ id: made.id, membersOnly: false })).membersOnly).toBe(false);
    expect((await caller.podcasts.createTitle({ name: 'Default' })).membersOnly).toBe(false);
    const bad = await test.app.inject({ method: 'POST', url: '/trpc/podcasts.updateTitle', headers: bearer(creator.token), payload: { id: made.id, membersOnly: 'yes' } });
    expect(bad.statusCode).toBe(400);
    const titles = await caller.podcasts.listTitles();
    expect(titles.find((row) => row.id === title.id)?.membersOnly).toBe(true);
  });

  it('leaves the public feed, the public reads (the event page, player and creator app lists), /video and the sitemap', async () => {
    expect((await get(`/feeds/${title.id}.xml`)).statusCode).toBe(404);
    expect((await get(`/api/podcast/titles-public/${title.id}`)).statusCode).toBe(404);
    const hidden = await get(`/api/podcast/episodes-public/${episode.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: podcastMessages.episodeNotFound });
    const listed = (await get(`/api/podcast/${creator.id}/user-podcast-episodes/20`)).json() as Array<{ id: string }>;
    expect(listed.map((row) => row.id)).toEqual([openEpisode.id]);

    const page = await get(`/video/${episode.id}`);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('noindex');
    expect(page.body).not.toContain('Soundcheck');
    expect((await get(`/og/episodes/${episode.id}.png`)).statusCode).toBe(404);
    expect((await get(`/video/${openEpisode.id}`)).statusCode).toBe(200);

    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).not.toContain(episode.id);
    expect(sitemap).toContain(`/video/${openEpisode.id}`);

    // Made open to everyone again, it is back everywhere.
    const caller = await callerAs(test.app, creator.token);
    await caller.podcasts.updateTitle({ id: title.id, membersOnly: false });
    expect((await get(`/feeds/${title.id}.xml`)).statusCode).toBe(200);
    expect((await get(`/api/podcast/episodes-public/${episode.id}`)).statusCode).toBe(200);
    expect((await get('/sitemap.xml')).body).toContain(`/video/${episode.id}`);
  });

  it('never serves its episode files at /uploads to anyone (404 like a missing file); the title cover stays public', async () => {
    const plain = episodeFiles(episode).map((url) => url.split('?')[0]!);
    for (const url of plain) {
      expect(url).toMatch(/^\/uploads\/[^?]+$/);
      for (const headers of [{}, bearer(viewer.token), bearer(creator.token)]) {
        const answer = await get(url, { ...headers, range: 'bytes=0-9' });
        expect(answer.statusCode, url).toBe(404);
        expect(answer.json()).toEqual({ message: 'Not found' });
      }
      expect((await test.app.inject({ method: 'OPTIONS', url, headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' } })).statusCode).toBe(404);
    }
    const coverAnswer = await get(title.imageUrl);
    expect(coverAnswer.statusCode).toBe(200);
    expect(coverAnswer.headers['access-control-allow-origin']).toBe('*');
  });

  it("gives its owner signed URLs that play (Range, 304) and stop working when tampered with or expired", async () => {
    const caller = await callerAs(test.app, creator.token);
    const [listed] = await caller.podcasts.listEpisodes({ podcastTitleId: title.id });
    const own = await caller.podcasts.getEpisode({ id: episode.id });
    expect(own.fileUrl).toBe(listed!.fileUrl);
    expect(episode.fileUrl).toBe(own.fileUrl);
    for (const url of episodeFiles(own as Episode)) expect(url).toMatch(/^\/uploads\/[^?]+\?expires=\d+&signature=[\w-]+$/);

    const part = await get(own.fileUrl, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${media.length}`);
    expect(part.headers['cache-control']).toBe('private, no-cache');
    expect(part.headers['access-control-allow-origin']).toBeUndefined();
    expect((await get(own.fileUrl, { 'if-none-match': part.headers.etag as string })).statusCode).toBe(304);
    expect((await get(own.transcriptUrl!)).body).toContain('Members only');

    const [path, query] = own.fileUrl.split('?') as [string, string];
    const params = new URLSearchParams(query);
    const tampered = `${path}?expires=${Number(params.get('expires')) + 3600}&signature=${params.get('signature')}`;
    expect((await get(tampered)).statusCode).toBe(404);
    const otherName = own.imageUrl!.split('?')[0]!;
    expect((await get(`${otherName}?${query}`)).statusCode).toBe(404);
    const expired = new SignedUploads('test-secret-test-secret-test-secret-test', () => Date.now() - 13 * 3600_000).sign(path);
    expect((await get(expired)).statusCode).toBe(404);
    const current = new SignedUploads('test-secret-test-secret-test-secret-test').sign(path);
    expect((await get(current)).statusCode).toBe(200);

    // Open to everyone again, its files are plain public URLs.
    await caller.podcasts.updateTitle({ id: title.id, membersOnly: false });
    const opened = await caller.podcasts.getEpisode({ id: episode.id });
    expect(opened.fileUrl).toBe(path);
    const publicAnswer = await get(path);
    expect(publicAnswer.statusCode).toBe(200);
    expect(publicAnswer.headers['access-control-allow-origin']).toBe('*');
  });
});
