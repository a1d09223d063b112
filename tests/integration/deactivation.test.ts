import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@db/schema/users';
import { firstRow } from '@db/store';
import { authMessages } from '@server/domains/users/users.schemas';
import { bearer, callerAs, createTestApp, createUser, testPassword, type TestApp, type TestUser } from '../helpers/app';
import { startLocalJwks } from '../helpers/identity-providers';

const deactivatedText = 'This account has been deactivated. Contact the site admin.';

describe('a deactivated account is out', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeEach(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { role: 'admin' });
  });
  afterEach(async () => t.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
  const alive = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/alive', headers: bearer(token) });
  const rowOf = (id: string) => firstRow(t.app.services.db.select().from(users).where(eq(users.id, id)));
  const asAdmin = () => callerAs(t.app, admin.token);

  it('keeps the message next to the other sign-in messages', () => {
    expect(authMessages.accountDeactivated).toBe(deactivatedText);
  });

  it('a viewer deactivated in the admin users list: old token refused, viewer login 403 after the right password only', async () => {
    const viewer = await createUser(t.app, { role: 'viewer', email: 'fan@example.test' });
    expect((await alive(viewer.token)).statusCode).toBe(200);

    await (await asAdmin()).adminUsers.update({ id: viewer.id, isActive: false });
    const row = await rowOf(viewer.id);
    expect(row?.isActive).toBe(false);
    expect(Date.parse(row!.deactivatedAt!)).toBeGreaterThan(Date.now() - 60_000);

    expect((await alive(viewer.token)).statusCode).toBe(401);
    const refused = await post('/api/user/viewer-login', { userName: 'fan@example.test', password: testPassword });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: deactivatedText });
    const wrong = await post('/api/user/viewer-login', { userName: 'fan@example.test', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: authMessages.invalidViewerLogin });

    await (await asAdmin()).adminUsers.update({ id: viewer.id, isActive: true });
    expect((await rowOf(viewer.id))?.deactivatedAt).toBeNull();
    const back = await post('/api/user/viewer-login', { userName: 'fan@example.test', password: testPassword });
    expect(back.statusCode).toBe(200);
    expect((await alive(back.json().token)).statusCode).toBe(200);
  });

  it('a creator deactivated with setActive: old token refused, login 403 after the right password only, reactivation lets them in', async () => {
    const creator = await createUser(t.app, { role: 'dj', email: 'maker@example.test' });
    await (await asAdmin()).users.setActive({ id: creator.id, isActive: false });
    expect((await rowOf(creator.id))?.deactivatedAt).not.toBeNull();

    expect((await alive(creator.token)).statusCode).toBe(401);
    const refused = await post('/api/user/login', { userName: 'maker@example.test', password: testPassword });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: deactivatedText });
    const wrong = await post('/api/user/login', { userName: 'maker@example.test', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: authMessages.invalidLogin });

    await (await asAdmin()).users.setActive({ id: creator.id, isActive: true });
    expect((await rowOf(creator.id))?.deactivatedAt).toBeNull();
    const back = await post('/api/user/login', { userName: 'maker@example.test', password: testPassword });
    expect(back.statusCode).toBe(200);
    expect(back.json().user).toMatchObject({ id: creator.id, isActive: true });
  });

  it('a creator waiting for a first activation keeps the 503 text and is not marked deactivated', async () => {
    const waiting = await createUser(t.app, { role: 'dj', email: 'waiting@example.test', isActive: false });
    await (await asAdmin()).adminUsers.update({ id: waiting.id, firstName: 'Wanda', isActive: false });
    expect((await rowOf(waiting.id))?.deactivatedAt).toBeNull();
    const response = await post('/api/user/login', { userName: 'waiting@example.test', password: testPassword });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ message: authMessages.notValidated });
  });
});

describe('a deactivated account cannot sign in with Google', () => {
  const clientId = 'cuepoint-test.apps.googleusercontent.com';
  const issuer = 'https://issuer.test';

  it('answers 403 with the deactivation text instead of a session', async () => {
    const jwks = await startLocalJwks({ issuer, audience: clientId });
    const t = await createTestApp({ GOOGLE_CLIENT_ID: clientId, GOOGLE_ISSUER: issuer, GOOGLE_JWKS_URL: jwks.jwksUrl });
    try {
      const viewer = await createUser(t.app, { role: 'viewer', email: 'fan@gmail.test', googleSub: 'fan-sub' });
      const admin = await createUser(t.app, { role: 'admin' });
      await (await callerAs(t.app, admin.token)).users.setActive({ id: viewer.id, isActive: false });
      const tokenId = await jwks.signIdToken({ sub: 'fan-sub', email: 'fan@gmail.test', givenName: 'Fan', familyName: 'One' });
      const response = await t.app.inject({ method: 'POST', url: '/api/user/google', payload: { tokenId, roleId: 'viewer' } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: deactivatedText });
    } finally {
      await t.close();
      await jwks.close();
    }
  });
});
