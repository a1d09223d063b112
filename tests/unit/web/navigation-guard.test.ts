import { describe, expect, it } from 'vitest';
import { decideAccess } from '@web/lib/navigation-rules';
import { appRoutes } from '@web/app/routes';
import { shouldLogoutOnError } from '@web/lib/session-rules';
import { menuItems, visibleNavigation } from '@web/features/shell/navigation';

describe('navigation menu', () => {
  it('holds the platform menu in the spec order', () => {
    expect(menuItems.map((item) => [item.title, item.url])).toEqual([
      ['Calendar', '/apps/calendar'],
      ['Go live', '/apps/live'],
      ['Push Notifications', '/apps/push-notifications'],
      ['Users', '/apps/users'],
      ['Podcasts', '/apps/podcast-titles'],
      ['Tips', '/manage-tips'],
      ['Earnings', '/apps/earnings'],
      ['Members', '/apps/members'],
      ['Analytics', '/apps/analytics'],
      ['Fediverse', '/apps/fediverse'],
      ['My Mobile App', '/apps/mobile-app'],
      ['Terms and Conditions', '/apps/terms-and-conditions'],
      ['Settings', '/apps/settings'],
      ['Database', '/migrate-db'],
    ]);
  });

  it('hides items by role: admins see all, creators no admin items, staff and viewers nothing', () => {
    expect(visibleNavigation(['admin']).map((item) => item.title)).toHaveLength(14);
    expect(visibleNavigation(['dj']).map((item) => item.title)).toEqual(['Calendar', 'Go live', 'Push Notifications', 'Podcasts', 'Tips', 'Earnings', 'Members', 'Analytics', 'Fediverse', 'My Mobile App']);
    expect(visibleNavigation(['staff'])).toEqual([]);
    expect(visibleNavigation(['viewer'])).toEqual([]);
    expect(visibleNavigation([])).toEqual([]);
  });

  it('shows an item only to roles its route lets in', () => {
    for (const roles of [['admin'], ['dj'], ['staff'], ['user']]) {
      for (const item of visibleNavigation(roles)) {
        const route = appRoutes.find((candidate) => candidate.path === item.url);
        expect(decideAccess({ allowed: route?.roles, userRoles: roles, location: item.url, redirectUrl: null })).toEqual({ action: 'allow' });
      }
    }
  });
});

describe('guard: home refuses the user', () => {
  it('sends a signed-in user the calendar refuses to the profile page instead of looping through /', () => {
    expect(decideAccess({ allowed: ['admin', 'dj'], userRoles: ['staff'], location: '/apps/calendar', redirectUrl: null })).toEqual({
      action: 'redirect',
      to: '/pages/profile',
      clearRedirect: true,
    });
    expect(decideAccess({ allowed: ['admin', 'dj'], userRoles: ['staff'], location: '/apps/calendar', redirectUrl: '/apps/calendar' })).toEqual({
      action: 'redirect',
      to: '/pages/profile',
      clearRedirect: true,
    });
  });
});

describe('session: which 401s log out', () => {
  it('a wrong password on a sign-in call (e.g. the lock screen) keeps the session', () => {
    for (const path of ['users.login', 'users.viewerLogin', '/api/user/login', '/api/user/viewer-login']) {
      expect(shouldLogoutOnError({ status: 401, path, sentToken: true })).toBe(false);
    }
  });

  it('any other 401 sent with our token logs out', () => {
    expect(shouldLogoutOnError({ status: 401, path: 'users.alive', sentToken: true })).toBe(true);
    expect(shouldLogoutOnError({ status: 401, path: '/api/user/alive', sentToken: true })).toBe(true);
    expect(shouldLogoutOnError({ status: 401, path: '/api/user/alive', sentToken: false })).toBe(false);
    expect(shouldLogoutOnError({ status: 403, path: 'users.alive', sentToken: true })).toBe(false);
  });
});
