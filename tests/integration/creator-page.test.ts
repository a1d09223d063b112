import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '@db/schema/events';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { publicPagesMessages } from '@server/domains/public-pages/public-pages.schemas';
import { newId } from '@server/lib/ids';
import { createTestApp, createUser, type TestApp } from '../helpers/app';

const publicUrl = 'https://cuepoint.example';
const hour = 3_600_000;

/** The head as a link preview reads it: the title, meta tags by name or property, the canonical link. */
function readHead(html: string) {
  const head = /<head>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? html;
  const meta = new Map<string, string>();
  for (const [tag] of head.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, key, value]) => [key!, value!]));
    const key = attributes.property ?? attributes.name;
    if (key && attributes.content !== undefined && !meta.has(key)) meta.set(key, attributes.content);
  }
  return {
    title: /<title>([\s\S]*?)<\/title>/i.exec(head)?.[1],
    meta: (key: string) => meta.get(key),
    canonical: /<link rel="canonical" href="([^"]*)">/.exec(head)?.[1],
  };
}

describe('the creator page /c/{tag}', () => {
  let webDist: string;
  let test: TestApp;
  let creatorId: string;
  const ids = { upcoming: newId(), later: newId(), past: newId(), inactive: newId(), open: newId(), membersOnly: newId() };

  const get = (url: string) => test.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'cuepoint-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Cuepoint</title></head><body><div id="root"></div></body></html>');
    test = await createTestApp({ PUBLIC_URL: publicUrl }, { webDist });
    const creator = await createUser(test.app, { role: 'dj', creatorTag: 'Mara_Quill', displayName: 'Mara Quill', description: 'Late-night deep house sets.' });
    creatorId = creator.id;
    await createUser(test.app, { role: 'dj', creatorTag: 'ines_waits', displayName: 'Ines Park', isActive: false });
    await createUser(test.app, { role: 'dj', creatorTag: 'quiet_one', displayName: 'Quiet One', description: '' });
    const { db } = test.app.services;
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    await db.insert(events).values([
      { id: ids.later, userId: creatorId, name: 'Sunday Session', startDateTime: at(48 * hour), endDateTime: at(50 * hour) },
      { id: ids.upcoming, userId: creatorId, name: 'Friday Set', startDateTime: at(hour), endDateTime: at(3 * hour), isPremium: true, premiumPriceCents: 500 },
      { id: ids.past, userId: creatorId, name: 'Last Week', startDateTime: at(-50 * hour), endDateTime: at(-48 * hour) },
      { id: ids.inactive, userId: creatorId, name: 'Draft', startDateTime: at(5 * hour), endDateTime: at(6 * hour), isActive: false },
    ]);
    const openTitle = newId();
    const membersTitle = newId();
    await db.insert(podcastTitles).values([
      { id: openTitle, userId: creatorId, name: 'Behind the Records' },
      { id: membersTitle, userId: creatorId, name: 'Backstage', membersOnly: true },
    ]);
    const episode = { userId: creatorId, mediaBytes: 3, durationSeconds: 60, mediaType: 'audio/mpeg', publishDate: at(-hour) };
    await db.insert(podcastEpisodes).values([
      { ...episode, id: ids.open, podcastTitleId: openTitle, name: 'Vinyl', mediaUrl: '/uploads/a.mp3' },
      { ...episode, id: ids.membersOnly, podcastTitleId: membersTitle, name: 'Soundcheck', mediaUrl: '/uploads/b.mp3' },
    ]);
  });
  afterAll(async () => {
    await test?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers its head: "{name} on {site}", the description, canonical and an Open Graph card', async () => {
    const page = await get('/c/mara_quill');
    expect(page.statusCode).toBe(200);
    const head = readHead(page.body);
    expect(head.title).toBe('Mara Quill on Cuepoint');
    expect(head.meta('description')).toBe('Late-night deep house sets.');
    expect(head.canonical).toBe(`${publicUrl}/c/Mara_Quill`);
    expect(head.meta('og:url')).toBe(`${publicUrl}/c/Mara_Quill`);
    expect(head.meta('og:title')).toBe('Mara Quill on Cuepoint');
    expect(head.meta('og:type')).toBe('website');
    expect(head.meta('twitter:card')).toBe('summary_large_image');
    const image = head.meta('og:image')!;
    expect(image.startsWith(`${publicUrl}/og/creators/Mara_Quill.png?v=`)).toBe(true);
    const card = await get(image.slice(publicUrl.length));
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');

    const plain = readHead((await get('/c/quiet_one')).body);
    expect(plain.meta('description')).toContain('Quiet One on Cuepoint');
  });

  it('answers a real 404 (noindex) for an unknown tag and an inactive creator', async () => {
    for (const path of ['/c/nobody_here', '/c/ines_waits']) {
      const page = await get(path);
      expect(page.statusCode, path).toBe(404);
      expect(page.body).toContain('<meta name="robots" content="noindex">');
      expect((await get(`/api/creator-page/${path.slice(3)}`)).json()).toEqual({ message: publicPagesMessages.creatorNotFound });
    }
  });

  it("gives the page's data: the creator, upcoming active events soonest first, latest episodes of open titles", async () => {
    const answer = await get('/api/creator-page/MARA_QUILL');
    expect(answer.statusCode, answer.body).toBe(200);
    const data = answer.json();
    expect(data.creator).toEqual({ id: creatorId, tag: 'Mara_Quill', displayName: 'Mara Quill', description: 'Late-night deep house sets.', imageUrl: null });
    expect(data.upcomingEvents.map((event: { id: string }) => event.id)).toEqual([ids.upcoming, ids.later]);
    expect(data.upcomingEvents[0]).toMatchObject({ name: 'Friday Set', isPremium: true, premiumPrice: 5, user: { streamValue: null } });
    expect(data.latestEpisodes.map((episode: { id: string }) => episode.id)).toEqual([ids.open]);
  });

  it('is listed in the sitemap for each active creator', async () => {
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain(`<loc>${publicUrl}/c/Mara_Quill</loc>`);
    expect(sitemap).toContain(`<loc>${publicUrl}/c/quiet_one</loc>`);
    expect(sitemap).not.toContain('/c/ines_waits');
    expect(sitemap).not.toContain(ids.membersOnly);
  });
});
