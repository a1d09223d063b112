import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import { makeMp3Tone } from '@server/lib/mp3-tone';
import { mediaMessages, uploadsDir } from '@server/platform/uploads';
import { bearer, callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/app';
import { expectedEngines } from '../helpers/test-engines';
import { makePng, multipart } from '../helpers/images';
import { createTestInstances, type TestInstances } from '../helpers/instances';
import { useS3 } from '../engines/s3';

const s3 = useS3();
const cdn = 'https://cdn.example.test/media';
const megabyte = 1024 * 1024;

const opened: Array<TestApp | TestInstances> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((test) => test.close()));
});

async function s3App(env: Record<string, string> = {}): Promise<TestApp> {
  const test = await createTestApp({ ...s3.current.env, ...env });
  opened.push(test);
  return test;
}

type Inject = TestApp['app']['inject'];

async function createTitle(inject: Inject, creator: TestUser): Promise<{ id: string; imageUrl: string }> {
  const body = multipart({ name: 'Bucket Sessions', isVideo: 'false' });
  const response = await inject({ method: 'POST', url: '/api/podcast/titles', headers: { ...body.headers, ...bearer(creator.token) }, payload: body.payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

function uploadEpisode(inject: Inject, creator: TestUser, titleId: string, media: Buffer, fields: Record<string, string> = {}) {
  const body = multipart({ name: 'In the bucket', publishDate: '2026-01-05T10:00:00Z', ...fields }, { media: { filename: 'tone.mp3', contentType: 'audio/mpeg', content: media } });
  return inject({ method: 'POST', url: `/api/podcast/titles/${titleId}/episodes`, headers: { ...body.headers, ...bearer(creator.token) }, payload: body.payload });
}

const keyOf = (url: string) => url.replace(/^\//, '');

describe('media in an S3-compatible bucket', () => {
  it('names the bucket in /healthz and is ready only while the bucket answers', async () => {
    const { app } = await s3App();
    const engines = expectedEngines({ storage: 's3' });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual(engines.health);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toEqual({ status: 'ready', checks: engines.checks() });

    const { app: misconfigured } = await s3App({ S3_BUCKET: 'no-such-bucket' });
    const notReady = await misconfigured.inject({ method: 'GET', url: '/readyz' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({ status: 'unavailable', checks: engines.checks({ storage: 'unavailable' }) });
  });

  it('stores an uploaded episode in the bucket (nothing under DATA_DIR/uploads) and streams it back: 206 for a Range, 304 for its ETag', async () => {
    const test = await s3App();
    const creator = await createUser(test.app, { role: 'dj' });
    const title = await createTitle(test.app.inject.bind(test.app), creator);
    const audio = makeMp3Tone({ seconds: 5 });
    const response = await uploadEpisode(test.app.inject.bind(test.app), creator, title.id, audio);
    expect(response.statusCode, response.body).toBe(201);
    const episode = response.json() as { id: string; fileUrl: string; duration: number };
    expect(episode.duration).toBe(5);

    expect(await s3.current.keys('uploads/')).toContain(keyOf(episode.fileUrl));
    const head = await s3.current.client.send(new HeadObjectCommand({ Bucket: s3.current.bucket, Key: keyOf(episode.fileUrl) }));
    expect(head.ContentLength).toBe(audio.length);
    expect(head.ContentType).toBe('audio/mpeg');
    expect(existsSync(uploadsDir(test.dataDir)) ? readdirSync(uploadsDir(test.dataDir)) : []).toEqual([]);

    const ranged = await test.app.inject({ method: 'GET', url: episode.fileUrl, headers: { range: 'bytes=100-199' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-199/${audio.length}`);
    expect(ranged.headers['content-type']).toBe('audio/mpeg');
    expect(ranged.rawPayload).toEqual(audio.subarray(100, 200));
    const whole = await test.app.inject({ method: 'GET', url: episode.fileUrl });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload).toEqual(audio);
    const etag = String(whole.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await test.app.inject({ method: 'GET', url: episode.fileUrl, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const beyond = await test.app.inject({ method: 'GET', url: episode.fileUrl, headers: { range: `bytes=${audio.length + 10}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${audio.length}`);
    const headOnly = await test.app.inject({ method: 'HEAD', url: episode.fileUrl });
    expect(headOnly.statusCode).toBe(200);
    expect(headOnly.headers['content-length']).toBe(String(audio.length));
  });

  it('keeps nothing in the bucket for a refused upload: wrong type, unreadable media, a PDF past its limit', async () => {
    const test = await s3App();
    const creator = await createUser(test.app, { role: 'dj' });
    const admin = await createUser(test.app, { role: 'admin' });
    const inject = test.app.inject.bind(test.app);
    const title = await createTitle(inject, creator);
    const before = await s3.current.keys();

    const text = await uploadEpisode(inject, creator, title.id, Buffer.from('just some text, not audio\n'.repeat(500)));
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(mediaMessages.type);

    // An M4A's `ftyp` box (the magic bytes pass, so it is stored), then nothing a parser can read: removed again.
    const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypM4A \0\0\0\0M4A mp42', 'latin1')]);
    const free = Buffer.concat([Buffer.from([0, 0, 0x17, 0x78]), Buffer.from('free', 'latin1'), Buffer.alloc(0x1778 - 8)]);
    const unreadable = await uploadEpisode(inject, creator, title.id, Buffer.concat([ftyp, free]));
    expect(unreadable.statusCode).toBe(415);
    expect(unreadable.json().message).toBe(mediaMessages.unreadable);

    // 21 MB of PDF: the multipart upload to the bucket is well under way when the limit is passed.
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(21 * megabyte, 0x20)]);
    const form = multipart({}, { pdfFile: { filename: 'terms.pdf', contentType: 'application/pdf', content: pdf } });
    const tooLarge = await inject({ method: 'POST', url: '/api/termsConditions', headers: { ...form.headers, ...bearer(admin.token) }, payload: form.payload });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().message).toBe('Please upload a PDF file of at most 20 MB');

    expect(await s3.current.keys()).toEqual(before);
  });

  it('deletes an episode’s objects with the episode', async () => {
    const test = await s3App();
    const creator = await createUser(test.app, { role: 'dj' });
    const inject = test.app.inject.bind(test.app);
    const title = await createTitle(inject, creator);
    const episode = (await uploadEpisode(inject, creator, title.id, makeMp3Tone({ seconds: 2 }))).json() as { id: string; fileUrl: string };
    expect(await s3.current.keys('uploads/')).toContain(keyOf(episode.fileUrl));
    const deleted = await inject({ method: 'DELETE', url: `/api/podcast/episodes/${episode.id}`, headers: bearer(creator.token) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await s3.current.keys('uploads/')).not.toContain(keyOf(episode.fileUrl));
    expect((await inject({ method: 'GET', url: episode.fileUrl })).statusCode).toBe(404);
  });

  it('sends public media to MEDIA_PUBLIC_URL, and keeps chat photos, terms PDFs and scheduled episodes behind its own checks', async () => {
    const test = await s3App({ MEDIA_PUBLIC_URL: `${cdn}/` });
    const creator = await createUser(test.app, { role: 'dj' });
    const admin = await createUser(test.app, { role: 'admin' });
    const inject = test.app.inject.bind(test.app);
    const title = await createTitle(inject, creator);
    const published = (await uploadEpisode(inject, creator, title.id, makeMp3Tone({ seconds: 2 }))).json() as { fileUrl: string };
    const redirected = await inject({ method: 'GET', url: published.fileUrl, headers: { range: 'bytes=0-9', origin: 'https://player.example' } });
    expect(redirected.statusCode).toBe(302);
    expect(redirected.headers.location).toBe(`${cdn}/${keyOf(published.fileUrl)}`);
    expect(redirected.headers['access-control-allow-origin']).toBe('*');

    const scheduled = (await uploadEpisode(inject, creator, title.id, makeMp3Tone({ seconds: 2 }), { publishDate: new Date(Date.now() + 86_400_000).toISOString() })).json() as {
      fileUrl: string;
    };
    const photoForm = multipart({}, { userPhoto: { filename: 'me.png', contentType: 'image/png', content: makePng(100, 100) } });
    const photo = await inject({ method: 'POST', url: '/api/event/upload-chat-user-profile-img', headers: { ...bearer(creator.token), ...photoForm.headers }, payload: photoForm.payload });
    expect(photo.statusCode, photo.body).toBe(200);
    const pdfForm = multipart({}, { pdfFile: { filename: 'terms.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.7\n%%EOF\n') } });
    const terms = await inject({ method: 'POST', url: '/api/termsConditions', headers: { ...pdfForm.headers, ...bearer(admin.token) }, payload: pdfForm.payload });
    expect(terms.statusCode, terms.body).toBe(200);

    for (const url of [scheduled.fileUrl, (photo.json() as { imageUrl: string }).imageUrl, (terms.json() as { pdfUrl: string }).pdfUrl]) {
      const answer = await inject({ method: 'GET', url, headers: { origin: 'https://player.example' } });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers.location, url).toBeUndefined();
      expect(answer.headers['cache-control'], url).toBe('private, no-cache');
      expect(answer.headers['access-control-allow-origin'], url).toBeUndefined();
      expect(answer.rawPayload.length, url).toBeGreaterThan(0);
    }
  });

  it('serves from instance B what was uploaded through instance A (one SQLite file, one bucket): a correct 206', async () => {
    const pair = await createTestInstances(2, s3.current.env);
    opened.push(pair);
    const [a, b] = pair.instances as [TestInstances['instances'][number], TestInstances['instances'][number]];
    const creator = await createUser(a.app, { role: 'dj', creatorTag: 'two_sites' });
    const title = await createTitle(a.app.inject.bind(a.app), creator);
    const audio = makeMp3Tone({ seconds: 6 });
    const body = multipart({ name: 'Made on A', publishDate: '2026-01-05T10:00:00Z' }, { media: { filename: 'tone.mp3', contentType: 'audio/mpeg', content: audio } });
    const uploaded = await fetch(`${a.url}/api/podcast/titles/${title.id}/episodes`, { method: 'POST', headers: { ...body.headers, ...bearer(creator.token) }, body: new Uint8Array(body.payload) });
    expect(uploaded.status).toBe(201);
    const episode = (await uploaded.json()) as { fileUrl: string };
    expect(existsSync(join(uploadsDir(pair.dataDir), keyOf(episode.fileUrl).slice('uploads/'.length)))).toBe(false);

    const ranged = await fetch(`${b.url}${episode.fileUrl}`, { headers: { range: 'bytes=1000-1999' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 1000-1999/${audio.length}`);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(audio.subarray(1000, 2000));
    const etag = ranged.headers.get('etag')!;
    expect((await fetch(`${a.url}${episode.fileUrl}`, { method: 'HEAD' })).headers.get('etag')).toBe(etag);

    // The creator's app icon is rendered by A into the bucket; B serves it.
    const app = (await (await callerAs(a.app, creator.token)).mobileApp.list())[0]!;
    const iconUrl = app.icons.icon192;
    expect(await s3.current.keys(`mobile-apps/${app.id}/`)).toHaveLength(3);
    expect(existsSync(join(pair.dataDir, 'mobile-apps'))).toBe(false);
    const icon = await fetch(`${b.url}${new URL(iconUrl, b.url).pathname}`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
  });
});
