import { useEffect, useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { PanelLeft, X } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { cx } from './cx';

export interface SampleAppShellProps {
  title: string;
  /** A line under the title. */
  subtitle?: ReactNode;
  icon?: ReactNode;
  /** Buttons at the end of the header. */
  actions?: ReactNode;
  /**
   * The app's sidebar (folders, filters, labels). Inline from 1024 px, a drawer below.
   * As a function it receives `close` so a choice inside the drawer can close it.
   */
  sidebar?: ReactNode | ((close: () => void) => ReactNode);
  sidebarLabel?: string;
  /** Drop the content card's padding (for split panes that manage their own). */
  flush?: boolean;
  children: ReactNode;
  className?: string;
}

/** The frame of a sample app: header (icon, title, actions), sidebar (drawer under 1024 px) and the content area. */
export function SampleAppShell({ title, subtitle, icon, actions, sidebar, sidebarLabel: givenSidebarLabel, flush = false, children, className }: SampleAppShellProps) {
  const { t } = useLingui();
  const sidebarLabel = givenSidebarLabel ?? t`${title} navigation`;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [location] = useLocation();
  useEffect(() => setDrawerOpen(false), [location]);
  const close = () => setDrawerOpen(false);
  const renderSidebar = (inDrawer: boolean) => (typeof sidebar === 'function' ? sidebar(inDrawer ? close : () => undefined) : sidebar);

  return (
    <section className={cx('flex min-w-0 flex-col gap-4', className)} data-testid="sample-app">
      <header className="flex flex-wrap items-center gap-3 rounded-lg bg-gradient-to-r from-brand-600 rtl:bg-gradient-to-l to-brand-500 px-4 py-4 text-white shadow-sm sm:px-6">
        {sidebar && (
          <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
            <Dialog.Trigger className="rounded-md p-2 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white lg:hidden" aria-label={t`Open ${sidebarLabel}`}>
              <PanelLeft className="size-5 rtl:-scale-x-100" aria-hidden />
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 lg:hidden" />
              <Dialog.Content className="fixed inset-y-0 start-0 z-50 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-white p-4 shadow-xl lg:hidden" aria-describedby={undefined}>
                <div className="mb-3 flex items-center justify-between">
                  <Dialog.Title className="font-semibold text-slate-900">{title}</Dialog.Title>
                  <Dialog.Close className="rounded p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500" aria-label={t`Close ${sidebarLabel}`}>
                    <X className="size-5" aria-hidden />
                  </Dialog.Close>
                </div>
                <nav aria-label={sidebarLabel}>{renderSidebar(true)}</nav>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        )}
        {icon && <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white/15 [&>svg]:size-5">{icon}</span>}
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-xl font-bold sm:text-2xl">{title}</h1>
          {subtitle && <div className="truncate text-sm text-white/85">{subtitle}</div>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </header>
      <div className="flex min-w-0 gap-4">
        {sidebar && (
          <aside className="hidden w-60 shrink-0 lg:block">
            <nav aria-label={sidebarLabel} className="sticky top-20 rounded-lg border border-slate-200 bg-white p-3">
              {renderSidebar(false)}
            </nav>
          </aside>
        )}
        <div className={cx('min-w-0 flex-1', !flush && 'space-y-4')}>{children}</div>
      </div>
    </section>
  );
}

/** A titled group of sidebar entries. */
export function SidebarSection({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div className="mb-3 last:mb-0">
      {title && <h2 className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h2>}
      <ul className="space-y-0.5">{children}</ul>
    </div>
  );
}

export interface SidebarItemProps {
  label: string;
  active?: boolean;
  icon?: ReactNode;
  /** A coloured dot (labels). */
  color?: string;
  count?: number;
  href?: string;
  onClick?: () => void;
}

const sidebarItemClasses = (active: boolean) =>
  cx(
    'flex w-full items-center gap-2 rounded-md px-2 py-2 text-start text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-500 [&>svg]:size-4 [&>svg]:shrink-0',
    active ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
  );

/** One sidebar entry: a link (href) or a button (onClick). */
export function SidebarItem({ label, active = false, icon, color, count, href, onClick }: SidebarItemProps) {
  const content = (
    <>
      {icon}
      {color && <span aria-hidden className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: color }} />}
      <span className="min-w-0 flex-1 truncate">{label}</span>
      {count !== undefined && count > 0 && <span className="rounded-full bg-brand-500 px-1.5 text-xs text-white">{count}</span>}
    </>
  );
  return (
    <li>
      {href ? (
        <Link href={href} onClick={onClick} aria-current={active ? 'page' : undefined} className={sidebarItemClasses(active)}>
          {content}
        </Link>
      ) : (
        <button type="button" onClick={onClick} aria-pressed={active} className={sidebarItemClasses(active)}>
          {content}
        </button>
      )}
    </li>
  );
}
