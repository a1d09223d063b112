import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '@db/schema/events';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { planRefusals } from '@server/domains/billing/plan-access';
import { federationMessages } from '@server/domains/federation/federation.schemas';
import { liveNotices } from '@server/domains/live/live.schemas';
import { playbackMessages } from '@server/domains/live/live.playback';
import { newId } from '@server/lib/ids';
import { isPlanRefusal, isPlanRefusalError, planRefusalMessage } from '@web/components/plan-notice';
import { isFederationOff } from '@web/features/fediverse/federation-state';
import { bearer, callerAs, createTestApp, createUser, type TestApp } from '../helpers/app';
import { makePng, multipart } from '../helpers/images';

/** English words the creator app's page, its offline and not-found pages and its notify texts write themselves. */
const appEnglish = [
  'Live events and episodes',
  'Powered by Cuepoint',
  'Next up',
  'Open event',
  'Watch now',
  'Latest episodes',
  'Notifications',
  'Notify me',
  'goes live',
  'posts news',
  'Time to be announced',
  'Please wait',
  'This browser cannot',
  'blocked for this site',
  'could not be installed',
  'could not set up notifications',
  'could not be turned on',
  'Unexpected error',
  "You're offline",
  'needs a connection',
  'Try again',
  'App not found',
  'no creator app',
  'Go to Cuepoint',
  ' on Cuepoint',
];

/** The page's visible text and attribute values, with the creator's own words (their names, event, episode) taken out. */
function serverWords(html: string, creatorWords: string[]): string {
  let text = html.replace(/<style>[\s\S]*?<\/style>/g, '');
  for (const word of creatorWords) text = text.split(word).join('');
  return text;
}

/** The JSON of the body's `data-notify-texts`, as the browser reads the attribute. */
function notifyTexts(html: string) {
  const attribute = /<body\b[^>]*\bdata-notify-texts="([^"]*)"/.exec(html)![1]!;
  const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
  return JSON.parse(attribute.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => entities[entity]!));
}

function englishIn(text: string): string[] {
  return appEnglish.filter((word) => text.includes(word));
}

/** What the web app's tRPC client makes of an error answer: a TRPCClientError's message and data. */
function clientError(body: { error: { message: string; data: Record<string, unknown> } }) {
  return Object.assign(new Error(body.error.message), { data: body.error.data });
}

describe('server-written pages and data in the visitor’s language (issue 34, step 3)', () => {
  let webDist: string;
  let t: TestApp;
  const tag = 'lena_app';
  const eventName = 'Nachtschicht im Studio';

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'cuepoint-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Cuepoint</title></head><body><div id="root"></div></body></html>');
    t = await createTestApp({ PUBLIC_URL: 'https://cuepoint.example', FEDERATION: 'off' }, { webDist });
    const creator = await createUser(t.app, { role: 'dj', creatorTag: tag, displayName: 'Lena Berlin', description: '' });
    const { db } = t.app.services;
    const start = new Date(Date.now() + 3 * 86_400_000);
    await db.insert(events).values({ id: newId(), userId: creator.id, name: eventName, description: '', startDateTime: start.toISOString(), endDateTime: new Date(start.getTime() + 7_200_000).toISOString() });
    const titleId = newId();
    await db.insert(podcastTitles).values({ id: titleId, userId: creator.id, name: 'Plattenkiste', description: '' });
    await db.insert(podcastEpisodes).values({
      id: newId(),
      userId: creator.id,
      podcastTitleId: titleId,
      name: 'Folge eins',
      mediaBytes: 3,
      durationSeconds: 60,
      mediaType: 'audio/mpeg',
      mediaUrl: '/uploads/folge-eins.mp3',
      publishDate: new Date(Date.now() - 3_600_000).toISOString(),
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptLanguage: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-language': acceptLanguage } });
  const creatorWords = ['Lena Berlin', 'Lena', eventName, 'Plattenkiste', 'Folge eins', tag];

  describe("the creator's app (/m/{tag}/)", () => {
    it('is German for Accept-Language de: <html lang="de">, no English word of the list, the notify texts German, Vary: Accept-Language', async () => {
      const page = await get(`/m/${tag}/`, 'de-DE,de;q=0.9,en;q=0.4');
      expect(page.statusCode).toBe(200);
      expect(page.headers.vary).toMatch(/accept-language/i);
      expect(page.body).toContain('<html lang="de" dir="ltr">');
      expect(englishIn(serverWords(page.body, creatorWords))).toEqual([]);
      expect(page.body).toContain('Als Nächstes');
      expect(page.body).toContain('Event öffnen');
      expect(page.body).toContain('Neueste Folgen');
      expect(page.body).toContain('Bereitgestellt von Cuepoint');
      expect(page.body).toContain('Erhalte eine Benachrichtigung, wenn Lena Berlin live geht oder Neuigkeiten teilt.');
      // The "Notify me" script reads its words from the page (the body's data-notify-texts): German.
      const texts = notifyTexts(page.body);
      expect(texts.labels).toMatchObject({ off: 'Benachrichtige mich', on: 'Benachrichtigungen an', busy: 'Bitte warten …' });
      expect(texts.blocked).toBe('Benachrichtigungen sind für diese Website in deinen Browsereinstellungen blockiert.');
      expect(texts.unexpected).not.toBe('Unexpected error. Please try again.');
    });

    it('is Arabic right to left for Accept-Language ar, its offline page and manifest too', async () => {
      const page = await get(`/m/${tag}/`, 'ar');
      expect(page.body).toContain('<html lang="ar" dir="rtl">');
      expect(englishIn(serverWords(page.body, creatorWords))).toEqual([]);
      const offline = await get(`/m/${tag}/offline`, 'ar-EG');
      expect(offline.body).toContain('<html lang="ar" dir="rtl">');
      expect(offline.headers.vary).toMatch(/accept-language/i);
      expect(englishIn(serverWords(offline.body, creatorWords))).toEqual([]);
      expect(offline.body).toContain('أنت غير متصل بالإنترنت');
      const manifest = await get(`/m/${tag}/manifest.webmanifest`, 'ar');
      expect(manifest.headers.vary).toMatch(/accept-language/i);
      expect(manifest.json()).toMatchObject({ lang: 'ar', dir: 'rtl', description: 'Lena Berlin على Cuepoint: فعاليات بث مباشر وحلقات وإشعارات.' });
      const missing = await get('/m/nobody_here/', 'fr');
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain('<html lang="fr" dir="ltr">');
      expect(missing.body).toContain('Il n’y a pas d’application de créateur à cette adresse.');
      expect(englishIn(missing.body)).toEqual([]);
    });

    it('keeps its English words exactly for an English visitor (and a visitor whose languages it does not ship)', async () => {
      for (const language of ['en-US,en;q=0.9', 'ja']) {
        const page = await get(`/m/${tag}/`, language);
        expect(page.body).toContain('<html lang="en" dir="ltr">');
        for (const text of ['>Next up</span>', '>Open event</a>', '>Latest episodes</h2>', '<footer>Powered by Cuepoint</footer>', '>Notify me</button>']) expect(page.body).toContain(text);
        expect(page.body).toContain('Get a notification when Lena Berlin goes live or posts news.');
        expect(notifyTexts(page.body).labels.off).toBe('Notify me');
      }
      expect((await get(`/m/${tag}/offline`, 'en')).body).toContain("You're offline");
      expect((await get(`/m/${tag}/manifest.webmanifest`, 'en')).json().description).toBe('Lena Berlin on Cuepoint: live events, episodes and notifications.');
    });
  });

  describe('a page of the web app as the server sends it', () => {
    it('is rtl for an Arabic visitor before any script runs: a public page with a head and a plain app page', async () => {
      for (const path of [`/c/${tag}`, '/login']) {
        const page = await get(path, 'ar,en;q=0.5');
        expect(page.statusCode, path).toBe(200);
        expect(page.headers.vary, path).toMatch(/accept-language/i);
        expect(page.body, path).toMatch(/^<!doctype html><html lang="ar" dir="rtl"><head>/);
      }
      const missing = await get('/events/nobody_here/no-such-event', 'ar');
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain('<html lang="ar" dir="rtl">');
    });

    it('is German ltr for German, English ltr for English', async () => {
      expect((await get('/login', 'de')).body).toContain('<html lang="de" dir="ltr">');
      expect((await get(`/c/${tag}`, 'en')).body).toContain('<html lang="en" dir="ltr">');
    });
  });

  describe('texts sent as data', () => {
    it("the player's refusal and a members-only file's, in the caller's language", async () => {
      const playlist = await get('/live/no-such-session/index.m3u8', 'de');
      expect(playlist.statusCode).toBe(404);
      expect(playlist.headers.vary).toMatch(/accept-language/i);
      expect(playlist.json()).toEqual({ message: 'Nicht gefunden' });
      expect((await get('/live/no-such-session/index.m3u8', 'en')).json()).toEqual({ message: playbackMessages.notFound });
      const media = await get('/member-media/no-such-token/no-such-episode/abcdefgh.mp3', 'es');
      expect(media.statusCode).toBe(404);
      expect(media.json().message).not.toBe('Not found');
      expect((await get('/member-media/no-such-token/no-such-episode/abcdefgh.mp3', 'en')).json()).toEqual({ message: 'Not found' });
    });

    it("the Go live page's reason, in the account's language", async () => {
      const german = await createUser(t.app, { role: 'dj', locale: 'de' });
      const english = await createUser(t.app, { role: 'dj', locale: 'en' });
      // The test app's ingest has not started: the page says so.
      const inEnglish = await (await callerAs(t.app, english.token)).live.settings();
      expect(inEnglish.reason).toBe(liveNotices.ingestStarting);
      const inGerman = (await t.app.inject({ method: 'GET', url: '/trpc/live.settings', headers: bearer(german.token) })).json().result.data;
      expect(inGerman.reason).toBe('Der Live-Empfang startet');
    });
  });

  describe('refusals the web app tells apart by their code', () => {
    it('a plan refusal in German carries plan-required, and the web recognises it and links the plans page', async () => {
      const admin = await createUser(t.app, { role: 'admin' });
      await (await callerAs(t.app, admin.token)).settings.update({ group: 'general', values: { plansRequired: true } });
      try {
        const german = await createUser(t.app, { role: 'dj', locale: 'de' });
        const english = await createUser(t.app, { role: 'dj', locale: 'en' });
        const event = { name: 'Freitag', description: '', startDateTime: null, endDateTime: null };
        const refused = await t.app.inject({ method: 'POST', url: '/trpc/events.create', headers: bearer(german.token), payload: event });
        expect(refused.statusCode).toBe(403);
        const body = refused.json();
        expect(body.error.data.reason).toBe('plan-required');
        expect(body.error.message).toBe('Um Events zu erstellen und live zu gehen, brauchst du den Tarif LIVE STREAM. Wähle einen Tarif: /profile/me/subscriptions');
        const error = clientError(body);
        expect(isPlanRefusalError(error)).toBe(true);
        expect(planRefusalMessage(error)).toBe(body.error.message);
        expect(isPlanRefusal(planRefusalMessage(error))).toBe(true);

        const inEnglish = (await t.app.inject({ method: 'POST', url: '/trpc/events.create', headers: bearer(english.token), payload: event })).json();
        expect(inEnglish.error.message).toBe(planRefusals.liveStream);
        expect(inEnglish.error.data.reason).toBe('plan-required');

        // The documented REST path (the new-title dialog's upload) answers the code beside the text.
        const form = multipart({ name: 'Hörspiel', description: '', isVideo: 'false' }, { image: { filename: 'cover.png', contentType: 'image/png', content: makePng(1400, 1400) } });
        const title = await t.app.inject({ method: 'POST', url: '/api/podcast/titles', headers: { ...form.headers, ...bearer(german.token) }, payload: form.payload });
        expect(title.statusCode).toBe(403);
        expect(title.json()).toEqual({ message: 'Für Audio-Podcasts brauchst du den Tarif PODCAST. Wähle einen Tarif: /profile/me/subscriptions', reason: 'plan-required' });

        // What the dialogs show before the creator tries: the same refusals, German.
        const access = (await t.app.inject({ method: 'GET', url: '/trpc/billing.myPlanAccess', headers: bearer(german.token) })).json().result.data;
        expect(access.refusals.events).toBe(body.error.message);
        expect((await (await callerAs(t.app, english.token)).billing.myPlanAccess()).refusals.events).toBe(planRefusals.liveStream);

        // Any other refusal has no code: the web does not take it for a plan refusal.
        const other = (await t.app.inject({ method: 'GET', url: `/trpc/podcasts.getTitle?input=${encodeURIComponent(JSON.stringify({ id: 'no-such-title' }))}`, headers: bearer(german.token) })).json();
        expect(other.error.data.reason).toBeUndefined();
        expect(isPlanRefusalError(clientError(other))).toBe(false);
      } finally {
        await (await callerAs(t.app, admin.token)).settings.update({ group: 'general', values: { plansRequired: false } });
      }
    });

    it('the Fediverse switched off, in French, carries federation-off and the web still shows the switched-off page', async () => {
      const creator = await createUser(t.app, { role: 'dj', locale: 'fr' });
      const answer = (await t.app.inject({ method: 'GET', url: '/trpc/federation.settings', headers: bearer(creator.token) })).json();
      expect(answer.error.data).toMatchObject({ httpStatus: 404, reason: 'federation-off' });
      expect(answer.error.message).toBe('Le Fédivers est désactivé sur ce serveur');
      expect(isFederationOff(clientError(answer))).toBe(true);
      const english = await createUser(t.app, { role: 'dj' });
      const inEnglish = (await t.app.inject({ method: 'GET', url: '/trpc/federation.settings', headers: { ...bearer(english.token), 'accept-language': 'en' } })).json();
      expect(inEnglish.error.message).toBe(federationMessages.notEnabled);
      expect(isFederationOff(clientError(inEnglish))).toBe(true);
      // A 404 without the code is another answer.
      expect(isFederationOff(Object.assign(new Error(federationMessages.notEnabled), { data: { httpStatus: 404 } }))).toBe(false);
    });
  });
});
