import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstRow } from '@db/store';
import { events } from '@db/schema/events';
import { liveRecordings } from '@db/schema/live';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { recordingDir, recordingFile } from '@server/domains/live/live.service';
import { newId } from '@server/lib/ids';
import { makeMp3Tone } from '@server/lib/mp3-tone';
import { uploadsDir } from '@server/platform/uploads';
import { seedTerms } from '../../seed/terms';
import { bearer, callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/app';
import { makePng, multipart } from '../helpers/images';

const day = 24 * 3_600_000;

/**
 * Web players and readers on other sites: public media answers CORS `*` and CORP cross-origin; anything else
 * keeps same-origin. Feeds, the calendar and uploads answer conditional requests with 304.
 */
describe('players elsewhere', () => {
  let test: TestApp;
  let creator: TestUser;

  beforeEach(async () => {
    test = await createTestApp();
    creator = await createUser(test.app, { role: 'dj', creatorTag: 'mara_far', displayName: 'Mara Far' });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await test.close();
  });

  /** A file under /uploads with a random name, as the upload routes store them. */
  function storeUpload(extension: string, content: Buffer | string): string {
    const name = `${newId(16)}.${extension}`;
    writeFileSync(join(uploadsDir(test.dataDir), name), content);
    return `/uploads/${name}`;
  }

  /** A title with a cover and one episode (media, transcript, chapters), published or scheduled. */
  async function podcast(options: { publishDate?: string } = {}) {
    const cover = storeUpload('png', makePng(64, 64));
    const media = storeUpload('mp3', makeMp3Tone({ seconds: 1 }));
    const transcript = storeUpload('vtt', 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nHello\n');
    const chapters = storeUpload('json', JSON.stringify({ version: '1.2.0', chapters: [{ startTime: 0, title: 'Intro' }] }));
    const titleId = newId();
    await test.app.services.db.insert(podcastTitles).values({ id: titleId, userId: creator.id, name: 'Far Away', imageUrl: cover });
    const episodeId = newId();
    await test.app.services.db
      .insert(podcastEpisodes)
      .values({
        id: episodeId,
        podcastTitleId: titleId,
        userId: creator.id,
        name: 'One',
        mediaUrl: media,
        mediaType: 'audio/mpeg',
        mediaBytes: 1,
        durationSeconds: 1,
        transcriptUrl: transcript,
        transcriptType: 'text/vtt',
        chaptersUrl: chapters,
        publishDate: options.publishDate ?? new Date(Date.now() - day).toISOString(),
      });
    return { titleId, episodeId, cover, media, transcript, chapters };
  }

  const get = (url: string, headers: Record<string, string> = {}) => test.app.inject({ method: 'GET', url, headers: { origin: 'https://player.example', ...headers } });

  function expectReadableElsewhere(response: Awaited<ReturnType<typeof get>>, url: string) {
    expect(response.statusCode, url).toBeLessThan(400);
    expect(response.headers['access-control-allow-origin'], url).toBe('*');
    expect(response.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    const exposed = String(response.headers['access-control-expose-headers']).toLowerCase();
    for (const header of ['accept-ranges', 'content-range', 'content-length']) expect(exposed, url).toContain(header);
  }

  function expectSameOriginOnly(response: Awaited<ReturnType<typeof get>>, url: string) {
    expect(response.headers['access-control-allow-origin'], url).toBeUndefined();
    expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
  }

  describe('CORS and CORP', () => {
    it("a published episode's cover, media, transcript and chapters, its feed and the calendar are readable from any site", async () => {
      const files = await podcast();
      for (const url of [files.cover, files.media, files.transcript, files.chapters]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(200);
        expectReadableElsewhere(response, url);
        expect(response.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      }
      const ranged = await get(files.media, { range: 'bytes=0-9' });
      expect(ranged.statusCode).toBe(206);
      expectReadableElsewhere(ranged, files.media);

      const feed = await get(`/feeds/${files.titleId}.xml`);
      expect(feed.statusCode).toBe(200);
      expectReadableElsewhere(feed, 'feed');
      const calendar = await get('/api/event/calendar/mara_far.ics');
      expect(calendar.statusCode).toBe(200);
      expectReadableElsewhere(calendar, 'calendar');
    });

    it('lets a player ask first (preflight with Range) for public media, and only for it', async () => {
      const files = await podcast();
      const preflight = await test.app.inject({
        method: 'OPTIONS',
        url: files.media,
        headers: { origin: 'https://player.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'range' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('*');
      expect(String(preflight.headers['access-control-allow-methods'])).toContain('GET');
      expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('range');
      const feed = await test.app.inject({ method: 'OPTIONS', url: `/feeds/${files.titleId}.xml`, headers: { origin: 'https://player.example', 'access-control-request-method': 'GET' } });
      expect(feed.statusCode).toBe(204);
      expect(feed.headers['access-control-allow-origin']).toBe('*');

      const scheduled = await podcast({ publishDate: new Date(Date.now() + day).toISOString() });
      const refused = await test.app.inject({ method: 'OPTIONS', url: scheduled.media, headers: { origin: 'https://player.example', 'access-control-request-method': 'GET' } });
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('keeps chat photos, terms PDFs, unattached uploads and scheduled episodes same-origin and out of shared caches', async () => {
      const form = multipart({}, { userPhoto: { filename: 'me.png', contentType: 'image/png', content: makePng(100, 100) } });
      const photo = await test.app.inject({ method: 'POST', url: '/api/event/upload-chat-user-profile-img', headers: { ...bearer(creator.token), ...form.headers }, payload: form.payload });
      expect(photo.statusCode, photo.body).toBe(200);
      const chatPhoto = (photo.json() as { imageUrl: string }).imageUrl;
      await seedTerms(test.app.services.db, test.app.services.storage);
      const termsPdf = (await (await callerAs(test.app)).terms.current())!.pdfUrl;
      const unattached = storeUpload('png', makePng(64, 64));
      const scheduled = await podcast({ publishDate: new Date(Date.now() + day).toISOString() });

      for (const url of [chatPhoto, termsPdf, unattached, scheduled.media, scheduled.transcript]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(200);
        expectSameOriginOnly(response, url);
        expect(response.headers['cache-control'], url).toBe('private, no-cache');
      }
    });

    it('takes a file back when it stops being public (creator deactivated), and opens it when the episode comes out', async () => {
      const files = await podcast({ publishDate: new Date(Date.now() + day).toISOString() });
      expectSameOriginOnly(await get(files.media), files.media);
      // No write in between: the publish date alone makes it public.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + day + 1_000);
      expectReadableElsewhere(await get(files.media), files.media);
      await test.app.services.db.update(users).set({ isActive: false }).where(eq(users.id, creator.id));
      expectSameOriginOnly(await get(files.media), files.media);
      expectSameOriginOnly(await get(files.cover), files.cover);
    });

    it('avatars are public; a free replay exposes its Range headers, a premium one stays private', async () => {
      const avatar = storeUpload('png', makePng(100, 100));
      await test.app.services.db.update(users).set({ imageUrl: avatar }).where(eq(users.id, creator.id));
      expectReadableElsewhere(await get(avatar), avatar);

      const caller = await callerAs(test.app, creator.token);
      const free = await caller.events.create({ name: 'Free set' });
      const premium = await caller.events.create({ name: 'Paid set', isPremium: true, premiumPrice: 5 });
      const replayOf = async (eventId: string) => {
        const id = newId();
        mkdirSync(recordingDir(test.dataDir, id), { recursive: true });
        writeFileSync(recordingFile(test.dataDir, id), Buffer.alloc(2048, 7));
        await test.app.services.db
          .insert(liveRecordings)
          .values({ id, userId: creator.id, eventId, status: 'ready', parts: [], startedAt: new Date().toISOString(), sizeBytes: 2048, durationSeconds: 1 });
        return `/live/replays/${id}.mp4`;
      };
      const freeReplay = await replayOf(free.id);
      const ranged = await get(freeReplay, { range: 'bytes=0-99' });
      expect(ranged.statusCode).toBe(206);
      expectReadableElsewhere(ranged, freeReplay);
      const premiumReplay = await get(await replayOf(premium.id));
      expect(premiumReplay.statusCode).toBe(403);
      expect(premiumReplay.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('conditional GET and ranges', () => {
    it('answers a repeated feed request with 304 (ETag or date), and the new feed after a change', async () => {
      const { titleId } = await podcast();
      const url = `/feeds/${titleId}.xml`;
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[^"]+"$/);
      expect(first.headers['last-modified']).toBeTruthy();

      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect((await get(url, { 'if-modified-since': String(first.headers['last-modified']) })).statusCode).toBe(304);

      await test.app.services.db.update(podcastTitles).set({ name: 'Renamed' }).where(eq(podcastTitles.id, titleId));
      const changed = await get(url, { 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.body).toContain('Renamed');
      expect(changed.headers.etag).not.toBe(etag);
      // A client that only keeps the date also gets the change.
      expect((await get(url, { 'if-modified-since': String(first.headers['last-modified']) })).statusCode).toBe(200);
    });

    it('sends the feed and the calendar compressed to clients that accept it', async () => {
      const { titleId } = await podcast();
      const caller = await callerAs(test.app, creator.token);
      for (let index = 0; index < 8; index += 1) {
        await caller.events.create({ name: `Set ${index}`, description: 'Warm-up and long closing set. '.repeat(4), startDateTime: `2031-06-0${index + 1}T18:00:00Z`, endDateTime: `2031-06-0${index + 1}T20:00:00Z` });
      }
      const calendar = await get('/api/event/calendar/mara_far.ics', { 'accept-encoding': 'gzip' });
      expect(calendar.headers['content-encoding']).toBe('gzip');
      expect(calendar.headers['content-type']).toBe('text/calendar; charset=utf-8');

      await test.app.services.db.update(podcastTitles).set({ description: 'Long description. '.repeat(100) }).where(eq(podcastTitles.id, titleId));
      const feed = await get(`/feeds/${titleId}.xml`, { 'accept-encoding': 'br' });
      expect(feed.headers['content-encoding']).toBe('br');
    });

    it('answers a repeated upload request with 304 and a strong ETag', async () => {
      const { media } = await podcast();
      const first = await get(media);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[^"]+"$/);
      expect(first.headers['last-modified']).toBeTruthy();
      const again = await get(media, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expectReadableElsewhere(again, media);
      expect((await get(media, { 'if-modified-since': String(first.headers['last-modified']) })).statusCode).toBe(304);
      expect((await get(media, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    });

    it('answers a past-the-end Range with 416 and Content-Range: bytes */size; If-Range picks part or whole', async () => {
      const { media } = await podcast();
      const size = makeMp3Tone({ seconds: 1 }).length;
      const beyond = await get(media, { range: `bytes=${size + 10}-` });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${size}`);

      const etag = String((await get(media)).headers.etag);
      const current = await get(media, { range: 'bytes=0-9', 'if-range': etag });
      expect(current.statusCode).toBe(206);
      expect(current.headers['content-range']).toBe(`bytes 0-9/${size}`);
      const stale = await get(media, { range: 'bytes=0-9', 'if-range': '"an-older-version"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.length).toBe(size);
    });

    it('answers a repeated calendar request with 304 until an event changes', async () => {
      const caller = await callerAs(test.app, creator.token);
      const event = await caller.events.create({ name: 'Set', startDateTime: '2031-06-01T18:00:00Z', endDateTime: '2031-06-01T20:00:00Z' });
      const url = '/api/event/calendar/mara_far.ics';
      const first = await get(url);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[^"]+"$/);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect((await get(url, { 'if-modified-since': String(first.headers['last-modified']) })).statusCode).toBe(304);

      await caller.events.update({ id: event.id, startDateTime: '2031-06-01T19:00:00Z' });
      const changed = await get(url, { 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.body).toContain('DTSTART:20310601T190000Z');
      expect((await firstRow(test.app.services.db.select().from(events).where(eq(events.id, event.id))))?.sequence).toBe(1);
    });
  });
});

describe('compressed app pages', () => {
  let test: TestApp;
  beforeEach(async () => {
    test = await createTestApp();
  });
  afterEach(async () => test.close());

  it("sends a creator's app page and its scripts compressed, and the same bytes unpacked", async () => {
    await createUser(test.app, { role: 'dj', creatorTag: 'mara_app', displayName: 'Mara App', description: 'Deep house, all night. '.repeat(20) });
    const plain = await test.app.inject({ method: 'GET', url: '/m/mara_app/' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const packed = await test.app.inject({ method: 'GET', url: '/m/mara_app/', headers: { 'accept-encoding': 'br' } });
    expect(packed.headers['content-encoding']).toBe('br');
    expect(packed.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(packed.rawPayload).toString()).toBe(plain.body);
    const script = await test.app.inject({ method: 'GET', url: '/m/mara_app/notify-me.js', headers: { 'accept-encoding': 'gzip' } });
    expect(script.headers['content-encoding']).toBe('gzip');
  });
});
