import {
  CalendarDays,
  BellRing,
  Users,
  Podcast,
  HandCoins,
  Smartphone,
  FileText,
  GraduationCap,
  ChartLine,
  Mail,
  StickyNote,
  ListTodo,
  SquareKanban,
  Contact,
  MessagesSquare,
  ShoppingCart,
  Package,
  CircleHelp,
  FolderOpen,
  Shapes,
  Receipt,
  BookOpen,
  UserRound,
  LayoutDashboard,
  CalendarRange,
  LayoutGrid,
  Radio,
  Wallet,
  HeartHandshake,
  Settings,
  Database,
  Rss,
  type LucideIcon,
} from 'lucide-react';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { navigationItems, type NavigationItem } from '@common/navigation';

export interface NavItem extends NavigationItem {
  icon: LucideIcon;
}

/** The platform menu (platform.md §2 "Shell"), in this order; titles, paths and roles come from the shared navigation. */
const menuIcons: Record<string, LucideIcon> = {
  calendar: CalendarDays,
  'go-live': Radio,
  'push-notifications': BellRing,
  users: Users,
  podcasts: Podcast,
  tips: HandCoins,
  earnings: Wallet,
  members: HeartHandshake,
  'audience-analytics': ChartLine,
  fediverse: Rss,
  'mobile-app': Smartphone,
  'terms-and-conditions': FileText,
  settings: Settings,
  database: Database,
};

export const menuItems: NavItem[] = navigationItems.flatMap((item) => {
  const icon = menuIcons[item.id];
  return icon ? [{ ...item, icon }] : [];
});

/** The menu items a user with these roles may open (the same roles the routes allow). */
export function visibleNavigation(roles: readonly string[]): NavItem[] {
  return menuItems.filter((item) => item.roles.some((role) => roles.includes(role)));
}

/** Icons of the sample apps (demo-apps.md); an app without one here gets the generic grid icon. */
const sampleAppIcons: Record<string, LucideIcon> = {
  academy: GraduationCap,
  analytics: ChartLine,
  'project-dashboard': LayoutDashboard,
  mail: Mail,
  notes: StickyNote,
  todo: ListTodo,
  scrumboard: SquareKanban,
  contacts: Contact,
  chat: MessagesSquare,
  'e-commerce-products': ShoppingCart,
  'e-commerce-orders': Package,
  faq: CircleHelp,
  'file-manager': FolderOpen,
  icons: Shapes,
  invoice: Receipt,
  'knowledge-base': BookOpen,
  profile: UserRound,
  'sample-calendar': CalendarRange,
};

/** The "Sample apps" menu group: every shared navigation entry that is not a platform menu item. */
export const sampleAppItems: NavItem[] = navigationItems
  .filter((item) => !menuIcons[item.id])
  .map((item) => ({ ...item, icon: sampleAppIcons[item.id] ?? LayoutGrid }));

export const sampleAppsGroupTitle = msg`Sample apps`;

/** The menu titles in the reader's language, by item id (the shared navigation keeps the English ones). */
const menuTitles: Record<string, MessageDescriptor> = {
  calendar: msg`Calendar`,
  'go-live': msg`Go live`,
  'push-notifications': msg`Push Notifications`,
  users: msg`Users`,
  podcasts: msg`Podcasts`,
  tips: msg`Tips`,
  earnings: msg`Earnings`,
  members: msg`Members`,
  'audience-analytics': msg`Analytics`,
  fediverse: msg`Fediverse`,
  'mobile-app': msg`My Mobile App`,
  'terms-and-conditions': msg`Terms and Conditions`,
  settings: msg`Settings`,
  database: msg`Database`,
  academy: msg`Academy`,
  analytics: msg`Analytics`,
  mail: msg`Mail`,
  notes: msg`Notes`,
  todo: msg`To-Do`,
  scrumboard: msg`Scrumboard`,
  contacts: msg`Contacts`,
  chat: msg`Chat`,
  'e-commerce-products': msg`E-Commerce Products`,
  'e-commerce-orders': msg`Orders`,
  faq: msg`FAQ`,
  'file-manager': msg`File Manager`,
  icons: msg`Icons`,
  invoice: msg`Invoice`,
  'knowledge-base': msg`Knowledge Base`,
  profile: msg`Profile`,
  'project-dashboard': msg`Project Dashboard`,
  'sample-calendar': msg`Sample Calendar`,
  'change-password': msg`Change Password`,
  'api-tokens': msg`API tokens`,
  webhooks: msg`Webhooks`,
  'api-docs': msg`API reference`,
};

/** A menu item's title in the active language (an item without a translation keeps its English title). */
export function menuTitle(i18n: I18n, item: { id: string; title: string }): string {
  const title = menuTitles[item.id];
  return title ? i18n._(title) : item.title;
}

/** The sample apps a user with these roles may open: admins and staff (creators and viewers never: the sample API refuses them). */
export function visibleSampleApps(roles: readonly string[]): NavItem[] {
  return sampleAppItems.filter((item) => item.roles.some((role) => roles.includes(role)));
}

/** Creators (admin, dj) have their own menu above: the sample apps start collapsed for them. */
export function sampleAppsStartCollapsed(roles: readonly string[]): boolean {
  return roles.some((role) => role === 'admin' || role === 'dj');
}

/** Whether these roles may open the sample apps at all. */
export function canUseSampleApps(roles: readonly string[]): boolean {
  return sampleAppItems.some((item) => item.roles.some((role) => roles.includes(role)));
}

/** The toolbar's global search and quick panel: every dashboard account, creators included (never viewers). */
export function canUseShellTools(roles: readonly string[]): boolean {
  return roles.some((role) => role === 'admin' || role === 'dj' || role === 'staff' || role === 'user');
}

export type AccountMenuItemId = 'change-password' | 'profile' | 'api-tokens' | 'webhooks' | 'api-docs';

/** One entry of the user menu that opens a page. */
export interface AccountMenuItem {
  id: AccountMenuItemId;
  title: string;
  url: string;
}

/**
 * The user menu's pages for a signed-in account: Change Password and Profile are every dashboard account's own (admin,
 * dj, staff, user); API tokens, webhooks and the API reference are a creator's (or admin's). Each leads to a route
 * whose roles admit the reader (tests/unit/web/guard.test.ts checks it against the route table).
 */
export function accountMenuItems(roles: readonly string[], userId: string): AccountMenuItem[] {
  const creator = roles.includes('admin') || roles.includes('dj');
  return [
    { id: 'change-password', title: 'Change Password', url: `/apps/users/${userId}/change-password` },
    { id: 'profile', title: 'Profile', url: `/profile/${userId}` },
    ...(creator
      ? ([
          { id: 'api-tokens', title: 'API tokens', url: '/apps/developer/api-tokens' },
          { id: 'webhooks', title: 'Webhooks', url: '/apps/developer/webhooks' },
          { id: 'api-docs', title: 'API reference', url: '/docs/api' },
        ] as const)
      : []),
  ];
}
