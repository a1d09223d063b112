import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '@db/schema/billing';
import { events } from '@db/schema/events';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { newId } from '@server/lib/ids';
import { uploadsDir } from '@server/platform/uploads';
import { seedProducts } from '../../seed/accounts';
import { createTestApp, createUser, type TestApp } from '../helpers/app';
import { makePng } from '../helpers/images';

const publicUrl = 'https://cuepoint.example';
const forgedHost = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
const inlineScript = 'window.__boot = 1;';

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => entities[entity]!);

/** The head as a link preview reads it: the title, every meta tag by name/property, the canonical link. */
function readHead(html: string) {
  const head = /<head>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? html;
  const meta = new Map<string, string[]>();
  for (const [tag] of head.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, key, value]) => [key!, unescape(value!)]));
    const key = attributes.property ?? attributes.name;
    if (key && attributes.content !== undefined) meta.set(key, [...(meta.get(key) ?? []), attributes.content]);
  }
  const titles = [...head.matchAll(/<title>([\s\S]*?)<\/title>/gi)].map(([, text]) => unescape(text!));
  const canonical = /<link rel="canonical" href="([^"]*)">/.exec(head)?.[1];
  return { titles, title: titles[0], one: (key: string) => meta.get(key)?.[0], all: (key: string) => meta.get(key) ?? [], canonical: canonical && unescape(canonical) };
}

describe('public pages: link previews, real 404s, robots.txt and sitemap.xml', () => {
  let test: TestApp;
  let webDist: string;
  let creator: { id: string; tag: string };
  let otherTag: string;
  let freeEvent: string;
  let premiumEvent: string;
  let inactiveEvent: string;
  let audioEpisode: string;
  let videoEpisode: string;
  let futureEpisode: string;
  let mediaUrl: string;
  let bigArtUrl: string;

  const get = (url: string, headers: Record<string, string> = {}) => test.app.inject({ method: 'GET', url, headers: { ...forgedHost, ...headers } });

  /** A file under /uploads, as the upload routes store them. */
  function storeUpload(extension: string, content: Buffer): string {
    const name = `${newId(16)}.${extension}`;
    writeFileSync(join(uploadsDir(test.dataDir), name), content);
    return `/uploads/${name}`;
  }

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'cuepoint-web-'));
    writeFileSync(
      join(webDist, 'index.html'),
      `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Cuepoint</title><script>${inlineScript}</script></head><body><div id="root"></div></body></html>`,
    );
    test = await createTestApp({ PUBLIC_URL: publicUrl }, { webDist });
    const { db } = test.app.services;
    await db.insert(products).values([...seedProducts]);
    const dj = await createUser(test.app, {
      role: 'dj',
      creatorTag: 'Mara_Quill',
      displayName: 'Mara Quill',
      description: 'Late-night deep house sets.',
      streamValue: 'https://stream.example/secret-premium-playlist.m3u8',
    });
    creator = { id: dj.id, tag: 'Mara_Quill' };
    otherTag = 'tobin_live';
    await createUser(test.app, { role: 'dj', creatorTag: otherTag, displayName: 'Tobin Reyes' });
    await createUser(test.app, { role: 'dj', creatorTag: 'ines_waits', displayName: 'Ines Park', isActive: false });

    const hour = 3_600_000;
    freeEvent = newId();
    premiumEvent = newId();
    inactiveEvent = newId();
    await db
      .insert(events)
      .values([
        {
          id: freeEvent,
          userId: creator.id,
          name: 'Night <Set> & "Friends"',
          description: 'Three hours of deep house, live from the booth.',
          startDateTime: new Date(Date.now() + hour).toISOString(),
          endDateTime: new Date(Date.now() + 3 * hour).toISOString(),
        },
        {
          id: premiumEvent,
          userId: creator.id,
          name: 'Members Only',
          description: '',
          startDateTime: new Date(Date.now() + 24 * hour).toISOString(),
          endDateTime: new Date(Date.now() + 26 * hour).toISOString(),
          isPremium: true,
          premiumPriceCents: 500,
        },
        { id: inactiveEvent, userId: creator.id, name: 'Draft', startDateTime: null, endDateTime: null, isActive: false },
      ]);

    const audioTitle = newId();
    const videoTitle = newId();
    await db
      .insert(podcastTitles)
      .values([
        { id: audioTitle, userId: creator.id, name: 'Behind the Records', imageUrl: storeUpload('png', makePng(64, 64)) },
        { id: videoTitle, userId: creator.id, name: 'Booth Cam', isVideo: true },
      ]);
    mediaUrl = storeUpload('mp3', Buffer.from('ID3'));
    bigArtUrl = storeUpload('png', makePng(1600, 900));
    audioEpisode = newId();
    videoEpisode = newId();
    futureEpisode = newId();
    const episode = { userId: creator.id, mediaBytes: 3, durationSeconds: 754, description: '', publishDate: new Date(Date.now() - hour).toISOString() };
    await db
      .insert(podcastEpisodes)
      .values([
        { ...episode, id: audioEpisode, podcastTitleId: audioTitle, name: 'Episode 1: Vinyl', description: 'Where the records come from.', mediaUrl, mediaType: 'audio/mpeg' },
        { ...episode, id: videoEpisode, podcastTitleId: videoTitle, name: 'Booth cam #1', mediaUrl: '/uploads/booth.mp4', mediaType: 'video/mp4', imageUrl: bigArtUrl },
        { ...episode, id: futureEpisode, podcastTitleId: audioTitle, name: 'Not yet', mediaUrl, mediaType: 'audio/mpeg', publishDate: new Date(Date.now() + 24 * hour).toISOString() },
      ]);
  });

  afterAll(async () => {
    await test?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  async function expectLargeImage(url: string) {
    expect(url.startsWith(`${publicUrl}/`), url).toBe(true);
    const image = await get(url.slice(publicUrl.length));
    expect(image.statusCode, url).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    const { width = 0, height = 0 } = await sharp(image.rawPayload).metadata();
    expect(width).toBeGreaterThanOrEqual(1200);
    expect(height).toBeGreaterThanOrEqual(630);
    return { width, height };
  }

  it('gives an event page its title, description, canonical, Open Graph and Twitter card, escaped, from PUBLIC_URL', async () => {
    const response = await get(`/events/${creator.tag}/${freeEvent}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).not.toContain('<Set>');
    expect(response.body).not.toContain('evil.example');
    const head = readHead(response.body);
    expect(head.titles).toEqual(['Night <Set> & "Friends" · Cuepoint']);
    expect(head.one('og:title')).toBe('Night <Set> & "Friends"');
    expect(head.one('description')).toBe('Three hours of deep house, live from the booth.');
    expect(head.one('og:description')).toBe('Three hours of deep house, live from the booth.');
    expect(head.one('og:type')).toBe('video.other');
    expect(head.canonical).toBe(`${publicUrl}/events/${creator.tag}/${freeEvent}`);
    expect(head.one('og:url')).toBe(head.canonical);
    expect(head.one('twitter:card')).toBe('summary_large_image');
    expect(head.one('og:image')).toMatch(new RegExp(`^${publicUrl}/og/events/${freeEvent}\\.png\\?v=`));
    expect(head.one('twitter:image')).toBe(head.one('og:image'));
    expect(head.one('robots')).toBeUndefined();
    const size = await expectLargeImage(head.one('og:image')!);
    expect([head.one('og:image:width'), head.one('og:image:height')]).toEqual([String(size.width), String(size.height)]);
  });

  it('keeps the page working under the Content-Security-Policy: the inline script is unchanged and still allowed by hash', async () => {
    const response = await get(`/events/${creator.tag}/${freeEvent}`);
    const hash = `'sha256-${createHash('sha256').update(inlineScript).digest('base64')}'`;
    expect(response.body).toContain(`<script>${inlineScript}</script>`);
    expect(String(response.headers['content-security-policy'])).toContain(hash);
    expect([...response.body.matchAll(/<script/g)]).toHaveLength(1);
  });

  it('never puts a premium event’s stream location into its head', async () => {
    const response = await get(`/events/${creator.tag}/${premiumEvent}`);
    expect(response.statusCode).toBe(200);
    const head = readHead(response.body);
    expect(head.one('og:title')).toBe('Members Only');
    expect(head.one('description')).toMatch(/^Mara Quill live on Cuepoint: /);
    expect(response.body).not.toContain('secret-premium-playlist');
    expect(response.body).not.toContain('stream.example');
  });

  it('describes /events/{tag} by the creator’s next event, canonical in the stored case; a creator without events by the creator', async () => {
    const latest = await get(`/events/mara_quill`);
    expect(latest.statusCode).toBe(200);
    expect(readHead(latest.body).one('og:title')).toBe('Night <Set> & "Friends"');
    expect(readHead(latest.body).canonical).toBe(`${publicUrl}/events/${creator.tag}`);

    const empty = await get(`/events/${otherTag}`);
    expect(empty.statusCode).toBe(200);
    const head = readHead(empty.body);
    expect(head.title).toBe('Tobin Reyes · Cuepoint');
    expect(head.one('og:type')).toBe('website');
    expect(head.one('description')).toBe('Live events, episodes and notifications from Tobin Reyes on Cuepoint.');
    await expectLargeImage(head.one('og:image')!);
  });

  it('previews an audio episode as music.song with og:audio and a drawn 1200×630 card around its small cover', async () => {
    const response = await get(`/video/${audioEpisode}`);
    expect(response.statusCode).toBe(200);
    const head = readHead(response.body);
    expect(head.title).toBe('Episode 1: Vinyl · Cuepoint');
    expect(head.one('description')).toBe('Where the records come from.');
    expect(head.one('og:type')).toBe('music.song');
    expect(head.canonical).toBe(`${publicUrl}/video/${audioEpisode}`);
    expect(head.one('og:audio')).toBe(`${publicUrl}${mediaUrl}`);
    expect(head.one('og:audio:type')).toBe('audio/mpeg');
    expect(head.one('music:duration')).toBe('754');
    expect(head.one('og:video')).toBeUndefined();
    expect(head.one('og:image')).toMatch(new RegExp(`^${publicUrl}/og/episodes/${audioEpisode}\\.png\\?v=`));
    const image = await expectLargeImage(head.one('og:image')!);
    expect(image).toEqual({ width: 1200, height: 630 });
  });

  it('previews a video episode as video.other with og:video, using art that is already large enough', async () => {
    const head = readHead((await get(`/video/${videoEpisode}`)).body);
    expect(head.one('og:type')).toBe('video.other');
    expect(head.one('og:video')).toBe(`${publicUrl}/uploads/booth.mp4`);
    expect(head.one('og:video:type')).toBe('video/mp4');
    expect(head.one('og:audio')).toBeUndefined();
    expect(head.one('og:image')).toBe(`${publicUrl}${bigArtUrl}`);
    expect([head.one('og:image:width'), head.one('og:image:height')]).toEqual(['1600', '900']);
    expect(head.one('description')).toBe('Booth Cam by Mara Quill on Cuepoint.');
  });

  it('keeps drawn cards on disk and serves them again at the same URL', async () => {
    const url = readHead((await get(`/video/${audioEpisode}`)).body).one('og:image')!.slice(publicUrl.length);
    const first = await get(url);
    const again = await get(url);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers['cache-control']).toContain('immutable');
    expect((await get(url, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
    expect((await get('/og/episodes/no-such-episode.png')).statusCode).toBe(404);
    expect((await get(`/og/episodes/${futureEpisode}.png`)).statusCode).toBe(404);
  });

  it('gives the plans page and each creator’s app a preview too', async () => {
    const plans = readHead((await get('/product-page')).body);
    expect(plans.title).toBe('Plans and pricing · Cuepoint');
    expect(plans.one('og:type')).toBe('website');
    expect(plans.one('description')).toContain('Live Stream $29.99/month');
    expect(plans.canonical).toBe(`${publicUrl}/product-page`);
    await expectLargeImage(plans.one('og:image')!);

    const app = await get(`/m/${creator.tag}/`);
    expect(app.statusCode).toBe(200);
    const head = readHead(app.body);
    expect(head.one('og:title')).toBe('Mara Quill');
    expect(head.one('description')).toBe('Late-night deep house sets.');
    expect(head.all('description')).toHaveLength(1);
    expect(head.canonical).toBe(`${publicUrl}/m/${creator.tag}/`);
    expect(head.one('twitter:card')).toBe('summary_large_image');
    await expectLargeImage(head.one('og:image')!);
  });

  it('answers unknown events, creators, episodes and paths with 404, the app page and noindex', async () => {
    for (const url of [
      `/events/${creator.tag}/no-such-event`,
      `/events/${otherTag}/${freeEvent}`,
      '/events/no_such_creator',
      '/events/no_such_creator/x',
      '/video/no-such-episode',
      `/video/${futureEpisode}`,
      '/no/such/page',
      '/apps/nothing-here',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(readHead(response.body).one('robots'), url).toBe('noindex');
      expect(readHead(response.body).one('og:title'), url).toBeUndefined();
    }
  });

  it('keeps the app’s own pages at 200 without noindex, and API and file 404s as JSON', async () => {
    for (const url of ['/login', '/login/', '/', '/apps/calendar', '/apps/users/abc', '/pages/errors/error-404', '/embed/anyone/any-event/player', '/chats/anyone']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>Cuepoint</title>');
      expect(readHead(response.body).one('robots'), url).toBeUndefined();
    }
    for (const url of ['/api/nothing-here', '/uploads/missing.png', '/og/nothing/x.png', '/favicon-missing.ico']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'Not found' });
    }
  });

  it('serves robots.txt from PUBLIC_URL whatever the request says its host is', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /apps', 'Disallow: /api', 'Disallow: /trpc', `Sitemap: ${publicUrl}/sitemap.xml`]));
    expect(response.body).not.toContain('evil.example');
  });

  it('lists public pages in sitemap.xml: active events, published episodes, each creator’s event page and app', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc!);
    expect(locs.every((loc) => loc.startsWith(`${publicUrl}/`))).toBe(true);
    expect(locs).toEqual(
      expect.arrayContaining([
        `${publicUrl}/product-page`,
        `${publicUrl}/events/${creator.tag}`,
        `${publicUrl}/m/${creator.tag}/`,
        `${publicUrl}/events/${otherTag}`,
        `${publicUrl}/m/${otherTag}/`,
        `${publicUrl}/events/${creator.tag}/${freeEvent}`,
        `${publicUrl}/events/${creator.tag}/${premiumEvent}`,
        `${publicUrl}/video/${audioEpisode}`,
        `${publicUrl}/video/${videoEpisode}`,
      ]),
    );
    expect(locs).not.toContain(`${publicUrl}/video/${futureEpisode}`);
    expect(locs).not.toContain(`${publicUrl}/events/${creator.tag}/${inactiveEvent}`);
    expect(locs.some((loc) => loc.includes('ines_waits'))).toBe(false);
    expect(response.body).not.toContain('secret-premium-playlist');
    expect(response.body).not.toContain('evil.example');
  });
});
