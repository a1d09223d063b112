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
    // Staff see the sample calendar, not the creators' own.
    expect(response.json()).toEqual([{ id: 'sample-calendar', title: 'Sample Calendar', url: '/apps/sample-calendar' }]);

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

  it('filters suggestions by role: admin-only items only for admins, creator items not for staff, sample apps not for creators', async () => {
    const admin = await createUser(t.testApp.app, { role: 'admin' });
    const staff = await createUser(t.testApp.app, { role: 'staff' });
    const creator = await createUser(t.testApp.app, { role: 'dj' });
    const usersItem = { id: 'users', title: 'Users', url: '/apps/users' };
    expect((await t.get('/api/search/suggestions?query=users', admin.token)).json()).toEqual([usersItem]);
    expect((await t.get('/api/search/suggestions?query=users', creator.token)).json()).toEqual([]);
    expect((await t.get('/api/search/suggestions?query=terms', creator.token)).json()).toEqual([]);
    expect((await t.get('/api/search/suggestions?query=tips', creator.token)).json()).toEqual([{ id: 'tips', title: 'Tips', url: '/manage-tips' }]);
    expect((await t.get('/api/search/suggestions?query=tips', staff.token)).json()).toEqual([]);
    expect((await t.get('/api/search/suggestions?query=academy', staff.token)).json()).toEqual([
      { id: 'academy', title: 'Academy', url: '/apps/academy' },
    ]);
    // Creators keep the global search and the quick panel, without the sample apps; the sample apps refuse them.
    expect((await t.get('/api/search/suggestions?query=academy', creator.token)).json()).toEqual([]);
    expect((await t.get('/api/search/suggestions?query=go live', creator.token)).json()).toEqual([{ id: 'go-live', title: 'Go live', url: '/apps/live' }]);
    expect((await t.get('/api/search/suggestions?query=academy', creator.token)).statusCode).toBe(200);
  });

  it('answers 403 to creators and viewers on the sample apps themselves', async () => {
    const creator = await createUser(t.testApp.app, { role: 'dj' });
    for (const token of [creator.token, t.viewer.token]) {
      for (const url of ['/api/search', '/api/academy-app/courses', '/api/mail-app/mail', '/api/todo-app/todos']) {
        const response = await t.get(url, token);
        expect(response.statusCode, url).toBe(403);
      }
    }
  });

  it('GET /api/search/shortcuts is a case-insensitive substring match on title, filtered by role', async () => {
    const creator = await createUser(t.testApp.app, { role: 'dj' });
    const response = await t.get('/api/search/shortcuts?query=APP', creator.token);
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
