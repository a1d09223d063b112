import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '@db/schema/events';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { pushNotifications } from '@db/schema/push';
import { eq } from 'drizzle-orm';
import { notifyEventLive } from '@server/domains/push/push.service';
import { newId } from '@server/lib/ids';
import { bearer, createTestApp, createUser, type TestApp } from '../helpers/app';

const publicUrl = 'https://cuepoint.example';

/** One refusal of each domain: the call, the exact English text and its German translation. */
const refusals: { domain: string; method: 'GET' | 'POST'; path: string; input: unknown; english: string; german: string }[] = [
  { domain: 'events', method: 'GET', path: 'events.latest', input: { subdomain: 'nobody_here' }, english: 'Creator not found', german: 'Creator nicht gefunden' },
  { domain: 'tips', method: 'POST', path: 'tipOptions.remove', input: { id: 'no-such-option' }, english: 'Tip option not found', german: 'Trinkgeld-Option nicht gefunden' },
  {
    domain: 'memberships',
    method: 'POST',
    path: 'memberships.archiveTier',
    input: { id: 'no-such-tier' },
    english: 'Membership tier not found',
    german: 'Mitgliedschaftsstufe nicht gefunden',
  },
  { domain: 'payments', method: 'GET', path: 'payments.byId', input: { id: 'no-such-payment' }, english: 'Payment not found', german: 'Zahlung nicht gefunden' },
  { domain: 'subscriptions', method: 'POST', path: 'subscriptions.cancel', input: { id: 'no-such-subscription' }, english: 'Subscription not found', german: 'Abonnement nicht gefunden' },
  { domain: 'chat', method: 'GET', path: 'chat.room', input: { subdomain: 'nobody_here' }, english: 'No event found for this page', german: 'Für diese Seite wurde kein Event gefunden' },
  { domain: 'live', method: 'GET', path: 'live.recording', input: { recordingId: 'no-such-recording' }, english: 'Recording not found', german: 'Aufnahme nicht gefunden' },
  { domain: 'podcasts', method: 'GET', path: 'podcasts.getTitle', input: { id: 'no-such-title' }, english: 'Podcast title not found', german: 'Podcast-Titel nicht gefunden' },
  { domain: 'billing', method: 'GET', path: 'billing.product', input: { id: 'NO_SUCH_PRODUCT' }, english: 'Product not found', german: 'Produkt nicht gefunden' },
  { domain: 'earnings', method: 'POST', path: 'earnings.hideTipMessage', input: { tipId: 'no-such-tip' }, english: 'Tip not found', german: 'Trinkgeld nicht gefunden' },
  { domain: 'api-tokens', method: 'POST', path: 'apiTokens.revoke', input: { id: 'no-such-token' }, english: 'API token not found', german: 'API-Token nicht gefunden' },
  { domain: 'mobile-app', method: 'GET', path: 'mobileApp.get', input: { appId: 'no-such-app' }, english: 'App not found', german: 'App nicht gefunden' },
  {
    domain: 'push',
    method: 'POST',
    path: 'push.send',
    input: { title: '', body: 'Tonight at nine' },
    english: 'Title must be 1 to 60 characters',
    german: 'Der Titel muss 1 bis 60 Zeichen lang sein',
  },
];

/** The head as a link preview reads it: the title and the meta tags by name or property. */
function readHead(html: string) {
  const meta = new Map<string, string>();
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, key, value]) => [key!, value!]));
    const key = attributes.property ?? attributes.name;
    if (key && attributes.content !== undefined && !meta.has(key)) meta.set(key, attributes.content);
  }
  return { title: /<title>([\s\S]*?)<\/title>/i.exec(html)?.[1], meta: (key: string) => meta.get(key) };
}

describe('the server in the language of the account, the visitor or the creator', () => {
  let webDist: string;
  let t: TestApp;
  let german: { id: string; token: string };
  let english: { id: string; token: string };
  const titleId = newId();
  const eventId = newId();

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'cuepoint-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Cuepoint</title></head><body><div id="root"></div></body></html>');
    t = await createTestApp({ PUBLIC_URL: publicUrl }, { webDist });
    german = await createUser(t.app, { role: 'dj', locale: 'de', creatorTag: 'lena_berlin', displayName: 'Lena Berlin', description: '' });
    english = await createUser(t.app, { role: 'dj', locale: 'en', creatorTag: 'mara_quill', displayName: 'Mara Quill', description: '' });
    const { db } = t.app.services;
    const start = new Date(Date.now() + 86_400_000);
    await db.insert(events).values({
      id: eventId,
      userId: german.id,
      name: 'Nachtschicht',
      description: '',
      startDateTime: start.toISOString(),
      endDateTime: new Date(start.getTime() + 7_200_000).toISOString(),
      isPremium: true,
      premiumPriceCents: 500,
    });
    await db.insert(podcastTitles).values({ id: titleId, userId: german.id, name: 'Hinter den Platten', description: 'Gespräche über Platten.' });
    await db
      .insert(podcastEpisodes)
      .values({ id: newId(), userId: german.id, podcastTitleId: titleId, name: 'Folge 1', mediaBytes: 3, durationSeconds: 60, mediaType: 'audio/mpeg', mediaUrl: '/uploads/folge1.mp3', publishDate: new Date(Date.now() - 3_600_000).toISOString() });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const call = (refusal: (typeof refusals)[number], token: string, acceptLanguage: string) =>
    refusal.method === 'GET'
      ? t.app.inject({ method: 'GET', url: `/trpc/${refusal.path}?input=${encodeURIComponent(JSON.stringify(refusal.input))}`, headers: { ...bearer(token), 'accept-language': acceptLanguage } })
      : t.app.inject({ method: 'POST', url: `/trpc/${refusal.path}`, payload: refusal.input as object, headers: { ...bearer(token), 'accept-language': acceptLanguage } });

  describe.each(refusals)('$domain refuses', (refusal) => {
    it(`in German for a German account, "${refusal.english}" exactly for an English one`, async () => {
      const inGerman = await call(refusal, german.token, 'en');
      expect(inGerman.statusCode).toBeGreaterThanOrEqual(400);
      expect(inGerman.json().error.message).toBe(refusal.german);
      const inEnglish = await call(refusal, english.token, 'de');
      expect(inEnglish.statusCode).toBe(inGerman.statusCode);
      expect(inEnglish.json().error.message).toBe(refusal.english);
    });
  });

  it('reads the value back into a template refusal: the missing API token scope, in German', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/trpc/apiTokens.create', headers: bearer(german.token), payload: { name: 'Kalender', scopes: ['events:read'] } });
    expect(created.statusCode).toBe(200);
    const apiToken = created.json().result.data.token as string;
    const refused = await t.app.inject({ method: 'GET', url: '/trpc/podcasts.listTitles', headers: bearer(apiToken) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Diesem API-Token fehlt der Bereich podcasts:read');
  });

  describe('a public page head', () => {
    it('is in German for Accept-Language de, with og:locale and Vary: Accept-Language', async () => {
      const page = await t.app.inject({ method: 'GET', url: '/c/lena_berlin', headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers.vary).toMatch(/Accept-Language/i);
      const head = readHead(page.body);
      expect(head.title).toBe('Lena Berlin auf Cuepoint');
      expect(head.meta('description')).toBe('Mitgliedschaften, Live-Events und Folgen von Lena Berlin auf Cuepoint: Unterstütze monatlich und sichere dir die Vorteile.');
      expect(head.meta('og:locale')).toBe('de_DE');
    });

    it('keeps the English words exactly for an English visitor (the creator’s own language does not matter)', async () => {
      const page = await t.app.inject({ method: 'GET', url: '/c/lena_berlin', headers: { 'accept-language': 'en-US,en;q=0.9' } });
      expect(page.headers.vary).toMatch(/Accept-Language/i);
      const head = readHead(page.body);
      expect(head.title).toBe('Lena Berlin on Cuepoint');
      expect(head.meta('description')).toBe('Memberships, live events and episodes from Lena Berlin on Cuepoint: support them monthly and get the perks.');
      expect(head.meta('og:locale')).toBe('en_US');
    });

    it('writes an event’s date the visitor’s way and a missing page’s words in French', async () => {
      const event = readHead((await t.app.inject({ method: 'GET', url: `/events/lena_berlin/${eventId}`, headers: { 'accept-language': 'de' } })).body);
      expect(event.title).toBe('Nachtschicht · Cuepoint');
      expect(event.meta('description')).toMatch(/^Lena Berlin live auf Cuepoint: .+ UTC\.$/);
      expect(event.meta('description')).not.toMatch(/\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun|AM|PM)\b/);
      const missing = await t.app.inject({ method: 'GET', url: '/events/lena_berlin/no-such-event', headers: { 'accept-language': 'fr' } });
      expect(missing.statusCode).toBe(404);
      expect(readHead(missing.body).title).toBe('Événement introuvable · Cuepoint');
      expect(missing.body).toContain('Visiter la page de Lena Berlin');
    });
  });

  it('words the go-live push notification in the creator’s stored language, and exactly in English for an English one', async () => {
    const { db } = t.app.services;
    const titles: Record<string, { title: string; body: string }> = {};
    for (const [locale, tag] of [['de', 'anna_live'], ['en', 'ben_live']] as const) {
      const admin = await createUser(t.app, { role: 'admin', locale, creatorTag: tag, displayName: locale === 'de' ? 'Anna' : 'Ben' });
      const id = newId();
      await db.insert(events).values({ id, userId: admin.id, name: 'Frühschicht', isActive: true });
      expect(await notifyEventLive(t.app.services, id)).not.toBeNull();
      const [row] = await db.select({ title: pushNotifications.title, body: pushNotifications.body }).from(pushNotifications).where(eq(pushNotifications.eventId, id));
      titles[locale] = row!;
    }
    expect(titles.de).toEqual({ title: 'Anna ist live: Frühschicht', body: 'Tippe, um dem Stream beizutreten.' });
    expect(titles.en).toEqual({ title: 'Ben is live: Frühschicht', body: 'Tap to join the stream.' });
  });

  describe('feeds in the creator’s stored language', () => {
    it('the podcast feed’s own words in German, the creator’s content as written', async () => {
      const feed = await t.app.inject({ method: 'GET', url: `/feeds/${titleId}.xml` });
      expect(feed.statusCode).toBe(200);
      expect(feed.body).toContain('>Unterstütze Lena Berlin mit einem Trinkgeld</podcast:funding>');
      expect(feed.body).toContain('<title>Hinter den Platten</title>');
    });

    it('the calendar feed’s name and premium line in German; an English creator’s stay exactly English', async () => {
      const calendar = await t.app.inject({ method: 'GET', url: '/api/event/calendar/lena_berlin.ics' });
      expect(calendar.statusCode).toBe(200);
      const unfolded = calendar.body.replace(/\r\n[ \t]/g, '');
      expect(unfolded).toContain('X-WR-CALNAME:Lena Berlin – Live-Events');
      expect(unfolded).toContain('Premium-Event: Eintritt $5.00 CAD.');
      const englishCalendar = await t.app.inject({ method: 'GET', url: '/api/event/calendar/mara_quill.ics' });
      expect(englishCalendar.body.replace(/\r\n[ \t]/g, '')).toContain('X-WR-CALNAME:Mara Quill — live events');
    });
  });
});
