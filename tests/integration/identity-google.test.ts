import { eq } from 'drizzle-orm';
import { generateKeyPair, type CryptoKey } from 'jose';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { users } from '@db/schema/users';
import { bearer, createTestApp, createUser, type TestApp } from '../helpers/app';
import { startLocalJwks, type IdTokenOptions, type LocalJwks } from '../helpers/identity-providers';
import { firstRow } from '@db/store';

const clientId = 'cuepoint-test.apps.googleusercontent.com';
const issuer = 'https://issuer.test';

let jwks: LocalJwks;
let jwksUrl: string;
let otherPrivateKey: CryptoKey;

/** A local JWKS endpoint standing in for https://www.googleapis.com/oauth2/v3/certs. */
beforeAll(async () => {
  jwks = await startLocalJwks({ issuer, audience: clientId });
  jwksUrl = jwks.jwksUrl;
  otherPrivateKey = (await generateKeyPair('RS256')).privateKey;
});

afterAll(async () => jwks?.close());

type TokenOptions = Partial<IdTokenOptions>;

function idToken(options: TokenOptions = {}): Promise<string> {
  return jwks.signIdToken({
    sub: '1234567890',
    email: 'new.person@gmail.test',
    givenName: 'New',
    familyName: 'Person',
    picture: 'https://lh3.googleusercontent.test/a/photo.jpg',
    ...options,
  });
}

describe('POST /api/user/google', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ GOOGLE_CLIENT_ID: clientId, GOOGLE_ISSUER: issuer, GOOGLE_JWKS_URL: jwksUrl });
  });
  afterEach(async () => t.close());

  const google = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/user/google', payload: payload as object });
  const rowBySub = (sub: string) => firstRow(t.app.services.db.select().from(users).where(eq(users.googleSub, sub)));

  it('creates a new creator inactive and answers 403 with the activation text', async () => {
    const response = await google({ tokenId: await idToken({ sub: 'creator-sub', email: 'New.Creator@gmail.test' }) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Please wait for an admin to activate your account' });
    const row = await rowBySub('creator-sub');
    expect(row).toMatchObject({
      email: 'new.creator@gmail.test',
      role: 'dj',
      isActive: false,
      firstName: 'New',
      lastName: 'Person',
      passwordHash: null,
      imageUrl: 'https://lh3.googleusercontent.test/a/photo.jpg',
    });

    // Once an admin activates the account, the same Google identity signs in.
    await t.app.services.db.update(users).set({ isActive: true }).where(eq(users.id, row!.id));
    const again = await google({ tokenId: await idToken({ sub: 'creator-sub', email: 'new.creator@gmail.test' }) });
    expect(again.statusCode).toBe(200);
    expect(again.json().user).toMatchObject({ id: row!.id, role: ['dj'], isActive: true });
  });

  it('creates an active viewer with a viewer token for roleId viewer', async () => {
    const response = await google({ tokenId: await idToken({ sub: 'viewer-sub', email: 'viewer@gmail.test' }), roleId: 'viewer' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(body.user).toMatchObject({ role: ['viewer'], email: 'viewer@gmail.test', isActive: true, displayName: 'New Person', subdomain: null });
    expect(await rowBySub('viewer-sub')).toMatchObject({ role: 'viewer', isActive: true });
    const claims = await t.app.services.tokens.verify(body.token);
    expect(claims).toMatchObject({ sub: body.user.id, role: 'viewer', typ: 'viewer' });
    const alive = await t.app.inject({ method: 'GET', url: '/api/user/alive', headers: bearer(body.token) });
    expect(alive.statusCode).toBe(200);
    expect(alive.json().user.id).toBe(body.user.id);
  });

  it('signs a returning viewer in to the same account (roleId viewer): no second row, still an active viewer', async () => {
    const first = await google({ tokenId: await idToken({ sub: 'returning-sub', email: 'returning@gmail.test' }), roleId: 'viewer' });
    expect(first.statusCode).toBe(200);
    const again = await google({ tokenId: await idToken({ sub: 'returning-sub', email: 'returning@gmail.test' }), roleId: 'viewer' });
    expect(again.statusCode).toBe(200);
    expect(again.json().user).toMatchObject({ id: first.json().user.id, role: ['viewer'], isActive: true });
    expect(await t.app.services.tokens.verify(again.json().token)).toMatchObject({ sub: first.json().user.id, typ: 'viewer' });
    expect(await t.app.services.db.select().from(users)).toHaveLength(1);
  });

  it('links a viewer who registered with a password (same verified email) and signs them in as that viewer', async () => {
    const viewer = await createUser(t.app, { role: 'viewer', email: 'password.viewer@gmail.test' });
    const response = await google({ tokenId: await idToken({ sub: 'linked-viewer-sub', email: 'password.viewer@gmail.test' }), roleId: 'viewer' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: viewer.id, role: ['viewer'] });
    expect(await t.app.services.tokens.verify(response.json().token)).toMatchObject({ sub: viewer.id, role: 'viewer', typ: 'viewer' });
    expect(await rowBySub('linked-viewer-sub')).toMatchObject({ id: viewer.id, role: 'viewer' });
    expect(await t.app.services.db.select().from(users)).toHaveLength(1);
  });

  it("keeps a creator's account a creator when they sign in with roleId viewer (the viewer pages refuse that session)", async () => {
    const creator = await createUser(t.app, { role: 'dj', email: 'creator.too@gmail.test' });
    const response = await google({ tokenId: await idToken({ sub: 'creator-too-sub', email: 'creator.too@gmail.test' }), roleId: 'viewer' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: creator.id, role: ['dj'] });
    expect(await firstRow(t.app.services.db.select().from(users).where(eq(users.id, creator.id)))).toMatchObject({ role: 'dj', googleSub: 'creator-too-sub' });
  });

  it('links an existing account with the same verified email and signs it in', async () => {
    const existing = await createUser(t.app, { role: 'dj', email: 'existing@gmail.test' });
    const response = await google({ tokenId: await idToken({ sub: 'linked-sub', email: 'Existing@gmail.test' }) });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: existing.id, email: 'existing@gmail.test', role: ['dj'] });
    expect((await rowBySub('linked-sub'))?.id).toBe(existing.id);
    expect(await t.app.services.db.select().from(users)).toHaveLength(1);
  });

  it('does not link or create an account for an unverified email that is already registered', async () => {
    const existing = await createUser(t.app, { role: 'dj', email: 'taken@gmail.test' });
    const response = await google({ tokenId: await idToken({ sub: 'unverified-sub', email: 'taken@gmail.test', emailVerified: false }) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'An account with this email already exists. Sign in with your password, or verify your email with the provider first.',
    });
    expect(await rowBySub('unverified-sub')).toBeUndefined();
    expect((await firstRow(t.app.services.db.select().from(users).where(eq(users.id, existing.id))))?.googleSub).toBeNull();
  });

  it.each<[string, () => TokenOptions]>([
    ['a wrong audience', () => ({ audience: 'someone-else.apps.googleusercontent.com' })],
    ['a wrong issuer', () => ({ issuer: 'https://evil.test' })],
    ['an expired token', () => ({ expiresAt: Math.floor(Date.now() / 1000) - 120 })],
    ['a signature by another key with the same key id', () => ({ key: otherPrivateKey })],
  ])('refuses %s with 401 and writes nothing', async (_label, options) => {
    const response = await google({ tokenId: await idToken({ sub: 'bad-sub', ...options() }) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'The Google sign-in could not be verified' });
    expect(await t.app.services.db.select().from(users)).toHaveLength(0);
  });

  it('refuses a token whose payload was tampered with', async () => {
    const token = await idToken({ sub: 'honest-sub', email: 'honest@gmail.test' });
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...claims, email: 'admin@cuepoint.local' })).toString('base64url');
    const response = await google({ tokenId: `${header}.${forged}.${signature}` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'The Google sign-in could not be verified' });
    expect(await t.app.services.db.select().from(users)).toHaveLength(0);
  });

  it('answers 400 with field errors for a malformed body', async () => {
    const response = await google({ roleId: 'admin' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['roleId', 'tokenId']);
  });
});

describe('POST /api/user/google without a client id', () => {
  it('answers 401 "Google sign-in is not configured on this server"', async () => {
    const t = await createTestApp({ GOOGLE_ISSUER: issuer, GOOGLE_JWKS_URL: jwksUrl });
    try {
      const response = await t.app.inject({ method: 'POST', url: '/api/user/google', payload: { tokenId: await idToken() } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Google sign-in is not configured on this server' });
    } finally {
      await t.close();
    }
  });
});
