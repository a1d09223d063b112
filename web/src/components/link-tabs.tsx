import { Link } from 'wouter';
import { cx } from './cx';

/** Tabs that are links (each tab has its own URL), scrolling sideways on narrow screens. */
export function LinkTabs({ tabs, active, label }: { tabs: ReadonlyArray<{ id: string; title: string; href: string }>; active: string; label: string }) {
  return (
    <nav aria-label={label} className="-mx-1 overflow-x-auto border-b border-slate-200">
      <ul className="flex min-w-max gap-1 px-1">
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link
              href={tab.href}
              aria-current={tab.id === active ? 'page' : undefined}
              className={cx(
                'inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-500',
                tab.id === active ? 'border-brand-500 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900',
              )}
            >
              {tab.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
