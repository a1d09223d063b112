import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { platformSettings } from '@db/schema/settings';
import { invoices } from '@db/schema/users';
import { adminUsersMessages } from '@server/domains/users/admin-users.schemas';
import { adminRuleMessages } from '@server/domains/users/admin-rules';
import { getEffectiveSettings } from '@server/domains/settings/settings.service';
import { uploadsDir } from '@server/platform/uploads';
import type { OutgoingMail } from '@server/providers/mail/interface';
import { forbiddenMessage } from '@server/trpc/init';
import { bearer, callerAs, createTestApp, createUser, testPassword, type TestApp, type TestUser } from '../helpers/app';
import { startLocalJwks, type LocalJwks } from '../helpers/identity-providers';
import { makePng, multipart } from '../helpers/images';

const registration = (tag: string) => ({
  email: `${tag}@example.test`,
  firstName: 'Nova',
  lastName: 'Reed',
  subDomain: tag,
  password: 'a-good-password',
});

describe('admin users, settings and profile', () => {
  let test: TestApp;
  let admin: TestUser;
  let creator: TestUser;
  let viewer: TestUser;
  let mails: OutgoingMail[];

  beforeEach(async () => {
    mails = [];
    test = await createTestApp({ PUBLIC_URL: 'https://cue.example.test' }, { mailer: { send: async (mail) => void mails.push(mail) } });
    admin = await createUser(test.app, { role: 'admin', displayName: 'Ada Admin' });
    creator = await createUser(test.app, { role: 'dj', displayName: 'Mara Quill', creatorTag: 'mara_quill' });
    viewer = await createUser(test.app, { role: 'viewer' });
  });
  afterEach(async () => test.close());

  const login = (userName: string, password = 'a-good-password') =>
    test.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName, password } });

  it('every admin procedure answers 403 to a creator and a viewer', async () => {
    for (const token of [creator.token, viewer.token]) {
      const caller = await callerAs(test.app, token);
      const calls: Array<() => Promise<unknown>> = [
        () => caller.adminUsers.list({}),
        () => caller.adminUsers.get({ id: creator.id }),
        () => caller.adminUsers.waitingCount(),
        () => caller.adminUsers.update({ id: creator.id, isActive: false }),
        () => caller.adminUsers.sendPasswordReset({ id: creator.id }),
        // eslint-disable-next-line no-restricted-syntax -- the settings.get procedure, not a Drizzle query
        () => caller.settings.get(),
        () => caller.settings.update({ group: 'general', values: { siteName: 'Mine' } }),
        () => caller.users.emulate({ id: creator.id }),
        () => caller.users.setActive({ id: creator.id, isActive: false }),
      ];
      for (const call of calls) await expect(call()).rejects.toMatchObject({ code: 'FORBIDDEN', message: forbiddenMessage });
    }
    expect(await test.app.services.db.select().from(platformSettings)).toEqual([]);
    expect(mails).toEqual([]);
    const http = await test.app.inject({ method: 'GET', url: '/trpc/settings.get', headers: bearer(creator.token) });
    expect(http.statusCode).toBe(403);
  });

  it('an admin activates a waiting creator, who can then log in (and both get a mail)', async () => {
    const registered = await test.app.inject({ method: 'POST', url: '/api/user/register', payload: registration('nova_reed') });
    expect(registered.statusCode).toBe(201);
    expect(registered.json().user.isActive).toBe(false);
    expect(mails.map((mail) => mail.to)).toEqual([admin.email]);
    expect(mails[0]!.subject).toContain('Nova Reed');
    expect((await login('nova_reed')).statusCode).toBe(503);

    const asAdmin = await callerAs(test.app, admin.token);
    expect(await asAdmin.adminUsers.waitingCount()).toEqual({ count: 1 });
    const waiting = await asAdmin.adminUsers.list({ status: 'waiting' });
    expect(waiting.items.map((row) => row.subdomain)).toEqual(['nova_reed']);
    const activated = await asAdmin.adminUsers.update({ id: waiting.items[0]!.id, isActive: true });
    expect(activated.isActive).toBe(true);
    expect(mails.at(-1)).toMatchObject({ to: 'nova_reed@example.test', subject: 'Your Cuepoint account is ready' });

    const answer = await login('nova_reed');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().user).toMatchObject({ displayName: 'Nova Reed', isActive: true });
    expect(await asAdmin.adminUsers.waitingCount()).toEqual({ count: 0 });
  });

  it('creators are active at once when the settings say they need no activation', async () => {
    await (await callerAs(test.app, admin.token)).settings.update({ group: 'general', values: { creatorsNeedActivation: false } });
    const registered = await test.app.inject({ method: 'POST', url: '/api/user/register', payload: registration('quick_start') });
    expect(registered.json().user.isActive).toBe(true);
    expect(registered.json().message).toBe('Your account is ready! Please log in to start.');
    expect(mails).toEqual([]);
    expect((await login('quick_start')).statusCode).toBe(200);
  });

  it('refuses self-deactivation and self-demotion, and keeps the last active admin', async () => {
    const asAdmin = await callerAs(test.app, admin.token);
    await expect(asAdmin.adminUsers.update({ id: admin.id, isActive: false })).rejects.toMatchObject({ code: 'FORBIDDEN', message: adminRuleMessages.notOwnAccount });
    await expect(asAdmin.adminUsers.update({ id: admin.id, role: 'dj' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: adminRuleMessages.notOwnAccount });
    // Renaming oneself is fine.
    expect((await asAdmin.adminUsers.update({ id: admin.id, displayName: 'Ada L.' })).displayName).toBe('Ada L.');

    // Two admins remove each other at the same moment: the second request finds the last active admin.
    const second = await createUser(test.app, { role: 'admin' });
    const asSecond = await callerAs(test.app, second.token);
    await asSecond.adminUsers.update({ id: admin.id, isActive: false });
    await expect(asAdmin.adminUsers.update({ id: second.id, isActive: false })).rejects.toMatchObject({ code: 'CONFLICT', message: adminRuleMessages.lastAdmin });
    await expect(asAdmin.adminUsers.update({ id: second.id, role: 'staff' })).rejects.toMatchObject({ message: adminRuleMessages.lastAdmin });
    expect(await asSecond.adminUsers.get({ id: second.id })).toMatchObject({ role: 'admin', isActive: true });
  });

  it('edits names and roles; a role change ends the account’s sessions; viewers keep their role', async () => {
    const asAdmin = await callerAs(test.app, admin.token);
    const edited = await asAdmin.adminUsers.update({ id: creator.id, firstName: 'Mara', lastName: 'Q', displayName: 'DJ Mara', role: 'staff' });
    expect(edited).toMatchObject({ firstName: 'Mara', lastName: 'Q', displayName: 'DJ Mara', role: 'staff' });
    const alive = await test.app.inject({ method: 'GET', url: '/api/user/alive', headers: bearer(creator.token) });
    expect(alive.statusCode).toBe(401);
    await expect(asAdmin.adminUsers.update({ id: viewer.id, role: 'dj' })).rejects.toMatchObject({ message: adminUsersMessages.viewerRole });
    await expect(asAdmin.adminUsers.update({ id: 'nobody', isActive: true })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('searches, filters and pages the users', async () => {
    for (let index = 0; index < 25; index += 1) await createUser(test.app, { role: 'dj', displayName: `Listed ${String(index).padStart(2, '0')}` });
    const asAdmin = await callerAs(test.app, admin.token);
    const first = await asAdmin.adminUsers.list({ search: 'listed', page: 1, pageSize: 10 });
    expect(first.total).toBe(25);
    expect(first.items.map((row) => row.displayName)).toEqual(Array.from({ length: 10 }, (_, index) => `Listed ${String(index).padStart(2, '0')}`));
    const third = await asAdmin.adminUsers.list({ search: 'listed', page: 3, pageSize: 10 });
    expect(third.items).toHaveLength(5);
    expect((await asAdmin.adminUsers.list({ search: 'mara_q' })).items.map((row) => row.id)).toEqual([creator.id]);
    expect((await asAdmin.adminUsers.list({ search: viewer.email.toUpperCase() })).items.map((row) => row.id)).toEqual([viewer.id]);
    expect((await asAdmin.adminUsers.list({ search: '%' })).total).toBe(0);
    expect((await asAdmin.adminUsers.list({ role: 'viewer' })).items.map((row) => row.id)).toEqual([viewer.id]);
    expect((await asAdmin.adminUsers.list({ role: 'admin', status: 'active' })).total).toBe(1);
  });

  it('sends a password reset link to the user', async () => {
    const answer = await (await callerAs(test.app, admin.token)).adminUsers.sendPasswordReset({ id: creator.id });
    expect(answer.message).toBe(`A password reset link was sent to ${creator.email}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: creator.email });
    expect(mails[0]!.text).toMatch(/https:\/\/cue\.example\.test\/pages\/auth\/reset-password\?token=/);
  });

  it('changes the site name without a restart', async () => {
    const guest = await callerAs(test.app);
    expect(await guest.settings.publicSite()).toEqual({ siteName: 'Cuepoint' });
    await (await callerAs(test.app, admin.token)).settings.update({ group: 'general', values: { siteName: 'Night Radio' } });
    expect(await guest.settings.publicSite()).toEqual({ siteName: 'Night Radio' });
    // Mails and the installed app's manifest carry it too.
    const manifest = await test.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toMatchObject({ name: 'Night Radio', short_name: 'Night Radio', start_url: '/' });
    const before = mails.length;
    await test.app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email: creator.email } });
    await expect.poll(() => mails.length).toBe(before + 1);
    expect(mails.at(-1)!.subject).toBe('Reset your Night Radio password');
    await (await callerAs(test.app, admin.token)).settings.update({ group: 'general', values: { siteName: null } });
    expect((await test.app.inject({ method: 'GET', url: '/manifest.webmanifest' })).json()).toMatchObject({ name: 'Cuepoint' });
    expect(await guest.settings.publicSite()).toEqual({ siteName: 'Cuepoint' });
  });

  it('keeps secrets write-only: stored, used, masked, never sent back', async () => {
    const asAdmin = await callerAs(test.app, admin.token);
    const secret = 'sk_test_51SuperSecretValue9876';
    const answer = await asAdmin.settings.update({ group: 'payments', values: { provider: 'stripe', stripePublishableKey: 'pk_test_123', stripeSecretKey: secret } });
    const payments = answer.groups.find((group) => group.id === 'payments')!;
    expect(payments.fields.find((field) => field.key === 'stripeSecretKey')).toMatchObject({ value: null, isSet: true, masked: '••••••••9876', source: 'database' });
    expect(payments.fields.find((field) => field.key === 'stripeWebhookSecret')).toMatchObject({ value: null, isSet: false, masked: null, source: 'default' });
    const http = await test.app.inject({ method: 'GET', url: '/trpc/settings.get', headers: bearer(admin.token) });
    expect(http.statusCode).toBe(200);
    expect(http.body).not.toContain(secret);
    expect(http.body).not.toContain('SuperSecret');
    expect((await getEffectiveSettings(test.app.services)).payments).toMatchObject({ provider: 'stripe', stripeSecretKey: secret });
    // Saving other fields keeps the secret; stripe without its secret is refused.
    await asAdmin.settings.update({ group: 'payments', values: { stripePublishableKey: 'pk_test_456' } });
    expect((await getEffectiveSettings(test.app.services)).payments.stripeSecretKey).toBe(secret);
    await expect(asAdmin.settings.update({ group: 'payments', values: { stripeSecretKey: null } })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Stripe needs a publishable key and a secret key' });
  });

  it('applies bot-check and social sign-in changes to the running providers', async () => {
    const guest = await callerAs(test.app);
    expect(await guest.system.publicConfig()).toMatchObject({ googleClientId: null, botCheck: { provider: 'off' } });
    const asAdmin = await callerAs(test.app, admin.token);
    await asAdmin.settings.update({ group: 'social', values: { googleClientId: 'client-123.apps.example' } });
    await asAdmin.settings.update({ group: 'bot-check', values: { provider: 'pow' } });
    expect(await guest.system.publicConfig()).toMatchObject({ googleClientId: 'client-123.apps.example', botCheck: { provider: 'pow' } });
    // The proof-of-work provider now hands out challenges, and registration needs its token.
    expect(await guest.users.botCheckChallenge()).toHaveProperty('challenge');
    const refused = await test.app.inject({ method: 'POST', url: '/api/user/register', payload: registration('no_proof') });
    expect(refused.statusCode).toBe(400);
    await expect(asAdmin.settings.update({ group: 'bot-check', values: { provider: 'recaptcha' } })).rejects.toMatchObject({ message: 'reCAPTCHA needs a site key and a secret key' });
  });

  it('refuses an http:// stream URL on a site served over https (the browser would block it), and keeps https ones', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://cuepoint.example' });
    try {
      const owner = await createUser(secure.app, { role: 'dj' });
      const asOwner = await callerAs(secure.app, owner.token);
      await expect(asOwner.profile.update({ streamValue: 'http://cdn.example/live.m3u8' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Use an https:// stream URL' });
      // eslint-disable-next-line no-restricted-syntax -- the profile.get procedure, not a Drizzle query
      expect((await asOwner.profile.get()).streamValue).toBeNull();
      expect((await asOwner.profile.update({ streamValue: 'https://cdn.example/live.m3u8' })).profile.streamValue).toBe('https://cdn.example/live.m3u8');
    } finally {
      await secure.close();
    }
    // Served over http (no https PUBLIC_URL), an http stream plays, so it is kept.
    const plain = await createTestApp();
    try {
      const owner = await createUser(plain.app, { role: 'dj' });
      expect((await (await callerAs(plain.app, owner.token)).profile.update({ streamValue: 'http://cdn.example/live.m3u8' })).profile.streamValue).toBe('http://cdn.example/live.m3u8');
    } finally {
      await plain.close();
    }
  });

  it('edits the creator profile, with a validated stream URL and an avatar upload', async () => {
    const asCreator = await callerAs(test.app, creator.token);
    // eslint-disable-next-line no-restricted-syntax -- the profile.get procedure, not a Drizzle query
    expect(await asCreator.profile.get()).toMatchObject({ creatorTag: 'mara_quill', eventPagePath: '/events/mara_quill', streamValue: null });
    const saved = await asCreator.profile.update({ displayName: 'Mara Q', description: 'Deep house', streamValue: 'https://www.twitch.tv/mara' });
    expect(saved.profile).toMatchObject({ displayName: 'Mara Q', description: 'Deep house', streamValue: 'https://www.twitch.tv/mara' });
    expect(saved.user.displayName).toBe('Mara Q');
    await expect(asCreator.profile.update({ streamValue: 'javascript:alert(1)' })).rejects.toThrow('Please enter an http(s) URL');
    const overHttp = await test.app.inject({ method: 'POST', url: '/trpc/profile.update', headers: bearer(creator.token), payload: { streamValue: 'ftp://x.test/a' } });
    expect(overHttp.statusCode).toBe(400);
    expect(overHttp.json().error.message).toBe('Please enter an http(s) URL');
    await expect(asCreator.profile.update({ streamValue: 'not a url' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await asCreator.profile.update({ streamValue: '' })).profile.streamValue).toBeNull();

    const body = multipart({}, { image: { filename: 'me.png', contentType: 'image/png', content: makePng(120, 120) } });
    const upload = await test.app.inject({ method: 'POST', url: '/api/profile/avatar', headers: { ...body.headers, ...bearer(creator.token) }, payload: body.payload });
    expect(upload.statusCode, upload.body).toBe(200);
    const imageUrl = upload.json().profile.imageUrl as string;
    expect(imageUrl).toMatch(/^\/uploads\/.+\.png$/);
    const file = join(uploadsDir(test.dataDir), imageUrl.replace('/uploads/', ''));
    expect(existsSync(file)).toBe(true);
    const removed = await asCreator.profile.removeAvatar();
    expect(removed.profile.imageUrl).toBeNull();
    expect(existsSync(file)).toBe(false);

    const wrongShape = multipart({}, { image: { filename: 'wide.png', contentType: 'image/png', content: makePng(300, 100) } });
    const refused = await test.app.inject({ method: 'POST', url: '/api/profile/avatar', headers: { ...wrongShape.headers, ...bearer(creator.token) }, payload: wrongShape.payload });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Please upload a square image file in jpg, jpeg, and png between 50x50px and 200x200px');
  });

  it('shows the plan status honestly', async () => {
    await test.app.services.db.insert(invoices).values({ id: 'inv-1', userId: creator.id, amountCents: 1999, status: 'open' });
    expect(await (await callerAs(test.app, creator.token)).profile.planStatus()).toEqual({
      accountActive: true,
      openInvoices: [{ id: 'inv-1', amountCents: 1999, createdAt: expect.any(String) }],
    });
    // eslint-disable-next-line no-restricted-syntax -- the profile.get procedure, not a Drizzle query
    await expect((await callerAs(test.app, viewer.token)).profile.get()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('changing the password ends the other sessions', async () => {
    const asCreator = await callerAs(test.app, creator.token);
    const answer = await asCreator.users.changePassword({ currentPassword: testPassword, newPassword: 'another-password', confirmPassword: 'another-password' });
    expect((await test.app.inject({ method: 'GET', url: '/api/user/alive', headers: bearer(creator.token) })).statusCode).toBe(401);
    expect((await test.app.inject({ method: 'GET', url: '/api/user/alive', headers: bearer(answer.token) })).statusCode).toBe(200);
  });
});

describe('creator activation through Google sign-in', () => {
  const clientId = 'cuepoint-activation.apps.googleusercontent.com';
  const issuer = 'https://issuer.activation.test';
  let jwks: LocalJwks;
  let test: TestApp;
  let admin: TestUser;
  let mails: OutgoingMail[];

  beforeEach(async () => {
    jwks = await startLocalJwks({ issuer, audience: clientId });
    mails = [];
    test = await createTestApp({ GOOGLE_CLIENT_ID: clientId, GOOGLE_ISSUER: issuer, GOOGLE_JWKS_URL: jwks.jwksUrl }, { mailer: { send: async (mail) => void mails.push(mail) } });
    admin = await createUser(test.app, { role: 'admin' });
  });
  afterEach(async () => {
    await test.close();
    await jwks.close();
  });

  const google = async (sub: string) =>
    test.app.inject({ method: 'POST', url: '/api/user/google', payload: { tokenId: await jwks.signIdToken({ sub, email: `${sub}@gmail.test`, givenName: 'Gia', familyName: 'Lee' }) } });

  it('a new creator waits (and the admins get a notice) while activation is required', async () => {
    const response = await google('waiting-sub');
    expect(response.statusCode).toBe(403);
    expect(mails.map((mail) => mail.to)).toEqual([admin.email]);
    expect(await (await callerAs(test.app, admin.token)).adminUsers.waitingCount()).toEqual({ count: 1 });
  });

  it('a new creator is active at once when the settings say so', async () => {
    await (await callerAs(test.app, admin.token)).settings.update({ group: 'general', values: { creatorsNeedActivation: false } });
    const response = await google('instant-sub');
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ role: ['dj'], isActive: true });
    expect(mails).toEqual([]);
  });
});
