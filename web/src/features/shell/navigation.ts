import { CalendarDays, BellRing, Users, Podcast, HandCoins, Smartphone, FileText, type LucideIcon } from 'lucide-react';

export interface NavItem {
  id: string;
  title: string;
  url: string;
  icon: LucideIcon;
  /** Roles that see the item; undefined = every signed-in user. */
  roles?: readonly string[];
}

/** The navigation menu (platform.md §2 "Shell"), in this order. */
export const navigationItems: NavItem[] = [
  { id: 'calendar', title: 'Calendar', url: '/apps/calendar', icon: CalendarDays },
  { id: 'push-notifications', title: 'Push Notifications', url: '/apps/push-notifications', icon: BellRing },
  { id: 'users', title: 'Users', url: '/apps/users', icon: Users, roles: ['admin'] },
  { id: 'podcasts', title: 'Podcasts', url: '/apps/podcast-titles', icon: Podcast, roles: ['admin', 'dj'] },
  { id: 'tips', title: 'Tips', url: '/manage-tips', icon: HandCoins },
  { id: 'mobile-app', title: 'My Mobile App', url: '/apps/mobile-app', icon: Smartphone },
  { id: 'terms', title: 'Terms and Conditions', url: '/apps/terms-and-conditions', icon: FileText, roles: ['admin'] },
];

export function visibleNavigation(roles: readonly string[]): NavItem[] {
  return navigationItems.filter((item) => !item.roles || item.roles.some((role) => roles.includes(role)));
}
