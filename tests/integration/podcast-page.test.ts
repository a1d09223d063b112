import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '@db/schema/events';
import { users } from '@db/schema/users';
import { notFoundTexts } from '@server/domains/public-pages/not-found.schemas';
import { podcastPageMessages } from '@server/domains/public-pages/podcast-page.schemas';
import { makeMp3Tone } from '@server/lib/mp3-tone';
import { newId } from '@server/lib/ids';
import { uploadsDir } from '@server/platform/uploads';
import { bearer, callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/app';
import { makePng, postMultipart, type multipart } from '../helpers/images';
import { insertMembership, insertTier, type MembershipRow } from '../helpers/membership-rows';

const publicUrl = 'https://casts.example.test';
const cover = makePng(1400, 1400);
const media = makeMp3Tone({ seconds: 2 });
const transcript = Buffer.from('WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nMembers only\n');
const chapters = Buffer.from(JSON.stringify({ version: '1.2.0', chapters: [{ startTime: 0, title: 'Intro' }] }));
/** The creator's face: a green square nothing else on a card is drawn in. */
const green = { r: 0, g: 200, b: 0 };

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => entities[entity]!);

function readHead(html: string) {
  const head = /<head>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? html;
  const meta = new Map<string, string>();
  for (const [tag] of head.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, key, value]) => [key!, unescape(value!)]));
    const key = attributes.property ?? attributes.name;
    if (key && attributes.content !== undefined && !meta.has(key)) meta.set(key, attributes.content);
  }
  return {
    head,
    title: unescape(/<title>([\s\S]*?)<\/title>/i.exec(head)?.[1] ?? ''),
    one: (key: string) => meta.get(key),
    canonical: unescape(/<link rel="canonical" href="([^"]*)">/.exec(head)?.[1] ?? ''),
  };
}

type Episode = { id: string; fileUrl: string; imageUrl: string; transcriptUrl: string; chaptersUrl: string };
const fileName = (url: string) => url.split('?')[0]!.split('/').pop()!;

describe('a podcast’s own page, previews with the creator’s face, not-found pages that lead somewhere', () => {
  let webDist: string;
  let test: TestApp;
  let creator: TestUser;
  let faceless: TestUser;
  let viewer: TestUser;
  let member: TestUser;
  let membership: MembershipRow;
  let openTitle: { id: string; imageUrl: string };
  let bareTitle: { id: string };
  let lockedTitle: { id: string; imageUrl: string };
  let openEpisode: { id: string; fileUrl: string };
  let lockedEpisode: Episode;
  let eventId: string;
  let otherEventId: string;

  const get = (url: string, headers: Record<string, string> = {}) => test.app.inject({ method: 'GET', url, headers });

  async function post(as: TestUser, url: string, fields: Record<string, string>, files: Parameters<typeof multipart>[1] = {}) {
    const response = await postMultipart(test.app, as.token, url, fields, files);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  }

  /** The colour at the middle of a drawn card's cover square (left 80, 430 px, centred). */
  async function coverPixel(imageUrl: string) {
    expect(imageUrl.startsWith(`${publicUrl}/og/`), imageUrl).toBe(true);
    const png = await get(imageUrl.slice(publicUrl.length));
    expect(png.statusCode).toBe(200);
    const { data } = await sharp(png.rawPayload).extract({ left: 295, top: 315, width: 1, height: 1 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { r: data[0]!, g: data[1]!, b: data[2]! };
  }
  const isGreen = (pixel: { r: number; g: number; b: number }) => pixel.g > 150 && pixel.r < 60 && pixel.b < 60;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'cuepoint-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Cuepoint</title></head><body><div id="root"></div></body></html>');
    test = await createTestApp({ PUBLIC_URL: publicUrl }, { webDist });
    const avatarName = `${newId(16)}.png`;
    writeFileSync(join(uploadsDir(test.dataDir), avatarName), await sharp({ create: { width: 120, height: 120, channels: 3, background: green } }).png().toBuffer());
    creator = await createUser(test.app, { role: 'dj', displayName: 'Mara Quill', creatorTag: 'mara_quill', imageUrl: `/uploads/${avatarName}` });
    faceless = await createUser(test.app, { role: 'dj', displayName: 'Tobin Reyes', creatorTag: 'tobin_live' });
    viewer = await createUser(test.app, { role: 'viewer' });
    member = await createUser(test.app, { role: 'viewer' });

    openTitle = await post(creator, '/api/podcast/titles', { name: 'Open show', description: 'Stories from the booth.' }, { image: { filename: 'c.png', contentType: 'image/png', content: cover } });
    openEpisode = await post(creator, `/api/podcast/titles/${openTitle.id}/episodes`, { name: 'For everyone', publishDate: '2026-01-04T10:00:00Z' }, {
      media: { filename: 'tone.mp3', contentType: 'audio/mpeg', content: media },
    });
    bareTitle = await post(creator, '/api/podcast/titles', { name: 'No cover yet' });
    lockedTitle = await post(creator, '/api/podcast/titles', { name: 'Backstage', description: 'Only for the crew.', membersOnly: 'true' }, {
      image: { filename: 'c.png', contentType: 'image/png', content: cover },
    });
    lockedEpisode = await post(creator, `/api/podcast/titles/${lockedTitle.id}/episodes`, { name: 'Soundcheck', publishDate: '2026-01-05T10:00:00Z' }, {
      media: { filename: 'tone.mp3', contentType: 'audio/mpeg', content: media },
      image: { filename: 'e.png', contentType: 'image/png', content: makePng(1400, 1400) },
      transcript: { filename: 't.vtt', contentType: 'text/vtt', content: transcript },
      chapters: { filename: 'c.json', contentType: 'application/json', content: chapters },
    });
    const tier = await insertTier(test.app, creator.id, { name: 'Backstage pass', podcastTitleIds: [lockedTitle.id] });
    await insertTier(test.app, creator.id, { name: 'Fan club' });
    membership = await insertMembership(test.app, tier, member.id);

    eventId = newId();
    otherEventId = newId();
    const start = new Date(Date.now() + 3_600_000).toISOString();
    await test.app.services.db.insert(events).values([
      { id: eventId, userId: creator.id, name: 'Night set', startDateTime: start, endDateTime: null },
      { id: otherEventId, userId: faceless.id, name: 'Tobin live', startDateTime: start, endDateTime: null },
    ]);
  });

  afterAll(async () => {
    await test?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('serves /podcasts/{tag}/{titleId} with a head like the episode page: title, description, canonical, the cover as preview', async () => {
    const page = await get(`/podcasts/MARA_QUILL/${openTitle.id}`);
    expect(page.statusCode).toBe(200);
    const head = readHead(page.body);
    expect(head.title).toBe('Open show · Cuepoint');
    expect(head.one('og:title')).toBe('Open show');
    expect(head.one('description')).toBe('Stories from the booth.');
    expect(head.canonical).toBe(`${publicUrl}/podcasts/mara_quill/${openTitle.id}`);
    expect(head.one('og:url')).toBe(head.canonical);
    // The cover is 1400 px square: large enough to be the preview itself.
    expect(head.one('og:image')).toBe(`${publicUrl}${openTitle.imageUrl}`);
    expect(head.one('twitter:image')).toBe(head.one('og:image'));

    const data = (await get(`/api/podcast-page/mara_quill/${openTitle.id}`)).json();
    expect(data).toMatchObject({
      creator: { id: creator.id, tag: 'mara_quill', displayName: 'Mara Quill' },
      title: { id: openTitle.id, name: 'Open show', membersOnly: false, pagePath: `/podcasts/mara_quill/${openTitle.id}` },
      access: 'public',
      feedUrl: `${publicUrl}/feeds/${openTitle.id}.xml`,
      tiers: [],
    });
    expect(data.episodes).toEqual([
      expect.objectContaining({ id: openEpisode.id, name: 'For everyone', fileUrl: openEpisode.fileUrl, mimeType: 'audio/mpeg', pagePath: `/video/${openEpisode.id}` }),
    ]);
    // The tRPC procedure answers the same.
    expect(await (await callerAs(test.app)).publicPages.podcastPage({ tag: 'mara_quill', titleId: openTitle.id })).toEqual(data);
    // The episode page and the creator page link to it.
    expect((await get(`/api/podcast/episodes-public/${openEpisode.id}`)).json().podcastPagePath).toBe(`/podcasts/mara_quill/${openTitle.id}`);
    const creatorPage = (await get('/api/creator-page/mara_quill')).json();
    expect(creatorPage.podcasts.map((podcast: { pagePath: string }) => podcast.pagePath)).toEqual(
      expect.arrayContaining([`/podcasts/mara_quill/${openTitle.id}`, `/podcasts/mara_quill/${lockedTitle.id}`]),
    );
    expect(creatorPage.podcasts.find((podcast: { id: string }) => podcast.id === lockedTitle.id)).toMatchObject({ membersOnly: true, episodeCount: 1 });
  });

  it('answers a title of another creator, an unknown title and bad input as not found or 400, never 500', async () => {
    for (const url of [`/api/podcast-page/tobin_live/${openTitle.id}`, '/api/podcast-page/mara_quill/nope', `/api/podcast-page/nobody/${openTitle.id}`]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json().message).toBe(podcastPageMessages.notFound);
    }
    expect((await get(`/api/podcast-page/${'x'.repeat(65)}/${openTitle.id}`)).statusCode).toBe(400);
    const batch = await test.app.inject({ method: 'GET', url: `/trpc/publicPages.podcastPage?input=${encodeURIComponent(JSON.stringify({ tag: 'mara_quill', titleId: openTitle.id, extra: 1 }))}` });
    expect(batch.statusCode).toBe(400);
  });

  it('shows a guest and a viewer without membership a members-only title’s cover, description, episode names and dates, its tiers, and no media anywhere', async () => {
    const secrets = [lockedEpisode.fileUrl, lockedEpisode.imageUrl, lockedEpisode.transcriptUrl, lockedEpisode.chaptersUrl].map(fileName);
    expect(secrets.every(Boolean)).toBe(true);
    for (const headers of [{}, bearer(viewer.token)]) {
      const answer = await get(`/api/podcast-page/mara_quill/${lockedTitle.id}`, headers);
      expect(answer.statusCode).toBe(200);
      const data = answer.json();
      expect(data).toMatchObject({
        title: { name: 'Backstage', description: 'Only for the crew.', imageUrl: lockedTitle.imageUrl, membersOnly: true },
        access: 'locked',
        feedUrl: null,
        tiers: [{ name: 'Backstage pass', priceCents: 500 }],
      });
      expect(data.episodes).toEqual([
        { id: lockedEpisode.id, name: 'Soundcheck', description: '', publishDate: '2026-01-05T10:00:00.000Z', duration: null, fileUrl: null, mimeType: null, imageUrl: null, pagePath: null },
      ]);
      for (const secret of secrets) expect(answer.body).not.toContain(secret);
      expect(answer.body).not.toContain('member-media');
      expect(answer.body).not.toContain(membership.feedToken);
      const viaTrpc = await (await callerAs(test.app, 'token' in headers ? viewer.token : undefined)).publicPages.podcastPage({ tag: 'mara_quill', titleId: lockedTitle.id });
      expect(viaTrpc).toEqual(data);
    }

    // The server-rendered page: the title's own public cover as preview, nothing of the episodes' files.
    const page = await get(`/podcasts/mara_quill/${lockedTitle.id}`);
    expect(page.statusCode).toBe(200);
    const head = readHead(page.body);
    expect(head.title).toBe('Backstage · Cuepoint');
    expect(head.one('og:image')).toBe(`${publicUrl}${lockedTitle.imageUrl}`);
    expect(head.one('og:audio')).toBeUndefined();
    expect(head.one('og:video')).toBeUndefined();
    for (const secret of secrets) expect(page.body).not.toContain(secret);
    const card = await get(`/og/podcasts/${lockedTitle.id}.png`);
    expect(card.statusCode).toBe(200);
    expect((await get(`/og/episodes/${lockedEpisode.id}.png`)).statusCode).toBe(404);
  });

  it('gives a member whose tier includes it the media at their own private-feed URLs and their private feed', async () => {
    const data = (await get(`/api/podcast-page/mara_quill/${lockedTitle.id}`, bearer(member.token))).json();
    expect(data.access).toBe('member');
    expect(data.feedUrl).toBe(`${publicUrl}/feeds/${lockedTitle.id}/${membership.feedToken}.xml`);
    const [episode] = data.episodes;
    expect(episode.fileUrl).toBe(`${publicUrl}/member-media/${membership.feedToken}/${lockedEpisode.id}/${fileName(lockedEpisode.fileUrl)}`);
    expect(episode.mimeType).toBe('audio/mpeg');
    expect(episode.duration).toBeGreaterThan(0);
    const played = await get(episode.fileUrl.slice(publicUrl.length), { range: 'bytes=0-9' });
    expect(played.statusCode).toBe(206);
  });

  it('points the RSS channel <link> at the podcast page', async () => {
    const xml = (await get(`/feeds/${openTitle.id}.xml`)).body;
    const channel = xml.slice(xml.indexOf('<channel>'), xml.indexOf('<item>'));
    expect(channel).toContain(`<link>${publicUrl}/podcasts/mara_quill/${openTitle.id}</link>`);
    expect(channel).not.toContain(`<link>${publicUrl}/events/`);
  });

  it('lists the pages of titles open to everyone in the sitemap, never a members-only one', async () => {
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain(`<loc>${publicUrl}/podcasts/mara_quill/${openTitle.id}</loc>`);
    expect(sitemap).toContain(`<loc>${publicUrl}/podcasts/mara_quill/${bareTitle.id}</loc>`);
    expect(sitemap).not.toContain(lockedTitle.id);
  });

  it('previews the creator’s pages with their face when they have one, the drawn card otherwise', async () => {
    const withFace = [`/c/mara_quill`, `/m/mara_quill/`, `/events/mara_quill/${eventId}`, `/events/mara_quill`, `/podcasts/mara_quill/${bareTitle.id}`];
    for (const url of withFace) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      const image = readHead(response.body).one('og:image')!;
      expect(isGreen(await coverPixel(image)), `${url} ${image}`).toBe(true);
      expect(readHead(response.body).one('twitter:image')).toBe(image);
    }
    for (const url of ['/c/tobin_live', `/events/tobin_live/${otherEventId}`]) {
      const image = readHead((await get(url)).body).one('og:image')!;
      expect(isGreen(await coverPixel(image)), url).toBe(false);
    }
    // An episode without art of a title without a cover shows the creator too; episode art wins when there is some.
    const bareEpisode = await post(creator, `/api/podcast/titles/${bareTitle.id}/episodes`, { name: 'Plain', publishDate: '2026-01-06T10:00:00Z' }, {
      media: { filename: 'tone.mp3', contentType: 'audio/mpeg', content: media },
    });
    expect(isGreen(await coverPixel(readHead((await get(`/video/${bareEpisode.id}`)).body).one('og:image')!))).toBe(true);
    expect(readHead((await get(`/video/${openEpisode.id}`)).body).one('og:image')).toBe(`${publicUrl}${openTitle.imageUrl}`);
  });

  it('answers a missing event, episode or podcast with a 404 that links to the creator’s page (when the creator exists) and home', async () => {
    const cases: Array<{ url: string; title: string; creatorLink: boolean }> = [
      { url: '/events/mara_quill/no-such-event', title: notFoundTexts.event.title, creatorLink: true },
      { url: `/events/mara_quill/${otherEventId}`, title: notFoundTexts.event.title, creatorLink: true },
      { url: '/events/no_such_creator/x', title: notFoundTexts.event.title, creatorLink: false },
      { url: '/video/no-such-episode', title: notFoundTexts.episode.title, creatorLink: false },
      // A members-only episode has no public page, but its creator does.
      { url: `/video/${lockedEpisode.id}`, title: notFoundTexts.episode.title, creatorLink: true },
      { url: '/podcasts/mara_quill/no-such-title', title: notFoundTexts.podcast.title, creatorLink: true },
      { url: `/podcasts/tobin_live/${openTitle.id}`, title: notFoundTexts.podcast.title, creatorLink: false },
    ];
    for (const { url, title, creatorLink } of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(readHead(response.body).title, url).toBe(`${title} · Cuepoint`);
      expect(readHead(response.body).one('robots'), url).toBe('noindex');
      const body = response.body.slice(response.body.indexOf('<body'));
      expect(body, url).toContain('<a href="/">Go to the home page</a>');
      if (url.includes('tobin_live')) expect(body, url).toContain('href="/c/tobin_live"');
      else if (creatorLink) expect(body, url).toContain(`<a href="/c/mara_quill">Visit Mara Quill&#39;s page</a>`);
      else expect(body, url).not.toContain('href="/c/');
      expect(response.body.toLowerCase(), url).not.toContain('dashboard');
      expect(response.body, url).not.toContain('Soundcheck');
    }
    // What the web app's not-found page asks.
    const guest = await callerAs(test.app);
    expect(await guest.publicPages.missingPage({ kind: 'event', tag: 'MARA_QUILL' })).toEqual({ creator: { tag: 'mara_quill', displayName: 'Mara Quill', pagePath: '/c/mara_quill' } });
    expect(await guest.publicPages.missingPage({ kind: 'episode', id: lockedEpisode.id })).toEqual({ creator: { tag: 'mara_quill', displayName: 'Mara Quill', pagePath: '/c/mara_quill' } });
    expect(await guest.publicPages.missingPage({ kind: 'episode', id: 'nope' })).toEqual({ creator: null });
    // An inactive creator has no page to lead to.
    await test.app.services.db.update(users).set({ isActive: false }).where(eq(users.id, faceless.id));
    expect(await guest.publicPages.missingPage({ kind: 'event', tag: 'tobin_live' })).toEqual({ creator: null });
    const gone = await get('/events/tobin_live/no-such-event');
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('href="/c/tobin_live"');
    await test.app.services.db.update(users).set({ isActive: true }).where(eq(users.id, faceless.id));
  });
});
