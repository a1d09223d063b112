import { describe, expect, it } from 'vitest';
import {
  maxSuggestions,
  navigationFor,
  navigationItems,
  navigationSuggestions,
  normalizeSearchText,
  shortcutMatches,
} from '@common/navigation';

describe('global search normalisation', () => {
  it('trims, strips accents and lower-cases', () => {
    expect(normalizeSearchText('  Éxàmple Çase  ')).toBe('example case');
    expect(normalizeSearchText('Ñoño')).toBe('nono');
    expect(normalizeSearchText('   ')).toBe('');
  });

  it('matches accented, padded, upper-case queries against the titles', () => {
    expect(navigationSuggestions(' PÔDCÃSTS ', 'dj').map((item) => item.title)).toEqual(['Podcasts']);
    expect(navigationSuggestions('knowledge', 'user').map((item) => item.title)).toEqual(['Knowledge Base']);
    expect(navigationSuggestions('to-do', 'staff').map((item) => item.title)).toEqual(['To-Do']);
  });

  it('gives nothing for an empty or blank query', () => {
    expect(navigationSuggestions('', 'admin')).toEqual([]);
    expect(navigationSuggestions('  \t ', 'admin')).toEqual([]);
  });

  it('gives at most 10 suggestions', () => {
    const all = navigationFor('admin').filter((item) => item.title.toLowerCase().includes('e'));
    expect(all.length).toBeGreaterThan(maxSuggestions);
    const suggested = navigationSuggestions('e', 'admin');
    expect(suggested).toHaveLength(10);
    expect(suggested.map((item) => item.id)).toEqual(all.slice(0, 10).map((item) => item.id));
  });

  it('never suggests items whose roles exclude the caller', () => {
    expect(navigationSuggestions('users', 'admin').map((item) => item.id)).toEqual(['users']);
    expect(navigationSuggestions('users', 'dj')).toEqual([]);
    // Staff see the sample calendar, never the creators' own calendar.
    expect(navigationSuggestions('calendar', 'staff').map((item) => item.id)).toEqual(['sample-calendar']);
    // Creators see their own calendar, never the sample apps; admins both.
    expect(navigationSuggestions('calendar', 'dj').map((item) => item.id)).toEqual(['calendar']);
    expect(navigationSuggestions('calendar', 'admin').map((item) => item.id)).toEqual(['calendar', 'sample-calendar']);
    expect(navigationSuggestions('to-do', 'dj')).toEqual([]);
    expect(navigationSuggestions('calendar', 'viewer')).toEqual([]);
    expect(navigationSuggestions('calendar', null)).toEqual([]);
    for (const role of ['admin', 'dj', 'staff', 'user', 'viewer'] as const) {
      for (const item of navigationSuggestions('a', role)) {
        expect(navigationItems.find((entry) => entry.id === item.id)?.roles).toContain(role);
      }
    }
  });

  it('holds the menu and sample-app titles', () => {
    expect(navigationItems.map((item) => item.title)).toEqual([
      'Calendar', 'Go live', 'Push Notifications', 'Users', 'Podcasts', 'Tips', 'Earnings', 'Members', 'Analytics', 'Fediverse', 'My Mobile App', 'Terms and Conditions', 'Settings', 'Database',
      'Academy', 'Analytics', 'Mail', 'Notes', 'To-Do', 'Scrumboard', 'Contacts', 'Chat', 'E-Commerce Products',
      'Orders', 'FAQ', 'File Manager', 'Icons', 'Invoice', 'Knowledge Base', 'Profile', 'Project Dashboard',
      'Sample Calendar',
    ]);
  });
});

describe('shortcut search', () => {
  it('is a case-insensitive substring match on the title, filtered by role', () => {
    expect(shortcutMatches('MAIL', 'staff').map((item) => item.title)).toEqual(['Mail']);
    expect(shortcutMatches('MAIL', 'dj')).toEqual([]);
    expect(shortcutMatches('dashboard', 'user').map((item) => item.title)).toEqual(['Project Dashboard']);
    expect(shortcutMatches('terms', 'dj')).toEqual([]);
    expect(shortcutMatches('terms', 'admin').map((item) => item.title)).toEqual(['Terms and Conditions']);
    expect(shortcutMatches('settings', 'admin').map((item) => item.title)).toEqual(['Settings']);
    expect(shortcutMatches('settings', 'dj')).toEqual([]);
    expect(shortcutMatches('go live', 'dj').map((item) => item.title)).toEqual(['Go live']);
    // No accent folding here: the spec asks only for a case-insensitive match.
    expect(shortcutMatches('fáq', 'admin')).toEqual([]);
  });
});
