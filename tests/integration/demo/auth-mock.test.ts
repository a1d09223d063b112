import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '@db/schema/users';
import { TokenService } from '@server/platform/tokens';
import { authMessages } from '@server/domains/users/users.schemas';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../../helpers/app';
import { firstRow } from '@db/store';

/** The template's mock auth paths (GET /api/auth, GET /api/auth/access-token, POST /api/auth/register) answer from the real accounts. */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });
const userRow = (email: string) => firstRow(t.app.services.db.select().from(users).where(eq(users.email, email)));

const sessionUserKeys = ['description', 'displayName', 'email', 'firstName', 'hasUnpaidInvoices', 'id', 'imageUrl', 'isActive', 'lastName', 'locale', 'pdfUrl', 'pendingPayment', 'role', 'shortcuts', 'subdomain'].sort();

const creatorForm = {
  referrerId: null,
  email: 'Mock.Creator@Example.com',
  firstName: 'Mo',
  lastName: 'Creator',
  subDomain: 'mock_creator',
  password: 'long-enough-password',
};

/** A token for the account as if issued `minutesAgo` minutes ago (same secret as the app). */
function oldToken(user: TestUser, minutesAgo: number): Promise<string> {
  const issuedAt = Date.now() - minutesAgo * 60_000;
  const service = new TokenService(t.config.jwtSecret!, t.config.tokenTtlSeconds, 10, () => issuedAt);
  return service.issue({ userId: user.id, role: user.role, typ: user.role === 'viewer' ? 'viewer' : 'user', tokenVersion: 0 });
}

describe('GET /api/auth', () => {
  it('answers { user } of the bearer token\'s account', async () => {
    const dj = await createUser(t.app, { role: 'dj', email: 'dj@example.test', firstName: 'Dee', lastName: 'Jay', displayName: 'DJ Dee' });
    const res = await get('/api/auth', dj.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['user']);
    expect(Object.keys(body.user).sort()).toEqual(sessionUserKeys);
    expect(body.user).toMatchObject({
      id: dj.id,
      email: 'dj@example.test',
      role: ['dj'],
      firstName: 'Dee',
      lastName: 'Jay',
      displayName: 'DJ Dee',
      isActive: true,
      hasUnpaidInvoices: 'false',
      pdfUrl: null,
      shortcuts: [],
    });
  });

  it('reflects the account as stored now, not as it was when the token was issued', async () => {
    const dj = await createUser(t.app, { role: 'dj' });
    await t.app.services.db.update(users).set({ displayName: 'Renamed DJ', shortcuts: ['calendar'] }).where(eq(users.id, dj.id));
    const res = await get('/api/auth', dj.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: dj.id, displayName: 'Renamed DJ', shortcuts: ['calendar'] });
  });

  it('answers a viewer with its own account', async () => {
    const viewer = await createUser(t.app, { role: 'viewer' });
    const res = await get('/api/auth', viewer.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: viewer.id, role: ['viewer'] });
  });

  it('answers 401 "Invalid access_token" without, with a tampered or with a revoked token', async () => {
    const dj = await createUser(t.app, { role: 'dj' });
    const none = await get('/api/auth');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'Invalid access_token' });
    const tampered = await get('/api/auth', `${dj.token.slice(0, -3)}abc`);
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toEqual({ message: 'Invalid access_token' });
    await t.app.services.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, dj.id));
    const revoked = await get('/api/auth', dj.token);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ message: 'Invalid access_token' });
  });
});

describe('GET /api/auth/access-token', () => {
  it('answers { access_token, user }; a fresh token comes back as it is', async () => {
    const dj = await createUser(t.app, { role: 'dj' });
    const res = await get('/api/auth/access-token', dj.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'user']);
    expect(body.access_token).toBe(dj.token);
    expect(body.user).toMatchObject({ id: dj.id, email: dj.email, role: ['dj'] });
    expect(Object.keys(body.user).sort()).toEqual(sessionUserKeys);
  });

  it('re-issues a token older than 5 minutes; the new token signs in to /api/auth', async () => {
    const dj = await createUser(t.app, { role: 'dj' });
    const stale = await oldToken(dj, 10);
    const res = await get('/api/auth/access-token', stale);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.access_token).not.toBe(stale);
    const claims = await t.app.services.tokens.verify(body.access_token);
    expect(claims).toMatchObject({ sub: dj.id, role: 'dj', typ: 'user' });
    expect(Date.now() / 1000 - claims.iat).toBeLessThan(60);
    const again = await get('/api/auth', body.access_token);
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(dj.id);
  });

  it('answers 401 without a token and "access_token expired" for an expired one', async () => {
    const dj = await createUser(t.app, { role: 'dj' });
    const none = await get('/api/auth/access-token');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'Invalid access_token' });
    const expired = await oldToken(dj, t.config.tokenTtlSeconds / 60 + 5);
    const res = await get('/api/auth/access-token', expired);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'access_token expired' });
  });
});

describe('POST /api/auth/register', () => {
  it('creates an inactive creator and answers { user } without a token', async () => {
    const res = await post('/api/auth/register', creatorForm);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['user']);
    expect(body.user).toMatchObject({ email: 'mock.creator@example.com', role: ['dj'], subdomain: 'mock_creator', isActive: false, firstName: 'Mo', lastName: 'Creator' });
    const row = await userRow('mock.creator@example.com');
    expect(row).toMatchObject({ id: body.user.id, role: 'dj', isActive: false, creatorTag: 'mock_creator', displayName: 'Mo Creator' });
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
  });

  it('creates an active viewer and answers { user, access_token } with a working viewer token', async () => {
    const res = await post('/api/auth/register', { ...creatorForm, email: 'fan@example.com', roleId: 'viewer', subDomain: null });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'user']);
    expect(body.user).toMatchObject({ email: 'fan@example.com', role: ['viewer'], isActive: true, subdomain: null });
    expect(await t.app.services.tokens.verify(body.access_token)).toMatchObject({ sub: body.user.id, typ: 'viewer', role: 'viewer' });
    expect(await userRow('fan@example.com')).toMatchObject({ id: body.user.id, role: 'viewer', isActive: true });
    const me = await get('/api/auth', body.access_token);
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(body.user.id);
  });

  it('answers the registration field messages with a 400, writing nothing', async () => {
    const res = await post('/api/auth/register', { email: 'not-an-email', firstName: '', lastName: '', subDomain: 'ab', password: 'x', extra: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      email: 'Please enter a valid email',
      firstName: 'Min character length is 1',
      lastName: 'Min character length is 1',
      subDomain: 'Min character length is 5',
      password: 'Min character length is 8',
      extra: 'Unknown field',
    });
    const badTag = await post('/api/auth/register', { ...creatorForm, subDomain: 'bad tag!' });
    expect(badTag.statusCode).toBe(400);
    expect(badTag.json().errors).toEqual({ subDomain: 'Please use only letters, numbers and underscores' });
    expect(await t.app.services.db.select().from(users)).toHaveLength(0);
  });

  it('answers 409 with the field errors for a taken email and creator tag, keeping the first account', async () => {
    const first = await post('/api/auth/register', creatorForm);
    expect(first.statusCode).toBe(200);
    const again = await post('/api/auth/register', { ...creatorForm, firstName: 'Other', subDomain: 'MOCK_CREATOR' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: authMessages.emailTaken,
      errors: { email: authMessages.emailTaken, subDomain: authMessages.creatorTagTaken },
    });
    expect(await t.app.services.db.select().from(users)).toHaveLength(1);
    expect((await userRow('mock.creator@example.com'))?.firstName).toBe('Mo');
  });
});
