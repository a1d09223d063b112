import { describe, expect, it } from 'vitest';
import { afterLoginTarget, decideAccess, rootRedirect } from '@web/app/guard';
import { appRoutes } from '@web/app/routes';

const dj = ['admin', 'dj'];

describe('route guard decisions', () => {
  it('public routes (no roles declared) let everyone in', () => {
    expect(decideAccess({ allowed: undefined, userRoles: [], location: '/privacy-policy', redirectUrl: null })).toEqual({ action: 'allow' });
    expect(decideAccess({ allowed: undefined, userRoles: ['dj'], location: '/privacy-policy', redirectUrl: null })).toEqual({ action: 'allow' });
  });

  it('a guest opening a protected route goes to /login, keeping path and query for later', () => {
    expect(decideAccess({ allowed: ['admin'], userRoles: [], location: '/apps/users?x=1', redirectUrl: null })).toEqual({
      action: 'redirect',
      to: '/login',
      saveRedirect: '/apps/users?x=1',
    });
  });

  it('dj-level routes allow admin and dj; admin routes refuse a dj, who goes to the saved redirect URL (default /)', () => {
    expect(decideAccess({ allowed: dj, userRoles: ['dj'], location: '/apps/calendar', redirectUrl: null })).toEqual({ action: 'allow' });
    expect(decideAccess({ allowed: dj, userRoles: ['admin'], location: '/apps/calendar', redirectUrl: null })).toEqual({ action: 'allow' });
    expect(decideAccess({ allowed: ['admin'], userRoles: ['dj'], location: '/apps/users', redirectUrl: null })).toEqual({ action: 'redirect', to: '/', clearRedirect: true });
    expect(decideAccess({ allowed: ['admin'], userRoles: ['dj'], location: '/apps/users', redirectUrl: '/manage-tips' })).toEqual({
      action: 'redirect',
      to: '/manage-tips',
      clearRedirect: true,
    });
  });

  it('never redirects back to the page being refused (no loop)', () => {
    expect(decideAccess({ allowed: ['admin'], userRoles: ['dj'], location: '/apps/users?x=1', redirectUrl: '/apps/users?x=1' })).toEqual({
      action: 'redirect',
      to: '/',
      clearRedirect: true,
    });
  });

  it('guests-only routes ([] or null) send a signed-in user to the saved redirect URL', () => {
    expect(decideAccess({ allowed: [], userRoles: [], location: '/login', redirectUrl: null })).toEqual({ action: 'allow' });
    expect(decideAccess({ allowed: null, userRoles: [], location: '/register', redirectUrl: null })).toEqual({ action: 'allow' });
    expect(decideAccess({ allowed: [], userRoles: ['admin'], location: '/login', redirectUrl: '/apps/users?x=1' })).toEqual({
      action: 'redirect',
      to: '/apps/users?x=1',
      clearRedirect: true,
    });
    expect(decideAccess({ allowed: [], userRoles: ['dj'], location: '/login', redirectUrl: null })).toEqual({ action: 'redirect', to: '/', clearRedirect: true });
  });

  it('signing out on /logout does not save /logout as the place to come back to', () => {
    expect(decideAccess({ allowed: ['admin', 'dj'], userRoles: [], location: '/logout', redirectUrl: null })).toEqual({ action: 'redirect', to: '/login', clearRedirect: true });
  });

  it('/ goes to the calendar; other paths are left alone', () => {
    expect(rootRedirect('/')).toBe('/apps/calendar');
    expect(rootRedirect('/apps/users')).toBeNull();
  });

  it('after login from checkout: LIVE_STREAM goes to /, other products replace the route with their payment page', () => {
    expect(afterLoginTarget({ productId: 'LIVE_STREAM', redirectUrl: '/apps/users' })).toEqual({ to: '/', replace: true });
    expect(afterLoginTarget({ productId: 'PODCAST_TITLE', redirectUrl: null })).toEqual({ to: '/checkout/PODCAST_TITLE/payment', replace: true });
    expect(afterLoginTarget({ productId: null, redirectUrl: '/apps/users?x=1' })).toEqual({ to: '/apps/users?x=1', replace: true });
    expect(afterLoginTarget({ productId: undefined, redirectUrl: null })).toEqual({ to: '/', replace: true });
  });

  it('the route table follows the spec roles', () => {
    const roles = (path: string) => appRoutes.find((route) => route.path === path)?.roles;
    expect(roles('/apps/calendar')).toEqual(['admin', 'dj']);
    expect(roles('/apps/users')).toEqual(['admin']);
    expect(roles('/apps/users/:userId/change-password')).toEqual(['admin', 'dj']);
    expect(roles('/apps/terms-and-conditions')).toEqual(['admin']);
    expect(roles('/apps/settings')).toEqual(['admin']);
    expect(roles('/manage-tips')).toEqual(['admin', 'dj']);
    for (const guestPath of ['/login', '/register', '/callback', '/product-page', '/checkout/:productId/check-email']) expect(roles(guestPath)).toEqual([]);
    expect(roles('/checkout/:productId/payment')).toEqual(['admin', 'dj']);
  });
});
