import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@db/schema/users';
import { firstRow } from '@db/store';
import { siteNameOf } from '@server/domains/settings/settings.service';
import { bearer, callerAs, createTestApp, createUser, testPassword, type TestApp } from '../helpers/app';

describe('the account language and the server speaking it', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const storedLocale = async (id: string) => (await firstRow(t.app.services.db.select({ locale: users.locale }).from(users).where(eq(users.id, id))))?.locale;
  const mailsIn = (outbox: string) => readdirSync(outbox).filter((name) => name.endsWith('.json'));
  const onlyMail = (outbox: string) =>
    vi.waitFor(() => {
      const written = mailsIn(outbox);
      expect(written).toHaveLength(1);
      return JSON.parse(readFileSync(join(outbox, written[0]!), 'utf8')) as { to: string; subject: string; text: string };
    });

  describe('users.setLocale and POST /api/user/locale', () => {
    it('keeps the choice made over tRPC on the account: another device signing in gets it', async () => {
      const creator = await createUser(t.app, { role: 'dj', email: 'lena@example.test' });
      const chosen = await t.app.inject({ method: 'POST', url: '/trpc/users.setLocale', headers: bearer(creator.token), payload: { locale: 'de' } });
      expect(chosen.statusCode).toBe(200);
      expect(chosen.json().result.data).toEqual({ locale: 'de' });
      expect(await storedLocale(creator.id)).toBe('de');

      const otherDevice = await post('/api/user/login', { userName: 'lena@example.test', password: testPassword });
      expect(otherDevice.statusCode).toBe(200);
      expect(otherDevice.json().user.locale).toBe('de');
      const alive = await t.app.inject({ method: 'GET', url: '/api/user/alive', headers: bearer(otherDevice.json().token) });
      expect(alive.json().user.locale).toBe('de');
    });

    it('takes a viewer session too over REST, answering { locale }, and a later choice replaces it', async () => {
      const viewer = await createUser(t.app, { role: 'viewer', email: 'joao@example.test' });
      const first = await post('/api/user/locale', { locale: 'pt-BR' }, bearer(viewer.token));
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ locale: 'pt-BR' });
      expect(await storedLocale(viewer.id)).toBe('pt-BR');
      expect((await post('/api/user/locale', { locale: 'ar' }, bearer(viewer.token))).json()).toEqual({ locale: 'ar' });
      const signedIn = await post('/api/user/viewer-login', { userName: 'joao@example.test', password: testPassword });
      expect(signedIn.json().user.locale).toBe('ar');
    });

    it('shows no locale on an account that never chose one', async () => {
      await createUser(t.app, { role: 'dj', email: 'none@example.test' });
      const signedIn = await post('/api/user/login', { userName: 'none@example.test', password: testPassword });
      expect(signedIn.json().user.locale).toBeNull();
    });

    it('refuses a language Cuepoint does not ship with the spec-style text, storing nothing', async () => {
      const creator = await createUser(t.app, { role: 'dj' });
      const rest = await post('/api/user/locale', { locale: 'xx' }, bearer(creator.token));
      expect(rest.statusCode).toBe(400);
      expect(rest.json()).toEqual({ message: 'Please choose a supported language', errors: { locale: 'Please choose a supported language' } });
      const trpc = await t.app.inject({ method: 'POST', url: '/trpc/users.setLocale', headers: bearer(creator.token), payload: { locale: 'de-DE' } });
      expect(trpc.statusCode).toBe(400);
      expect(trpc.json().error.message).toBe('Please choose a supported language');
      expect(await storedLocale(creator.id)).toBeNull();
    });

    it('refuses a signed-out caller with 401 on both transports', async () => {
      const rest = await post('/api/user/locale', { locale: 'de' });
      expect(rest.statusCode).toBe(401);
      expect(rest.json()).toEqual({ message: 'Invalid access_token' });
      const trpc = await t.app.inject({ method: 'POST', url: '/trpc/users.setLocale', payload: { locale: 'de' } });
      expect(trpc.statusCode).toBe(401);
      // The web app tells an ended session by this exact text and words the toast itself: never translated.
      const german = await post('/api/user/locale', { locale: 'de' }, { 'accept-language': 'de' });
      expect(german.json()).toEqual({ message: 'Invalid access_token' });
    });
  });

  describe('error messages in the caller language', () => {
    const wrongCurrentPassword = { currentPassword: 'not-the-password', newPassword: 'a-new-password', confirmPassword: 'a-new-password' };

    it('answers a German account in German, whatever its browser asks for, field errors included', async () => {
      const creator = await createUser(t.app, { role: 'dj', locale: 'de' });
      const response = await post('/api/user/change-password', wrongCurrentPassword, { ...bearer(creator.token), 'accept-language': 'en-US,en' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Das aktuelle Passwort ist falsch', errors: { currentPassword: 'Das aktuelle Passwort ist falsch' } });
    });

    it('answers an English account the exact English text of the spec, even from a German browser', async () => {
      const creator = await createUser(t.app, { role: 'dj', locale: 'en' });
      const response = await post('/api/user/change-password', wrongCurrentPassword, { ...bearer(creator.token), 'accept-language': 'de' });
      expect(response.json()).toEqual({ message: 'Current password is incorrect', errors: { currentPassword: 'Current password is incorrect' } });
    });

    it('answers a German admin asking for an unknown account in German (404)', async () => {
      const admin = await createUser(t.app, { role: 'admin', locale: 'de' });
      const response = await t.app.inject({ method: 'GET', url: '/api/user/emulate/no-such-user', headers: bearer(admin.token) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Benutzer nicht gefunden' });
    });

    it('answers a guest by Accept-Language: a wrong password and a validation text in German, in French', async () => {
      await createUser(t.app, { role: 'dj', email: 'guest-case@example.test' });
      const wrong = await post('/api/user/login', { userName: 'guest-case@example.test', password: 'wrong-password' }, { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: 'Ungültige E-Mail-Adresse oder ungültiges Passwort' });
      const tooShort = await post('/api/user/login', { userName: 'abc', password: 'wrong-password' }, { 'accept-language': 'fr' });
      expect(tooShort.statusCode).toBe(400);
      expect(tooShort.json()).toEqual({ message: 'La longueur minimale est de 4 caractères', errors: { userName: 'La longueur minimale est de 4 caractères' } });
    });

    it('answers a guest without a language it ships in the exact English text', async () => {
      await createUser(t.app, { role: 'dj', email: 'english-guest@example.test' });
      const wrong = await post('/api/user/login', { userName: 'english-guest@example.test', password: 'wrong-password' }, { 'accept-language': 'ja,zh;q=0.8' });
      expect(wrong.json()).toEqual({ message: 'Invalid email/password' });
      const bare = await post('/api/user/login', { userName: 'english-guest@example.test', password: 'wrong-password' });
      expect(bare.json()).toEqual({ message: 'Invalid email/password' });
    });

    it('translates the HTTP layer refusals too (a body that is not JSON)', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: '{"userName":', headers: { 'content-type': 'application/json', 'accept-language': 'es' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'El cuerpo de la solicitud no es JSON válido' });
    });
  });

  describe('answers that are not errors', () => {
    it('says "reset link on its way" in the asker language (an Arabic browser), the English one unchanged', async () => {
      const arabic = await post('/api/user/forgot-password', { email: 'nobody@example.test' }, { 'accept-language': 'ar' });
      expect(arabic.json()).toEqual({ message: 'إذا كان هناك حساب مرتبط بهذا البريد الإلكتروني، فإن رابط إعادة التعيين في طريقه إليك.' });
      const english = await post('/api/user/forgot-password', { email: 'nobody@example.test' });
      expect(english.json()).toEqual({ message: 'If an account exists for this email, a reset link is on its way.' });
    });
  });

  describe('mails in the recipient language', () => {
    it('sends a German account its password-reset mail in German, whoever asks from which browser', async () => {
      await createUser(t.app, { role: 'dj', email: 'greta@example.test', firstName: 'Greta', locale: 'de' });
      await post('/api/user/forgot-password', { email: 'greta@example.test' }, { 'accept-language': 'en' });
      const mail = await onlyMail(join(t.dataDir, 'outbox'));
      const siteName = await siteNameOf(t.app.services);
      expect(mail.to).toBe('greta@example.test');
      expect(mail.subject).toBe(`Setze dein Passwort für ${siteName} zurück`);
      const link = /https?:\/\/\S+token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
      expect(link).toBeTruthy();
      expect(mail.text).toBe(
        `Hallo Greta,\n\njemand hat darum gebeten, das Passwort deines ${siteName}-Kontos zurückzusetzen. Öffne innerhalb einer Stunde diesen Link, um ein neues zu wählen:\n\n${link}\n\nWenn du das nicht warst, ignoriere diese E-Mail; dein Passwort bleibt, wie es ist.\n`,
      );
    });

    it('sends an account without a language the exact English mail', async () => {
      await createUser(t.app, { role: 'dj', email: 'eve@example.test', firstName: 'Eve' });
      await post('/api/user/forgot-password', { email: 'eve@example.test' }, { 'accept-language': 'de' });
      const mail = await onlyMail(join(t.dataDir, 'outbox'));
      const siteName = await siteNameOf(t.app.services);
      expect(mail.subject).toBe(`Reset your ${siteName} password`);
      expect(mail.text.startsWith(`Hello Eve,\n\nSomeone asked to reset the password of your ${siteName} account.`)).toBe(true);
    });

    it('tells a Spanish creator in Spanish that an admin activated the account', async () => {
      const admin = await createUser(t.app, { role: 'admin' });
      const creator = await createUser(t.app, { role: 'dj', email: 'lucia@example.test', firstName: 'Lucía', isActive: false, locale: 'es' });
      await (await callerAs(t.app, admin.token)).adminUsers.update({ id: creator.id, isActive: true });
      const mail = await onlyMail(join(t.dataDir, 'outbox'));
      const siteName = await siteNameOf(t.app.services);
      expect(mail.to).toBe('lucia@example.test');
      expect(mail.subject).toBe(`Tu cuenta de ${siteName} está lista`);
      expect(mail.text).toMatch(/^Hola, Lucía:\n\nUn administrador ha activado tu cuenta de creador\. Ya puedes iniciar sesión:\n\nhttps?:\/\/\S+\/login\n$/);
    });
  });
});

describe('refusals of the limits and the admins\' notice', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '2' });
  });
  afterEach(async () => t.close());

  it('answers the login limit to a Brazilian browser in Portuguese', async () => {
    const attempt = () =>
      t.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: 'someone@example.test', password: 'wrong-password' }, headers: { 'accept-language': 'pt-BR' } });
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Muitas tentativas. Aguarde um minuto e tente novamente.' });
  });

  it('tells each admin about a waiting creator in the admin language', async () => {
    await createUser(t.app, { role: 'admin', email: 'admin-de@example.test', locale: 'de' });
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { email: 'wait@example.test', firstName: 'Wim', lastName: 'Wait', subDomain: 'wim_wait', password: 'long-enough-password' },
      headers: { 'accept-language': 'fr' },
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json().message).toBe('Veuillez attendre qu’un administrateur active votre compte. Nous vous enverrons un e-mail dès que votre compte sera prêt.');
    const outbox = join(t.dataDir, 'outbox');
    const mail = await vi.waitFor(() => {
      const written = readdirSync(outbox).filter((name) => name.endsWith('.json'));
      expect(written).toHaveLength(1);
      return JSON.parse(readFileSync(join(outbox, written[0]!), 'utf8')) as { to: string; subject: string; text: string };
    });
    expect(mail.to).toBe('admin-de@example.test');
    expect(mail.subject).toBe('Ein Creator wartet auf Freischaltung: Wim Wait');
    expect(mail.text).toMatch(/^Wim Wait \(wait@example\.test, Creator-Kennung wim_wait\) hat sich registriert und wartet darauf, dass ein Admin das Konto freischaltet:\n\nhttps?:\/\/\S+\/apps\/users\/\S+\n$/);
  });
});

describe('a template message read back from its English text', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ BOT_CHECK_PROVIDER: 'pow' });
  });
  afterEach(async () => t.close());

  it('answers a failed bot check to a French browser in French with the reason filled in', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { email: 'bot@example.test', firstName: 'Bot', lastName: 'Check', subDomain: 'bot_check', password: 'long-enough-password', botCheckToken: 'not-a-solution' },
      headers: { 'accept-language': 'fr-CA,fr;q=0.9' },
    });
    expect(response.statusCode).toBe(400);
    const { message, errors } = response.json() as { message: string; errors: Record<string, string> };
    expect(message).toMatch(/^L’appel à la vérification anti-robot a échoué : \S.*$/);
    expect(errors.botCheckToken).toBe(message);
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { email: 'bot2@example.test', firstName: 'Bot', lastName: 'Check', subDomain: 'bot_check2', password: 'long-enough-password', botCheckToken: 'not-a-solution' },
    });
    const reason = message.slice('L’appel à la vérification anti-robot a échoué : '.length);
    expect(english.json().message).toBe(`The bot check call failed: ${reason}`);
  });
});
