import { describe, expect, it } from 'vitest';
import { generateSearchItems } from '../../../seed/demo/search';
import { createUser } from '../../helpers/app';
import { useSeededDemoApp } from './part2-setup';

const t = useSeededDemoApp();

describe('search REST', () => {
  it('GET /api/search answers the search items', async () => {
    const response = await t.get('/api/search');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(generateSearchItems());
  });

  it('GET /api/search/suggestions matches trimmed, accent-stripped, case-insensitive queries', async () => {
    const response = await t.get(`/api/search/suggestions?query=${encodeURIComponent('  CÀLÉND ')}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: 'calendar', title: 'Calendar', url: '/apps/calendar' },
      { id: 'sample-calendar', title: 'Sample Calendar', url: '/apps/sample-calendar' },
    ]);

    const orders = await t.get('/api/search/suggestions?query=orders');
    expect(orders.json()).toEqual([{ id: 'e-commerce-orders', title: 'Orders', url: '/apps/e-commerce/orders' }]);
  });

  it('GET /api/search/suggestions answers [] for an empty or unmatched query and at most 10 suggestions', async () => {
    expect((await t.get('/api/search/suggestions?query=')).json()).toEqual([]);
    expect((await t.get('/api/search/suggestions?query=%20%20')).json()).toEqual([]);
    expect((await t.get('/api/search/suggestions')).json()).toEqual([]);
    expect((await t.get('/api/search/suggestions?query=zzzz')).json()).toEqual([]);
    const many = await t.get('/api/search/suggestions?query=a');
    expect(many.statusCode).toBe(200);
    expect(many.json()).toHaveLength(10);
  });

  it('filters suggestions by role: admin-only items only for admins, creator items not for staff', async () => {
    const admin = await createUser(t.testApp.app, { role: 'admin' });
    const staff = await createUser(t.testApp.app, { role: 'staff' });
    const usersItem = { id: 'users', title: 'Users', url: '/apps/users' };
    expect((await t.get('/api/search/suggestions?query=users', admin.token)).json()).toEqual([usersItem]);
    expect((await t.get('/api/search/suggestions?query=users', t.dj.token)).json()).toEqual([]);
    expect((await t.get('/api/search/suggestions?query=terms', t.dj.token)).json()).toEqual([]);
    expect((await t.get('/api/search/suggestions?query=tips', t.dj.token)).json()).toEqual([{ id: 'tips', title: 'Tips', url: '/manage-tips' }]);
    expect((await t.get('/api/search/suggestions?query=tips', staff.token)).json()).toEqual([]);
    expect((await t.get('/api/search/suggestions?query=academy', staff.token)).json()).toEqual([
      { id: 'academy', title: 'Academy', url: '/apps/academy' },
    ]);
  });

  it('GET /api/search/shortcuts is a case-insensitive substring match on title, filtered by role', async () => {
    const response = await t.get('/api/search/shortcuts?query=APP');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ id: 'mobile-app', title: 'My Mobile App', url: '/apps/mobile-app' }]);
    const commerce = await t.get('/api/search/shortcuts?query=e-comm');
    expect(commerce.json()).toEqual([{ id: 'e-commerce-products', title: 'E-Commerce Products', url: '/apps/e-commerce/products' }]);
    expect((await t.get('/api/search/shortcuts?query=terms')).json()).toEqual([]);
    expect((await t.get('/api/search/shortcuts?query=nothing-like-this')).json()).toEqual([]);
  });

  it('refuses an over-long query with 400, and answers 401 without a token and 403 for a viewer', async () => {
    const long = await t.get(`/api/search/suggestions?query=${'a'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: 'The query is too long', errors: { query: 'The query is too long' } });
    expect((await t.get('/api/search/suggestions?query=a', null)).statusCode).toBe(401);
    expect((await t.get('/api/search/shortcuts?query=a', null)).statusCode).toBe(401);
    expect((await t.get('/api/search/suggestions?query=a', t.viewer.token)).statusCode).toBe(403);
    expect((await t.get('/api/search/shortcuts?query=a', t.viewer.token)).statusCode).toBe(403);
    expect((await t.get('/api/search', t.viewer.token)).statusCode).toBe(403);
  });
});
