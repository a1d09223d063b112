import { useId } from 'react';
import { Link, useLocation } from 'wouter';
import { cx } from '@web/components/cx';
import { selectRoles, useSession } from '@web/lib/session-store';
import { trpc } from '@web/lib/trpc';
import { visibleNavigation } from './navigation';

function isActive(location: string, url: string) {
  return location === url || location.startsWith(`${url}/`);
}

/** The navigation items the user's role may see, as a vertical or horizontal list. */
export function NavList({ direction = 'vertical', compact = false, onNavigate }: { direction?: 'vertical' | 'horizontal'; compact?: boolean; onNavigate?: () => void }) {
  const [location] = useLocation();
  const roles = useSession(selectRoles);
  const items = visibleNavigation(roles);
  // Admins see how many creators wait for activation on the Users item.
  const waiting = trpc.adminUsers.waitingCount.useQuery(undefined, { enabled: roles.includes('admin'), refetchInterval: 60_000 });
  const badges: Record<string, number> = { users: waiting.data?.count ?? 0 };
  const descriptionId = useId();
  return (
    <ul className={cx(direction === 'vertical' ? 'flex flex-col gap-1' : 'flex flex-wrap items-center gap-1')}>
      {items.map((item) => {
        const active = isActive(location, item.url);
        const Icon = item.icon;
        return (
          <li key={item.id}>
            <Link
              href={item.url}
              aria-describedby={badges[item.id] ? `${descriptionId}-${item.id}` : undefined}
              onClick={onNavigate}
              title={compact ? item.title : undefined}
              aria-current={active ? 'page' : undefined}
              className={cx(
                'flex items-center gap-3 rounded-md text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-500',
                direction === 'vertical' ? 'h-11 px-3' : 'h-9 px-3',
                active ? 'bg-brand-500 text-white' : direction === 'vertical' ? 'text-slate-200 hover:bg-white/10' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              <Icon className="size-5 shrink-0" aria-hidden />
              <span className={cx(compact && 'sr-only')}>{item.title}</span>
              {!!badges[item.id] && (
                <span
                  className={cx('rounded-full bg-brand-500 px-1.5 text-xs font-semibold text-white', compact ? 'absolute ml-5 -mt-5' : 'ml-auto', active && 'bg-white text-brand-700')}
                  aria-hidden
                  data-testid={`nav-badge-${item.id}`}
                >
                  {badges[item.id]}
                </span>
              )}
            </Link>
            {!!badges[item.id] && (
              <span id={`${descriptionId}-${item.id}`} className="sr-only">
                {`${badges[item.id]} waiting for activation`}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
