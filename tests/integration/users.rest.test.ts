import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@db/schema/users';
import { invoices, termsDocuments } from '@db/schema/users';
import { authMessages } from '@server/domains/users/users.schemas';
import { bearer, createTestApp, createUser, testPassword, type TestApp } from '../helpers/app';
import { firstRow } from '@db/store';

const creatorForm = {
  referrerId: null,
  email: 'New.Creator@Example.com',
  firstName: 'Nia',
  lastName: 'Stone',
  subDomain: 'nia_stone',
  password: 'long-enough-password',
};

describe('accounts over REST', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const userRow = (email: string) => firstRow(t.app.services.db.select().from(users).where(eq(users.email, email)));

  describe('POST /api/user/register', () => {
    it('creates an inactive creator and tells them to wait for an admin (never "ready" before activation)', async () => {
      const response = await post('/api/user/register', creatorForm);
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.message).toBe('Please wait for an admin to activate your account. We will send you an email once your account is ready.');
      expect(body.token).toBeUndefined();
      expect(body.user).toMatchObject({ email: 'new.creator@example.com', role: ['dj'], subdomain: 'nia_stone', isActive: false, hasUnpaidInvoices: 'false' });
      const row = await userRow('new.creator@example.com');
      expect(row).toMatchObject({ role: 'dj', isActive: false, creatorTag: 'nia_stone', displayName: 'Nia Stone' });
      expect(row?.passwordHash).toMatch(/^scrypt\$/);
    });

    it('creates an active viewer with a viewer token', async () => {
      const response = await post('/api/user/register', { ...creatorForm, roleId: 'viewer', subDomain: null });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.user).toMatchObject({ role: ['viewer'], isActive: true, subdomain: null });
      const claims = await t.app.services.tokens.verify(body.token);
      expect(claims).toMatchObject({ typ: 'viewer', role: 'viewer' });
    });

    it('answers each validation message of the spec under its field, writing nothing', async () => {
      const response = await post('/api/user/register', {
        email: 'not-an-email',
        firstName: '',
        lastName: '',
        subDomain: 'ab',
        password: 'x',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({
        email: 'Please enter a valid email',
        firstName: 'Min character length is 1',
        lastName: 'Min character length is 1',
        subDomain: 'Min character length is 5',
        password: 'Min character length is 8',
      });
      const badTag = await post('/api/user/register', { ...creatorForm, subDomain: 'bad tag!' });
      expect(badTag.json()).toEqual({
        message: 'Please use only letters, numbers and underscores',
        errors: { subDomain: 'Please use only letters, numbers and underscores' },
      });
      expect(await t.app.services.db.select().from(users)).toHaveLength(0);
    });

    it('puts a taken email and a taken creator tag on their fields', async () => {
      await post('/api/user/register', creatorForm);
      const again = await post('/api/user/register', { ...creatorForm, subDomain: 'NIA_STONE' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        message: authMessages.emailTaken,
        errors: { email: authMessages.emailTaken, subDomain: authMessages.creatorTagTaken },
      });
    });

    it('refuses unknown fields and wrong types with a 400', async () => {
      const response = await post('/api/user/register', { ...creatorForm, isAdmin: true, firstName: 42 });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toMatchObject({ isAdmin: 'Unknown field' });
      expect(response.json().errors.firstName).toBeTruthy();
    });
  });

  describe('POST /api/user/login', () => {
    it('signs in an active creator by email or creator tag', async () => {
      await createUser(t.app, { role: 'dj', email: 'dj@example.test', creatorTag: 'djtag' });
      for (const userName of ['dj@example.test', 'DJTAG']) {
        const response = await post('/api/user/login', { userName, password: testPassword });
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(Object.keys(body.user).sort()).toEqual(
          ['description', 'displayName', 'email', 'firstName', 'hasUnpaidInvoices', 'id', 'imageUrl', 'isActive', 'lastName', 'locale', 'pdfUrl', 'pendingPayment', 'role', 'shortcuts', 'subdomain'].sort(),
        );
        expect(body.user).toMatchObject({ email: 'dj@example.test', role: ['dj'], hasUnpaidInvoices: 'false', pdfUrl: null, shortcuts: [], pendingPayment: false });
        expect(await t.app.services.tokens.verify(body.token)).toMatchObject({ typ: 'user', role: 'dj' });
      }
    });

    it('answers 401 "Invalid email/password" for a wrong password or unknown account', async () => {
      await createUser(t.app, { role: 'dj', email: 'dj@example.test' });
      for (const payload of [
        { userName: 'dj@example.test', password: 'wrong-password' },
        { userName: 'nobody@example.test', password: testPassword },
      ]) {
        const response = await post('/api/user/login', payload);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: 'Invalid email/password' });
      }
    });

    it('answers 503 with the spec text for a creator not yet validated', async () => {
      await createUser(t.app, { role: 'dj', email: 'wait@example.test', isActive: false });
      const response = await post('/api/user/login', { userName: 'wait@example.test', password: testPassword });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        message: 'Your account has not been validated. We will send you an email once your account is ready.',
      });
    });

    it('applies the minimum length of 4 to both fields', async () => {
      const response = await post('/api/user/login', { userName: 'abc', password: 'abc' });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ userName: 'Min character length is 4', password: 'Min character length is 4' });
    });

    it('carries unpaid invoices as the text "true" and the pending terms url', async () => {
      const dj = await createUser(t.app, { role: 'dj', email: 'owes@example.test' });
      await t.app.services.db.insert(invoices).values({ id: 'inv1', userId: dj.id, amountCents: 2999, status: 'open' });
      await t.app.services.db.insert(termsDocuments).values({ id: 'terms1', pdfUrl: '/uploads/terms.pdf' });
      const response = await post('/api/user/login', { userName: 'owes@example.test', password: testPassword });
      expect(response.json().user).toMatchObject({ hasUnpaidInvoices: 'true', pdfUrl: '/uploads/terms.pdf' });
    });

    it('rate-limits repeated attempts with a clear 429', async () => {
      const limited = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
      try {
        const attempt = () =>
          limited.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: 'someone@example.test', password: 'wrong-pass' } });
        for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
        const blocked = await attempt();
        expect(blocked.statusCode).toBe(429);
        expect(blocked.json()).toEqual({ message: 'Too many attempts. Please wait a minute and try again.' });
      } finally {
        await limited.close();
      }
    });
  });

  describe('viewer login', () => {
    it('signs in a viewer with a viewer token and refuses others with the viewer text', async () => {
      await createUser(t.app, { role: 'viewer', email: 'fan@example.test' });
      await createUser(t.app, { role: 'dj', email: 'dj@example.test' });
      const ok = await post('/api/user/viewer-login', { userName: 'fan@example.test', password: testPassword });
      expect(ok.statusCode).toBe(200);
      expect(await t.app.services.tokens.verify(ok.json().token)).toMatchObject({ typ: 'viewer' });
      const creator = await post('/api/user/viewer-login', { userName: 'dj@example.test', password: testPassword });
      expect(creator.statusCode).toBe(401);
      expect(creator.json()).toEqual({ message: 'Invalid username or password' });
      const viewerOnCreatorLogin = await post('/api/user/login', { userName: 'fan@example.test', password: testPassword });
      expect(viewerOnCreatorLogin.json()).toEqual({ message: 'Invalid email/password' });
    });
  });

  describe('GET /api/user/alive', () => {
    it('answers the session for a valid token', async () => {
      const dj = await createUser(t.app, { role: 'dj' });
      const response = await t.app.inject({ method: 'GET', url: '/api/user/alive', headers: bearer(dj.token) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ token: dj.token, user: { id: dj.id, role: ['dj'] } });
    });

    it('answers 401 without, with a tampered, or with a revoked token', async () => {
      const dj = await createUser(t.app, { role: 'dj' });
      const none = await t.app.inject({ method: 'GET', url: '/api/user/alive' });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ message: 'Invalid access_token' });
      const tampered = await t.app.inject({ method: 'GET', url: '/api/user/alive', headers: bearer(`${dj.token.slice(0, -3)}abc`) });
      expect(tampered.statusCode).toBe(401);
      await t.app.services.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, dj.id));
      const revoked = await t.app.inject({ method: 'GET', url: '/api/user/alive', headers: bearer(dj.token) });
      expect(revoked.statusCode).toBe(401);
    });
  });

  describe('password change', () => {
    it('bumps the token version so old tokens stop working', async () => {
      const dj = await createUser(t.app, { role: 'dj', email: 'dj@example.test' });
      const response = await post(
        '/api/user/change-password',
        { currentPassword: testPassword, newPassword: 'brand-new-password', confirmPassword: 'brand-new-password' },
        bearer(dj.token),
      );
      expect(response.statusCode).toBe(200);
      const fresh = response.json().token as string;
      expect((await t.app.inject({ method: 'GET', url: '/api/user/alive', headers: bearer(dj.token) })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/user/alive', headers: bearer(fresh) })).statusCode).toBe(200);
      expect((await post('/api/user/login', { userName: 'dj@example.test', password: 'brand-new-password' })).statusCode).toBe(200);
    });

    it('refuses a wrong current password and a mismatched confirmation', async () => {
      const dj = await createUser(t.app, { role: 'dj' });
      const wrong = await post('/api/user/change-password', { currentPassword: 'nope-nope', newPassword: 'brand-new-password', confirmPassword: 'brand-new-password' }, bearer(dj.token));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual({ currentPassword: 'Current password is incorrect' });
      const mismatch = await post('/api/user/change-password', { currentPassword: testPassword, newPassword: 'brand-new-password', confirmPassword: 'other-password' }, bearer(dj.token));
      expect(mismatch.json().errors).toEqual({ confirmPassword: 'Passwords do not match' });
    });
  });

  describe('GET /api/user/emulate/:id', () => {
    it('gives an admin the target session with act.sub set to the admin', async () => {
      const admin = await createUser(t.app, { role: 'admin' });
      const dj = await createUser(t.app, { role: 'dj' });
      const response = await t.app.inject({ method: 'GET', url: `/api/user/emulate/${dj.id}`, headers: bearer(admin.token) });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.user).toMatchObject({ id: dj.id, role: ['dj'] });
      expect(await t.app.services.tokens.verify(body.token)).toMatchObject({ sub: dj.id, act: { sub: admin.id } });
    });

    it('refuses creators (403), unknown ids (404) and admin targets (403)', async () => {
      const admin = await createUser(t.app, { role: 'admin' });
      const otherAdmin = await createUser(t.app, { role: 'admin' });
      const dj = await createUser(t.app, { role: 'dj' });
      const byCreator = await t.app.inject({ method: 'GET', url: `/api/user/emulate/${admin.id}`, headers: bearer(dj.token) });
      expect(byCreator.statusCode).toBe(403);
      expect(byCreator.json()).toEqual({ message: 'You do not have permission to do this' });
      const unknown = await t.app.inject({ method: 'GET', url: '/api/user/emulate/nope', headers: bearer(admin.token) });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'User not found' });
      const adminTarget = await t.app.inject({ method: 'GET', url: `/api/user/emulate/${otherAdmin.id}`, headers: bearer(admin.token) });
      expect(adminTarget.statusCode).toBe(403);
      expect(adminTarget.json()).toEqual({ message: 'An admin cannot be emulated' });
    });
  });

  describe('POST /api/auth/user/update', () => {
    it('updates the signed-in user and answers the new user', async () => {
      const dj = await createUser(t.app, { role: 'dj' });
      const response = await post('/api/auth/user/update', { user: { displayName: 'DJ Night', shortcuts: ['calendar', 'tips'] } }, bearer(dj.token));
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ displayName: 'DJ Night', shortcuts: ['calendar', 'tips'] });
      expect(await firstRow(t.app.services.db.select().from(users).where(eq(users.id, dj.id)))).toMatchObject({ displayName: 'DJ Night' });
    });

    it('cannot change the role', async () => {
      const dj = await createUser(t.app, { role: 'dj' });
      const response = await post('/api/auth/user/update', { user: { role: 'admin' } }, bearer(dj.token));
      expect(response.statusCode).toBe(400);
      expect((await firstRow(t.app.services.db.select().from(users).where(eq(users.id, dj.id))))?.role).toBe('dj');
    });
  });

  describe('POST /api/user/check-user-exists', () => {
    it('tells whether an email has an account', async () => {
      await createUser(t.app, { role: 'dj', email: 'dj@example.test' });
      expect((await post('/api/user/check-user-exists', { email: 'DJ@example.test' })).json()).toEqual({ exists: true });
      expect((await post('/api/user/check-user-exists', { email: 'no@example.test' })).json()).toEqual({ exists: false });
      expect((await post('/api/user/check-user-exists', { email: 'bad' })).statusCode).toBe(400);
    });
  });

  describe('POST /api/user/verify-recaptcha', () => {
    it('answers the bot-check verdict', async () => {
      const response = await post('/api/user/verify-recaptcha', { token: 'anything' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true, score: 1, 'error-codes': [] });
    });
  });

  describe('forgot and reset password', () => {
    it('mails a single-use link to the outbox that sets a new password', async () => {
      const { readdirSync, readFileSync } = await import('node:fs');
      const { join } = await import('node:path');
      await createUser(t.app, { role: 'dj', email: 'dj@example.test' });
      const forgot = await post('/api/user/forgot-password', { email: 'dj@example.test' });
      expect(forgot.json()).toEqual({ message: 'If an account exists for this email, a reset link is on its way.' });
      const unknown = await post('/api/user/forgot-password', { email: 'nobody@example.test' });
      expect(unknown.json()).toEqual(forgot.json());
      const outbox = join(t.dataDir, 'outbox');
      // The mail goes out in the background, after the answer.
      const mail = await vi.waitFor(() => {
        const written = readdirSync(outbox).filter((name) => name.endsWith('.json'));
        expect(written).toHaveLength(1);
        return JSON.parse(readFileSync(join(outbox, written[0]!), 'utf8'));
      });
      expect(mail.to).toBe('dj@example.test');
      const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
      expect(token).toBeTruthy();
      const reset = await post('/api/user/reset-password', { token, password: 'after-reset-pass', confirmPassword: 'after-reset-pass' });
      expect(reset.json()).toEqual({ message: 'Your password has been changed' });
      expect((await post('/api/user/login', { userName: 'dj@example.test', password: 'after-reset-pass' })).statusCode).toBe(200);
      const reused = await post('/api/user/reset-password', { token, password: 'third-password', confirmPassword: 'third-password' });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().message).toBe('This reset link is invalid or has expired');
    });
  });
});
