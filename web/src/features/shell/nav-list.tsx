import { useId, useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LayoutGrid } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { useLingui } from '@lingui/react';
import { Plural } from '@lingui/react/macro';
import { cx } from '@web/components/cx';
import { selectRoles, useSession } from '@web/lib/session-store';
import { trpc } from '@web/lib/trpc';
import { menuTitle, sampleAppsGroupTitle, sampleAppsStartCollapsed, visibleNavigation, visibleSampleApps, type NavItem } from './navigation';

function isActive(location: string, url: string) {
  return location === url || location.startsWith(`${url}/`);
}

type Direction = 'vertical' | 'horizontal';

interface NavLinkProps {
  item: NavItem;
  direction: Direction;
  compact: boolean;
  active: boolean;
  onNavigate?: () => void;
  nested?: boolean;
  /** A count shown beside the title, with its meaning for screen readers in `badgeDescriptionId`. */
  badge?: number;
  badgeDescriptionId?: string;
}

function NavLink({ item, direction, compact, active, onNavigate, nested = false, badge = 0, badgeDescriptionId }: NavLinkProps) {
  const Icon = item.icon;
  const { i18n } = useLingui();
  const title = menuTitle(i18n, item);
  return (
    <Link
      href={item.url}
      aria-describedby={badge ? badgeDescriptionId : undefined}
      onClick={onNavigate}
      title={compact ? title : undefined}
      aria-current={active ? 'page' : undefined}
      className={cx(
        'flex items-center gap-3 rounded-md text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-500',
        direction === 'vertical' ? (nested && !compact ? 'h-10 ps-6 pe-3' : 'h-11 px-3') : 'h-9 px-3',
        active ? 'bg-brand-500 text-white' : direction === 'vertical' ? 'text-slate-200 hover:bg-white/10' : 'text-slate-700 hover:bg-slate-100',
      )}
    >
      <Icon className="size-5 shrink-0" aria-hidden />
      <span className={cx(compact && 'sr-only')}>{title}</span>
      {!!badge && (
        <span
          className={cx('rounded-full bg-brand-500 px-1.5 text-xs font-semibold text-white', compact ? 'absolute ms-5 -mt-5' : 'ms-auto', active && 'bg-white text-brand-700')}
          aria-hidden
          data-testid={`nav-badge-${item.id}`}
        >
          {badge}
        </span>
      )}
    </Link>
  );
}

/** The "Sample apps" group: a collapsible section in the vertical menu, a dropdown in the horizontal one. */
function SampleAppsGroup({ items, direction, compact, location, onNavigate }: { items: NavItem[]; direction: Direction; compact: boolean; location: string; onNavigate?: () => void }) {
  const { i18n } = useLingui();
  const groupTitle = i18n._(sampleAppsGroupTitle);
  const roles = useSession(selectRoles);
  const containsCurrent = items.some((item) => isActive(location, item.url));
  const [expanded, setExpanded] = useState(() => !sampleAppsStartCollapsed(roles) || containsCurrent);

  if (direction === 'horizontal') {
    return (
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          className={cx(
            'flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-500',
            containsCurrent ? 'bg-brand-500 text-white' : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          <LayoutGrid className="size-5" aria-hidden />
          {groupTitle}
          <ChevronDown className="size-4" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="start" sideOffset={6} className="z-50 max-h-[70vh] min-w-56 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg">
            {items.map((item) => {
              const Icon = item.icon;
              return (
                <DropdownMenu.Item key={item.id} asChild>
                  <Link
                    href={item.url}
                    className={cx(
                      'flex items-center gap-2 rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-700',
                      isActive(location, item.url) ? 'font-semibold text-brand-700' : 'text-slate-700',
                    )}
                  >
                    <Icon className="size-4" aria-hidden />
                    {menuTitle(i18n, item)}
                  </Link>
                </DropdownMenu.Item>
              );
            })}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    );
  }

  return (
    <>
      <button
        type="button"
        onClick={() => setExpanded((value) => !value)}
        aria-expanded={expanded}
        title={compact ? groupTitle : undefined}
        className="mt-3 flex h-9 w-full items-center gap-3 rounded-md px-3 text-xs font-semibold uppercase tracking-wide text-slate-400 hover:bg-white/10 hover:text-slate-200 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <LayoutGrid className="size-5 shrink-0" aria-hidden />
        <span className={cx('flex-1 text-start', compact && 'sr-only')}>{groupTitle}</span>
        {!compact && <ChevronDown className={cx('size-4 transition-transform', expanded && 'rotate-180')} aria-hidden />}
      </button>
      {expanded && (
        <ul className="flex flex-col gap-1" aria-label={groupTitle}>
          {items.map((item) => (
            <li key={item.id}>
              <NavLink item={item} direction={direction} compact={compact} active={isActive(location, item.url)} onNavigate={onNavigate} nested />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function WaitingForActivation({ count }: { count: number }) {
  return <Plural value={count} one="# waiting for activation" other="# waiting for activation" />;
}

/** The navigation items the user's role may see, as a vertical or horizontal list, then the sample apps group. */
export function NavList({ direction = 'vertical', compact = false, onNavigate }: { direction?: Direction; compact?: boolean; onNavigate?: () => void }) {
  const [location] = useLocation();
  const roles = useSession(selectRoles);
  const items = visibleNavigation(roles);
  const sampleApps = visibleSampleApps(roles);
  // Admins see how many creators wait for activation on the Users item.
  const waiting = trpc.adminUsers.waitingCount.useQuery(undefined, { enabled: roles.includes('admin'), refetchInterval: 60_000 });
  const badges: Record<string, number> = { users: waiting.data?.count ?? 0 };
  const descriptionId = useId();
  return (
    <ul className={cx(direction === 'vertical' ? 'flex flex-col gap-1' : 'flex flex-wrap items-center gap-1')}>
      {items.map((item) => (
        <li key={item.id}>
          <NavLink
            item={item}
            direction={direction}
            compact={compact}
            active={isActive(location, item.url)}
            onNavigate={onNavigate}
            badge={badges[item.id]}
            badgeDescriptionId={`${descriptionId}-${item.id}`}
          />
          {!!badges[item.id] && (
            <span id={`${descriptionId}-${item.id}`} className="sr-only">
              <WaitingForActivation count={badges[item.id] ?? 0} />
            </span>
          )}
        </li>
      ))}
      {sampleApps.length > 0 && (
        <li>
          <SampleAppsGroup items={sampleApps} direction={direction} compact={compact} location={location} onNavigate={onNavigate} />
        </li>
      )}
    </ul>
  );
}
