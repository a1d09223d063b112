import { CalendarDays, BellRing, Users, Podcast, HandCoins, Smartphone, FileText, type LucideIcon } from 'lucide-react';
import { navigationItems, type NavigationItem } from '@server/domains/demo/search/navigation';

export interface NavItem extends NavigationItem {
  icon: LucideIcon;
}

/** The platform menu (platform.md §2 "Shell"), in this order; titles, paths and roles come from the shared navigation. */
const menuIcons: Record<string, LucideIcon> = {
  calendar: CalendarDays,
  'push-notifications': BellRing,
  users: Users,
  podcasts: Podcast,
  tips: HandCoins,
  'mobile-app': Smartphone,
  'terms-and-conditions': FileText,
};

export const menuItems: NavItem[] = navigationItems.flatMap((item) => {
  const icon = menuIcons[item.id];
  return icon ? [{ ...item, icon }] : [];
});

/** The menu items a user with these roles may open (the same roles the routes allow). */
export function visibleNavigation(roles: readonly string[]): NavItem[] {
  return menuItems.filter((item) => item.roles.some((role) => roles.includes(role)));
}
