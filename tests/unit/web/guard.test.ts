import { describe, expect, it } from 'vitest';
import { afterLoginTarget, changePasswordRedirect, decideAccess, rootRedirect } from '@web/lib/navigation-rules';
import { appRoutes } from '@web/app/routes';
import { dashboardRoles } from '@common/roles';
import { accountMenuItems, visibleNavigation, visibleSampleApps } from '@web/features/shell/navigation';
import { pageRoutes } from '@web/features/pages/routes';

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
    expect(roles('/apps/users/:userId/change-password')).toEqual(['admin', 'dj', 'staff', 'user']);
    expect(roles('/profile/:userId/:tab?')).toEqual(['admin', 'dj', 'staff', 'user']);
    expect(roles('/apps/terms-and-conditions')).toEqual(['admin']);
    expect(roles('/apps/settings')).toEqual(['admin']);
    expect(roles('/manage-tips')).toEqual(['admin', 'dj']);
    for (const guestPath of ['/login', '/register', '/callback', '/product-page', '/checkout/:productId/check-email']) expect(roles(guestPath)).toEqual([]);
    expect(roles('/checkout/:productId/payment')).toEqual(['admin', 'dj']);
  });
});

describe('creators registered through checkout (pending payment)', () => {
  const pending = { userRoles: ['dj'], redirectUrl: null, pendingPayment: true } as const;

  it('are sent to the payment step of their product from every other page', () => {
    expect(decideAccess({ ...pending, allowed: dj, location: '/apps/calendar', checkoutProductId: 'PODCAST_TITLE' })).toEqual({
      action: 'redirect',
      to: '/checkout/PODCAST_TITLE/payment',
    });
    expect(decideAccess({ ...pending, allowed: undefined, location: '/pages/profile' })).toEqual({ action: 'redirect', to: '/checkout/LIVE_STREAM/payment' });
    expect(decideAccess({ ...pending, allowed: [], location: '/login' })).toEqual({ action: 'redirect', to: '/checkout/LIVE_STREAM/payment' });
  });

  it('may open the payment and reactivation screens, their password page, logout and the legal pages', () => {
    for (const location of ['/checkout/PODCAST_TITLE/payment', '/reactivate/item1', '/payment-success/p1', '/reactivation-success/i1', '/apps/users/me/change-password']) {
      expect(decideAccess({ ...pending, allowed: dj, location })).toEqual({ action: 'allow' });
    }
    expect(decideAccess({ ...pending, allowed: undefined, location: '/terms-and-conditions' })).toEqual({ action: 'allow' });
  });

  it('a paid creator is not redirected', () => {
    expect(decideAccess({ ...pending, pendingPayment: false, allowed: dj, location: '/apps/calendar' })).toEqual({ action: 'allow' });
  });
});

describe('change-password page', () => {
  it('acts on the signed-in user only: another id in the path leads to the caller’s own page', () => {
    expect(changePasswordRedirect('me', 'me')).toBeNull();
    expect(changePasswordRedirect('someone-else', 'me')).toBe('/apps/users/me/change-password');
    expect(changePasswordRedirect(undefined, 'me')).toBe('/apps/users/me/change-password');
  });
});

/** The route a path opens, as the router matches it (first match wins; `:name` one segment, `/:name?` optional). */
function routeOf(path: string) {
  const routes = [...appRoutes, ...pageRoutes];
  return routes.find((route) => {
    const pattern = route.path
      .split('/')
      .map((segment) => (segment.startsWith(':') ? (segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+') : segment ? `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}` : ''))
      .join('');
    return new RegExp(`^${pattern || '/'}/?$`).test(path);
  });
}

describe('no menu item leads to a page that refuses its reader', () => {
  it('every account menu item (Change Password, Profile, creator tools) and every menu entry opens for each dashboard role', () => {
    for (const role of dashboardRoles) {
      const links = [...accountMenuItems([role], 'u1'), ...visibleNavigation([role]), ...visibleSampleApps([role])];
      for (const link of links) {
        const route = routeOf(link.url);
        expect(route, `${role}: ${link.url} has a route`).toBeDefined();
        expect(decideAccess({ allowed: route!.roles, userRoles: [role], location: link.url, redirectUrl: null }), `${role} opens ${link.url}`).toEqual({ action: 'allow' });
      }
    }
  });

  it('staff and user accounts get Change Password and Profile for their own account; creators and admins also the API tools', () => {
    for (const role of ['staff', 'user']) {
      expect(accountMenuItems([role], 'u1').map((item) => item.url)).toEqual(['/apps/users/u1/change-password', '/profile/u1']);
    }
    for (const role of ['admin', 'dj']) {
      expect(accountMenuItems([role], 'u1').map((item) => item.id)).toEqual(['change-password', 'profile', 'api-tokens', 'webhooks', 'api-docs']);
    }
  });
});
