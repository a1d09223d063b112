import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, callerAs, createTestApp, createUser, type TestApp } from '../../helpers/app';
import { seedCoreData } from '../../../seed/accounts';

describe('public config, products and admin users list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ GOOGLE_CLIENT_ID: 'google-client-id.apps.example' });
    await seedCoreData(t.app.services.db, t.config);
  });
  afterAll(async () => t?.close());

  it('GET /api/config/public names the configured providers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config/public' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ googleClientId: 'google-client-id.apps.example', appleEnabled: false, botCheck: { provider: 'off' } });
  });

  it('GET /api/payment/products lists the catalogue in order, cents and dollars', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/payment/products' });
    expect(response.statusCode).toBe(200);
    const body = response.json() as Array<Record<string, unknown>>;
    expect(body.map((product) => product.id)).toEqual([
      'LIVE_STREAM',
      'PODCAST_TITLE',
      'PODCAST_TITLE_ADD_ON',
      'PODCAST_VIDEO_TITLE',
      'PODCAST_VIDEO_TITLE_ADD_ON',
    ]);
    expect(body[1]).toEqual({
      id: 'PODCAST_TITLE',
      name: 'Podcast',
      pricePerMonthCents: 999,
      setUpFeeCents: 1999,
      setUpFeePriceId: 'price_podcast_setup',
      features: ['One audio podcast title', 'Unlimited episodes', 'An RSS feed for Apple Podcasts and Spotify'],
      addOnNote: null,
      price: 9.99,
      setUpFee: 19.99,
    });
  });

  it('GET /api/payment/product/:id answers one product, 404 for an unknown id', async () => {
    const found = await t.app.inject({ method: 'GET', url: '/api/payment/product/LIVE_STREAM' });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id: 'LIVE_STREAM', name: 'Live Stream', pricePerMonthCents: 2999, price: 29.99 });
    const missing = await t.app.inject({ method: 'GET', url: '/api/payment/product/NOPE' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Product not found' });
  });

  it('adminUsers.list is for admins only and leaks no secrets', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const creator = await createUser(t.app, { role: 'dj' });
    const list = (await (await callerAs(t.app, admin.token)).adminUsers.list({ pageSize: 100 })).items;
    const mara = list.find((row) => row.email === 'mara@cuepoint.local');
    expect(mara).toMatchObject({ id: expect.any(String), email: 'mara@cuepoint.local', displayName: 'Mara Quill', role: 'dj', isActive: true, pendingPayment: false, subdomain: 'mara_quill' });
    expect(Object.keys(list[0]!).sort()).toEqual(['createdAt', 'displayName', 'email', 'firstName', 'id', 'imageUrl', 'isActive', 'lastName', 'pendingPayment', 'role', 'subdomain']);
    await expect((await callerAs(t.app, creator.token)).adminUsers.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect((await callerAs(t.app)).adminUsers.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const viaHttp = await t.app.inject({ method: 'GET', url: '/trpc/adminUsers.list', headers: bearer(creator.token) });
    expect(viaHttp.statusCode).toBe(403);
  });
});
