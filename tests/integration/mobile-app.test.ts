import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { imageSize } from 'image-size';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { events } from '@db/schema/events';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { newId } from '@server/lib/ids';
import { uploadsDir } from '@server/platform/uploads';
import { appIconsDir } from '@server/domains/mobile-app/mobile-app.icons';
import { mobileAppMessages } from '@server/domains/mobile-app/mobile-app.schemas';
import { bearer, callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/app';
import { makePng, multipart } from '../helpers/images';
import { firstRow } from '@db/store';

async function tagOf(test: TestApp, user: TestUser): Promise<string> {
  return (await firstRow(test.app.services.db.select().from(users).where(eq(users.id, user.id))))!.creatorTag!;
}

async function fetchBuffer(test: TestApp, url: string): Promise<{ status: number; type: string | undefined; body: Buffer }> {
  const answer = await test.app.inject({ method: 'GET', url });
  return { status: answer.statusCode, type: answer.headers['content-type'] as string | undefined, body: answer.rawPayload };
}

function uploadIcon(test: TestApp, token: string, appId: string, content: Buffer, contentType = 'image/png') {
  const body = multipart({}, { icon: { filename: 'icon', contentType, content } });
  return test.app.inject({ method: 'POST', url: `/api/mobile-app/${appId}/icon`, headers: { ...bearer(token), ...body.headers }, payload: body.payload });
}

describe('creator apps', () => {
  let test: TestApp;
  let creator: TestUser;
  let tag: string;

  beforeEach(async () => {
    test = await createTestApp();
    creator = await createUser(test.app, { role: 'dj', displayName: 'Mara Quill' });
    tag = await tagOf(test, creator);
  });
  afterEach(async () => test.close());

  it('gives every creator an app with their name and the brand colours', async () => {
    const [app] = await (await callerAs(test.app, creator.token)).mobileApp.list();
    expect(app).toMatchObject({
      name: 'Mara Quill',
      shortName: 'Mara Quill',
      themeColor: '#f97316',
      backgroundColor: '#f97316',
      startPage: 'home',
      hasCustomIcon: false,
      path: `/m/${tag}/`,
    });
    // The same app on the next visit.
    expect((await (await callerAs(test.app, creator.token)).mobileApp.list())[0]!.id).toBe(app!.id);
  });

  it('serves a manifest with every required member and icons really 192 and 512 px', async () => {
    const answer = await test.app.inject({ method: 'GET', url: `/m/${tag}/manifest.webmanifest` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('application/manifest+json');
    const manifest = answer.json();
    expect(manifest).toMatchObject({
      id: `/m/${tag}/`,
      name: 'Mara Quill',
      short_name: 'Mara Quill',
      start_url: `/m/${tag}/`,
      scope: `/m/${tag}/`,
      display: 'standalone',
      theme_color: '#f97316',
      background_color: '#f97316',
    });
    const icons = manifest.icons as Array<{ src: string; sizes: string; type: string; purpose: string }>;
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of icons) {
      expect(icon.src.startsWith(`/m/${tag}/`)).toBe(true);
      const file = await fetchBuffer(test, icon.src);
      expect(file.status).toBe(200);
      expect(file.type).toBe('image/png');
      const size = imageSize(file.body);
      expect(`${size.width}x${size.height}`).toBe(icon.sizes);
      expect(size.type).toBe('png');
    }
  });

  it('saves settings, and a colour change renders new icons under a new address', async () => {
    const caller = await callerAs(test.app, creator.token);
    const [app] = await caller.mobileApp.list();
    const updated = await caller.mobileApp.update({
      appId: app!.id,
      name: 'Mara Live',
      shortName: 'Mara',
      themeColor: '#1D4ED8',
      backgroundColor: '#000000',
      startPage: 'event',
    });
    expect(updated).toMatchObject({ name: 'Mara Live', shortName: 'Mara', themeColor: '#1d4ed8', backgroundColor: '#000000', startPage: 'event' });
    expect(updated.icons.icon192).not.toBe(app!.icons.icon192);
    const manifest = (await test.app.inject({ method: 'GET', url: `/m/${tag}/manifest.webmanifest` })).json();
    expect(manifest).toMatchObject({ name: 'Mara Live', short_name: 'Mara', start_url: `/m/${tag}/event`, theme_color: '#1d4ed8' });
    // The generated icon is drawn in the new theme colour.
    const icon = await fetchBuffer(test, updated.icons.icon512);
    const { dominant } = await sharp(icon.body).stats();
    expect([dominant.r, dominant.g, dominant.b].map((value) => Math.round(value / 16))).toEqual([Math.round(0x1d / 16), Math.round(0x4e / 16), Math.round(0xd8 / 16)]);
    // The old address leads to the current icon; only one version stays on disk.
    const old = await test.app.inject({ method: 'GET', url: app!.icons.icon192 });
    expect(old.statusCode).toBe(302);
    expect(old.headers.location).toBe(updated.icons.icon192);
    expect(readdirSync(appIconsDir(test.dataDir, app!.id)).filter((name) => !name.startsWith('.'))).toHaveLength(1);
  });

  it('validates the settings', async () => {
    const caller = await callerAs(test.app, creator.token);
    const [app] = await caller.mobileApp.list();
    const base = { appId: app!.id, name: 'A', shortName: 'A', themeColor: '#ffffff', backgroundColor: '#ffffff', startPage: 'home' as const };
    await expect(caller.mobileApp.update({ ...base, name: '' })).rejects.toThrow(mobileAppMessages.name);
    await expect(caller.mobileApp.update({ ...base, shortName: 'x'.repeat(13) })).rejects.toThrow(mobileAppMessages.shortName);
    await expect(caller.mobileApp.update({ ...base, themeColor: 'orange' })).rejects.toThrow(mobileAppMessages.color);
    await expect(caller.mobileApp.update({ ...base, themeColor: '#fff' })).rejects.toThrow(mobileAppMessages.color);
  });

  it('keeps each creator to their own app', async () => {
    const [app] = await (await callerAs(test.app, creator.token)).mobileApp.list();
    const other = await createUser(test.app, { role: 'dj' });
    const otherCaller = await callerAs(test.app, other.token);
    await expect(otherCaller.mobileApp.get({ appId: app!.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      otherCaller.mobileApp.update({ appId: app!.id, name: 'Mine', shortName: 'Mine', themeColor: '#000000', backgroundColor: '#000000', startPage: 'home' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await uploadIcon(test, other.token, app!.id, makePng(512, 512))).statusCode).toBe(404);
    const viewer = await createUser(test.app, { role: 'viewer' });
    expect((await uploadIcon(test, viewer.token, app!.id, makePng(512, 512))).statusCode).toBe(403);
    expect((await test.app.inject({ method: 'GET', url: '/trpc/mobileApp.list', headers: bearer(viewer.token) })).statusCode).toBe(403);
  });

  it('turns an uploaded square image into 192, 512 and maskable icons, and refuses anything else', async () => {
    const caller = await callerAs(test.app, creator.token);
    const [app] = await caller.mobileApp.list();
    const uploadsBefore = readdirSync(uploadsDir(test.dataDir)).length;

    for (const [content, type] of [
      [makePng(511, 511), 'image/png'],
      [makePng(600, 512), 'image/png'],
      [await sharp(makePng(600, 600)).webp().toBuffer(), 'image/webp'],
    ] as const) {
      const refused = await uploadIcon(test, creator.token, app!.id, content, type);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/square PNG or JPEG|jpg, png, webp or gif/);
    }
    // Bytes that are no image at all (text, a real PDF): 415 from the upload path.
    for (const content of [Buffer.from('not an image'), Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')]) {
      const refused = await uploadIcon(test, creator.token, app!.id, content, 'image/png');
      expect(refused.statusCode).toBe(415);
      expect(refused.json()).toEqual({ message: 'This file type is not allowed here', errors: { icon: 'This file type is not allowed here' } });
    }
    const wrongSize = await uploadIcon(test, creator.token, app!.id, makePng(511, 511));
    expect(wrongSize.json()).toEqual({ message: mobileAppMessages.icon, errors: { icon: mobileAppMessages.icon } });

    const jpeg = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#22c55e' } }).jpeg().toBuffer();
    const answer = await uploadIcon(test, creator.token, app!.id, jpeg, 'image/jpeg');
    expect(answer.statusCode).toBe(200);
    const updated = answer.json();
    expect(updated.hasCustomIcon).toBe(true);
    for (const [url, size] of [
      [updated.icons.icon192, 192],
      [updated.icons.icon512, 512],
      [updated.icons.maskable512, 512],
    ] as const) {
      const file = await fetchBuffer(test, url);
      expect(imageSize(file.body)).toMatchObject({ width: size, height: size, type: 'png' });
    }
    // The maskable icon keeps the artwork in the safe zone on the background colour.
    const maskable = await sharp((await fetchBuffer(test, updated.icons.maskable512)).body).raw().toBuffer({ resolveWithObject: true });
    expect([...maskable.data.subarray(0, 3)]).toEqual([0xf9, 0x73, 0x16]);
    // Nothing is left behind in the uploads folder.
    expect(readdirSync(uploadsDir(test.dataDir))).toHaveLength(uploadsBefore);

    const reset = await caller.mobileApp.removeIcon({ appId: app!.id });
    expect(reset.hasCustomIcon).toBe(false);
    expect(existsSync(join(appIconsDir(test.dataDir, app!.id), 'source.png'))).toBe(false);
  });
});

describe('the public app', () => {
  let test: TestApp;
  let creator: TestUser;
  let tag: string;

  beforeEach(async () => {
    test = await createTestApp();
    creator = await createUser(test.app, { role: 'dj', displayName: 'Mara <Quill>' });
    tag = await tagOf(test, creator);
  });
  afterEach(async () => test.close());

  it('shows the live event, the notify button and links its manifest and script', async () => {
    const eventId = newId();
    const hour = 3600_000;
    await test.app.services.db
      .insert(events)
      .values({ id: eventId, userId: creator.id, name: 'Sunrise Set', startDateTime: new Date(Date.now() - hour).toISOString(), endDateTime: new Date(Date.now() + hour).toISOString() });
    const redirect = await test.app.inject({ method: 'GET', url: `/m/${tag}` });
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe(`/m/${tag}/`);

    const page = await test.app.inject({ method: 'GET', url: `/m/${tag}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // On now by the schedule, but nothing on air: the badge follows the stream (common/event-badge.ts), never LIVE.
    expect(page.body).toContain('data-badge="starting-soon">Starting soon</span>');
    expect(page.body).not.toContain('LIVE');
    expect(page.body).toContain('Sunrise Set');
    expect(page.body).toContain(`href="/events/${tag}/${eventId}"`);
    expect(page.body).toContain('Mara &lt;Quill&gt;');
    expect(page.body).not.toContain('Mara <Quill>');
    expect(page.body).toContain(`<link rel="manifest" href="/m/${tag}/manifest.webmanifest">`);
    expect(page.body).toContain(`<script type="module" src="/m/${tag}/app.js"></script>`);
    expect(page.body).toMatch(/<button type="button" id="notify-me" hidden/);
    // Only external scripts: the page works under the app's Content-Security-Policy.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    const start = await test.app.inject({ method: 'GET', url: `/m/${tag}/event` });
    expect(start.headers.location).toBe(`/events/${tag}/${eventId}`);
  });

  it('lists the latest published episodes and starts at the newest one when asked', async () => {
    const titleId = newId();
    const db = test.app.services.db;
    await db.insert(podcastTitles).values({ id: titleId, userId: creator.id, name: 'Records Behind the Set' });
    const episode = async (name: string, publishDate: string) => {
      const id = newId();
      await db
        .insert(podcastEpisodes)
        .values({ id, podcastTitleId: titleId, userId: creator.id, name, mediaUrl: '/uploads/x.mp3', mediaType: 'audio/mpeg', mediaBytes: 1, durationSeconds: 60, publishDate });
      return id;
    };
    await episode('Older one', '2026-01-01T00:00:00.000Z');
    const newest = await episode('Newest one', '2026-06-01T00:00:00.000Z');
    await episode('Not out yet', new Date(Date.now() + 86_400_000).toISOString());

    const page = await test.app.inject({ method: 'GET', url: `/m/${tag}/` });
    expect(page.body).toContain('Latest episodes');
    expect(page.body).toContain(`href="/video/${newest}"`);
    expect(page.body.indexOf('Newest one')).toBeLessThan(page.body.indexOf('Older one'));
    expect(page.body).not.toContain('Not out yet');

    const start = await test.app.inject({ method: 'GET', url: `/m/${tag}/latest-episode` });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe(`/video/${newest}`);

    // The compose page links to them too.
    const overview = await (await callerAs(test.app, creator.token)).push.overview();
    expect(overview.links.filter((link) => link.group === 'episode').map((link) => link.url)).toEqual([`/video/${newest}`, expect.stringMatching(/^\/video\//)]);
  });

  it('serves the service worker for its scope with the app baked in, and a friendly offline page', async () => {
    const worker = await test.app.inject({ method: 'GET', url: `/m/${tag}/sw.js` });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('text/javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.body).toContain('const APP_NAME = "Mara <Quill>"');
    expect(worker.body).toContain("addEventListener('push'");
    expect(worker.body).toContain("addEventListener('notificationclick'");

    const offline = await test.app.inject({ method: 'GET', url: `/m/${tag}/offline` });
    expect(offline.statusCode).toBe(200);
    expect(offline.body).toContain("You're offline");

    const script = await test.app.inject({ method: 'GET', url: `/m/${tag}/notify-me.js` });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('export function createNotifyMe');
  });

  it('answers 404 for an unknown creator or a viewer', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/m/nobody-here/' })).statusCode).toBe(404);
    expect((await test.app.inject({ method: 'GET', url: '/m/nobody-here/manifest.webmanifest' })).statusCode).toBe(404);
    expect((await test.app.inject({ method: 'GET', url: '/m/nobody-here/sw.js' })).statusCode).toBe(404);
    await test.app.services.db.update(users).set({ isActive: false }).where(eq(users.id, creator.id));
    expect((await test.app.inject({ method: 'GET', url: `/m/${tag}/` })).statusCode).toBe(404);
  });

  it('renders missing icon files again (a restored data folder)', async () => {
    const manifest = (await test.app.inject({ method: 'GET', url: `/m/${tag}/manifest.webmanifest` })).json();
    const [app] = await (await callerAs(test.app, creator.token)).mobileApp.list();
    const { rmSync } = await import('node:fs');
    rmSync(appIconsDir(test.dataDir, app!.id), { recursive: true, force: true });
    const icon = await fetchBuffer(test, manifest.icons[1].src);
    expect(icon.status).toBe(200);
    expect(imageSize(icon.body)).toMatchObject({ width: 512, height: 512 });
  });
});
