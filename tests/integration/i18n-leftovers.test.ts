import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planRefusals } from '@server/domains/billing/plan-access';
import { scrumboardMessages } from '@server/domains/demo/scrumboard/scrumboard.service';
import { appleMessages, appleMessageType, renderApplePopupPage, type ApplePopupPage } from '@server/domains/users/social.service';
import { translate } from '@server/i18n/translate';
import { bearer, callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/app';

/** The texts of an error body: its message and its field messages. */
function texts(body: { message: string; errors?: Record<string, string> }): string[] {
  return [body.message, ...Object.values(body.errors ?? {})];
}

describe('the last server texts in the caller’s language (issue 34: "Not translated yet")', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { role: 'admin' });
  });
  afterAll(() => t.close());

  const scrumboard = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url: `/api/scrumboard-app${url}`, headers: { ...bearer(admin.token), ...headers }, ...(payload && { payload }) });

  it('answers the Scrumboard sample’s unknown board in German for a German caller, and the spec’s English otherwise', async () => {
    const german = await scrumboard('GET', '/board?boardId=no-such-board', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(german.statusCode).toBe(404);
    expect(german.json()).toEqual({ message: 'Das angeforderte Board existiert nicht.' });
    const english = await scrumboard('GET', '/board?boardId=no-such-board', {});
    expect(english.statusCode).toBe(404);
    expect(english.json()).toEqual({ message: scrumboardMessages.boardNotFound });
    expect(scrumboardMessages.boardNotFound).toBe('Requested board do not exist.');
  });

  it('words the Scrumboard sample’s field refusals (empty, too long, not a date) in the caller’s language', async () => {
    const input = { board: { name: ' ', uri: 'x'.repeat(201) } };
    const french = await scrumboard('POST', '/board/new', { 'accept-language': 'fr' }, input);
    expect(french.statusCode).toBe(400);
    expect(texts(french.json())).toEqual(expect.arrayContaining(['1 caractère minimum', 'Cette valeur est trop longue']));
    const english = await scrumboard('POST', '/board/new', {}, input);
    expect(texts(english.json())).toEqual(expect.arrayContaining(['Min character length is 1', 'This value is too long']));

    const card = { boardId: 'no-such-board', listId: 'list-1', data: { name: 'Card', due: 'next Tuesday' } };
    const arabic = await scrumboard('POST', '/card/new', { 'accept-language': 'ar' }, card);
    expect(arabic.statusCode).toBe(400);
    expect(texts(arabic.json())).toContain('يُرجى إدخال تاريخ صالح');
    expect(texts((await scrumboard('POST', '/card/new', {}, card)).json())).toContain('Please enter a valid date');
  });

  it('gives the admin a user’s plan refusals in the admin’s stored language, English for an English admin', async () => {
    const englishAdmin = await callerAs(t.app, admin.token);
    await englishAdmin.settings.update({ group: 'general', values: { plansRequired: true } });
    try {
      const creator = await createUser(t.app, { role: 'dj' });
      const germanAdmin = await callerAs(t.app, (await createUser(t.app, { role: 'admin', locale: 'de' })).token);
      const german = (await germanAdmin.adminUsers.plans({ userId: creator.id })).access.refusals;
      expect(german.events).toBe(translate('de', planRefusals.liveStream));
      expect(german.events).not.toBe(planRefusals.liveStream);
      expect(german.events).toMatch(/\/profile\/me\/subscriptions$/);
      expect(german.audioTitle).toBe(translate('de', planRefusals.audioTitle));
      expect(german.videoTitle).toBe(translate('de', planRefusals.videoTitle));
      const english = (await englishAdmin.adminUsers.plans({ userId: creator.id })).access.refusals;
      expect(english).toEqual({ events: planRefusals.liveStream, audioTitle: planRefusals.audioTitle, videoTitle: planRefusals.videoTitle });
    } finally {
      await englishAdmin.settings.update({ group: 'general', values: { plansRequired: false } });
    }
  });
});

describe('the Apple sign-in pop-up page in the visitor’s language', () => {
  const signedIn: ApplePopupPage = {
    targetOrigin: 'https://app.example.com',
    message: { type: appleMessageType, token: 't', role: ['viewer'], displayName: 'Ana', email: 'ana@example.test', hasUnpaidInvoices: 'false' },
  };
  const paragraph = (html: string) => /<p id="message">([^<]*)<\/p>/.exec(html)![1];

  it('writes its lang, direction, title and text in the visitor’s language; the message it posts stays in English', () => {
    const arabic = renderApplePopupPage({ targetOrigin: null, message: { type: appleMessageType, error: appleMessages.cancelled } }, 'ar').html;
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toContain('<title>تسجيل الدخول إلى Cuepoint</title>');
    expect(paragraph(arabic)).toBe('أُلغي تسجيل الدخول');
    expect(arabic).toContain(`"error":"${appleMessages.cancelled}"`);

    const german = renderApplePopupPage(signedIn, 'de').html;
    expect(german).toContain('<html lang="de" dir="ltr">');
    expect(paragraph(german)).toBe('Du bist angemeldet. Du kannst dieses Fenster schließen.');

    const failed = renderApplePopupPage({ targetOrigin: null, message: { type: appleMessageType, error: `${appleMessages.failed} (invalid_grant)` } }, 'es').html;
    expect(paragraph(failed)).toBe('El inicio de sesión con Apple ha fallado. Inténtalo de nuevo. (invalid_grant)');
  });

  it('stays exactly as before in English', () => {
    const english = renderApplePopupPage(signedIn).html;
    expect(english).toContain('<html lang="en" dir="ltr"><head><meta charset="utf-8"><title>Cuepoint sign-in</title></head>');
    expect(paragraph(english)).toBe('You are signed in. You can close this window.');
    expect(paragraph(renderApplePopupPage({ targetOrigin: null, message: { type: appleMessageType, error: appleMessages.cancelled } }, 'en').html)).toBe('Cancelled login');
  });

  it('serves the Apple sign-in pop-up page in the visitor’s language, right to left in Arabic', async () => {
    const served = await createTestApp();
    try {
      const arabic = await served.app.inject({ method: 'GET', url: '/api/user/apple/callback?state=unknown', headers: { 'accept-language': 'ar' } });
      expect(arabic.headers['content-type']).toContain('text/html');
      expect(arabic.headers.vary).toMatch(/Accept-Language/i);
      expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
      const english = await served.app.inject({ method: 'GET', url: '/api/user/apple/callback?state=unknown' });
      expect(english.body).toContain('<html lang="en" dir="ltr">');
    } finally {
      await served.close();
    }
  });
});
