/**
 * The app's navigation (the menu of platform.md §2 plus the sample apps of demo-apps.md), shared by
 * the server (search suggestions, shortcut search) and the web app (menu). No server-only imports here.
 */
import type { UserRole } from './roles';

export interface NavigationItem {
  id: string;
  title: string;
  url: string;
  /** Roles that may see the item; an item is never suggested to a caller whose role is not listed. */
  roles: readonly UserRole[];
}

const creatorRoles: readonly UserRole[] = ['admin', 'dj'];
const adminRoles: readonly UserRole[] = ['admin'];
/** The sample apps are for admins and staff (demoProcedure); creators and viewers do not see them. */
const sampleRoles: readonly UserRole[] = ['admin', 'staff', 'user'];

export const navigationItems: readonly NavigationItem[] = [
  { id: 'calendar', title: 'Calendar', url: '/apps/calendar', roles: creatorRoles },
  { id: 'go-live', title: 'Go live', url: '/apps/live', roles: creatorRoles },
  { id: 'push-notifications', title: 'Push Notifications', url: '/apps/push-notifications', roles: creatorRoles },
  { id: 'users', title: 'Users', url: '/apps/users', roles: adminRoles },
  { id: 'podcasts', title: 'Podcasts', url: '/apps/podcast-titles', roles: creatorRoles },
  { id: 'tips', title: 'Tips', url: '/manage-tips', roles: creatorRoles },
  { id: 'earnings', title: 'Earnings', url: '/apps/earnings', roles: creatorRoles },
  { id: 'members', title: 'Members', url: '/apps/members', roles: creatorRoles },
  { id: 'audience-analytics', title: 'Analytics', url: '/apps/analytics', roles: creatorRoles },
  { id: 'fediverse', title: 'Fediverse', url: '/apps/fediverse', roles: creatorRoles },
  { id: 'mobile-app', title: 'My Mobile App', url: '/apps/mobile-app', roles: creatorRoles },
  { id: 'terms-and-conditions', title: 'Terms and Conditions', url: '/apps/terms-and-conditions', roles: adminRoles },
  { id: 'settings', title: 'Settings', url: '/apps/settings', roles: adminRoles },
  { id: 'database', title: 'Database', url: '/migrate-db', roles: adminRoles },
  { id: 'academy', title: 'Academy', url: '/apps/academy', roles: sampleRoles },
  { id: 'analytics', title: 'Analytics', url: '/apps/dashboards/analytics', roles: sampleRoles },
  { id: 'mail', title: 'Mail', url: '/apps/mail', roles: sampleRoles },
  { id: 'notes', title: 'Notes', url: '/apps/notes', roles: sampleRoles },
  { id: 'todo', title: 'To-Do', url: '/apps/todo', roles: sampleRoles },
  { id: 'scrumboard', title: 'Scrumboard', url: '/apps/scrumboard', roles: sampleRoles },
  { id: 'contacts', title: 'Contacts', url: '/apps/contacts', roles: sampleRoles },
  { id: 'chat', title: 'Chat', url: '/apps/chat', roles: sampleRoles },
  { id: 'e-commerce-products', title: 'E-Commerce Products', url: '/apps/e-commerce/products', roles: sampleRoles },
  { id: 'e-commerce-orders', title: 'Orders', url: '/apps/e-commerce/orders', roles: sampleRoles },
  { id: 'faq', title: 'FAQ', url: '/pages/faq', roles: sampleRoles },
  { id: 'file-manager', title: 'File Manager', url: '/apps/file-manager', roles: sampleRoles },
  { id: 'icons', title: 'Icons', url: '/ui/icons', roles: sampleRoles },
  { id: 'invoice', title: 'Invoice', url: '/pages/invoice', roles: sampleRoles },
  { id: 'knowledge-base', title: 'Knowledge Base', url: '/pages/knowledge-base', roles: sampleRoles },
  { id: 'profile', title: 'Profile', url: '/pages/profile', roles: sampleRoles },
  { id: 'project-dashboard', title: 'Project Dashboard', url: '/apps/dashboards/project', roles: sampleRoles },
  { id: 'sample-calendar', title: 'Sample Calendar', url: '/apps/sample-calendar', roles: sampleRoles },
];

/** At most this many global-search suggestions (demo-apps.md §9). */
export const maxSuggestions = 10;

/** What a suggestion or shortcut match carries. */
export interface NavigationMatch {
  id: string;
  title: string;
  url: string;
}

/** Global search normalisation: trimmed, accents stripped (NFD, combining marks removed), lower case. */
export function normalizeSearchText(text: string): string {
  return text.trim().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export function navigationFor(role: UserRole | null | undefined): NavigationItem[] {
  if (!role) return [];
  return navigationItems.filter((item) => item.roles.includes(role));
}

const toMatch = ({ id, title, url }: NavigationItem): NavigationMatch => ({ id, title, url });

/** Global search: titles containing the normalised query, for the given role; empty query → none; at most 10. */
export function navigationSuggestions(query: string, role: UserRole | null | undefined, items = navigationFor(role)): NavigationMatch[] {
  const needle = normalizeSearchText(query);
  if (!needle) return [];
  return items
    .filter((item) => normalizeSearchText(item.title).includes(needle))
    .slice(0, maxSuggestions)
    .map(toMatch);
}

/** Shortcut search: case-insensitive substring on the title, for the given role. */
export function shortcutMatches(query: string, role: UserRole | null | undefined): NavigationMatch[] {
  const needle = query.toLowerCase();
  return navigationFor(role)
    .filter((item) => item.title.toLowerCase().includes(needle))
    .map(toMatch);
}
