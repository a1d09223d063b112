import { useEffect, useRef, useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Menu, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { Logo } from '@web/components/logo';
import { cx } from '@web/components/cx';
import { Footer } from '@web/features/shell/footer';
import { GlobalSearch } from '@web/features/shell/global-search';
import { canUseShellTools } from '@web/features/shell/navigation';
import { QuickPanelButton } from '@web/features/shell/quick-panel';
import { NavList } from '@web/features/shell/nav-list';
import { UnpaidBanner } from '@web/features/shell/unpaid-banner';
import { UserMenu } from '@web/features/shell/user-menu';
import { useLayout } from '@web/lib/layout-store';
import { selectRoles, useSession } from '@web/lib/session-store';

/** Sizes from the spec (platform.md §2 "Shell", §9). */
export const shellSizes = { toolbar: 64, navbar: 280, foldedNavbar: 64, hoverDelayMs: 150, boxedVertical: 1280, boxedHorizontal: 1120 } as const;

function MobileNavbar() {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  useEffect(() => setOpen(false), [location]);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 lg:hidden" aria-label="Open navigation">
        <Menu className="size-5" aria-hidden />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex flex-col bg-slate-900 p-3 shadow-xl" style={{ width: shellSizes.navbar }} aria-describedby={undefined}>
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-white">
              <Logo className="text-white" />
            </Dialog.Title>
            <Dialog.Close className="rounded p-2 text-slate-300 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-brand-500" aria-label="Close navigation">
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <nav aria-label="Main">
            <NavList onNavigate={() => setOpen(false)} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Vertical navbar: 280px, or folded to 64px and expanding over the content after hovering 150 ms. */
function VerticalNavbar() {
  const folded = useLayout((state) => state.folded);
  const [hovered, setHovered] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const expanded = !folded || hovered;
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return (
    <aside
      className="fixed inset-y-0 left-0 z-30 hidden flex-col bg-slate-900 transition-[width] duration-150 lg:flex"
      style={{ width: expanded ? shellSizes.navbar : shellSizes.foldedNavbar }}
      onMouseEnter={() => {
        if (!folded) return;
        timer.current = setTimeout(() => setHovered(true), shellSizes.hoverDelayMs);
      }}
      onMouseLeave={() => {
        if (timer.current) clearTimeout(timer.current);
        setHovered(false);
      }}
      data-testid="navbar"
    >
      <div className="flex shrink-0 items-center px-4" style={{ height: shellSizes.toolbar }}>
        <Link href="/apps/calendar" className="text-white" aria-label="Cuepoint home">
          <Logo className="text-white" compact={!expanded} />
        </Link>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-2">
        <NavList compact={!expanded} />
      </nav>
    </aside>
  );
}

function Toolbar({ horizontal }: { horizontal: boolean }) {
  const { folded, toggleFolded } = useLayout();
  const shellTools = canUseShellTools(useSession(selectRoles));
  return (
    <header className="sticky top-0 z-20 flex shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-4" style={{ height: shellSizes.toolbar }}>
      <MobileNavbar />
      {!horizontal && (
        <button
          type="button"
          onClick={toggleFolded}
          className="hidden rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 lg:inline-flex"
          aria-label={folded ? 'Unfold navigation' : 'Fold navigation'}
          aria-pressed={folded}
        >
          {folded ? <PanelLeftOpen className="size-5" aria-hidden /> : <PanelLeftClose className="size-5" aria-hidden />}
        </button>
      )}
      {horizontal && (
        <Link href="/apps/calendar" aria-label="Cuepoint home">
          <Logo />
        </Link>
      )}
      <div className="flex-1" />
      {shellTools && <GlobalSearch />}
      {shellTools && <QuickPanelButton />}
      <UserMenu />
    </header>
  );
}

/** The signed-in app shell: vertical or horizontal navigation (persisted choice), toolbar, content box and footer. */
export default function AppLayout({ children }: { children: ReactNode }) {
  const style = useLayout((state) => state.style);
  const folded = useLayout((state) => state.folded);
  const horizontal = style === 'horizontal';
  return (
    <div className="min-h-screen bg-slate-50" data-layout={style}>
      {!horizontal && <VerticalNavbar />}
      <div className={cx('flex min-h-screen flex-col', !horizontal && (folded ? 'lg:pl-16' : 'lg:pl-[280px]'))}>
        <Toolbar horizontal={horizontal} />
        {horizontal && (
          <nav aria-label="Main" className="hidden border-b border-slate-200 bg-white px-4 py-2 lg:block">
            <div className="mx-auto" style={{ maxWidth: shellSizes.boxedHorizontal }}>
              <NavList direction="horizontal" />
            </div>
          </nav>
        )}
        <UnpaidBanner />
        <main className="flex-1 p-4 sm:p-6">
          <div className="mx-auto w-full" style={{ maxWidth: horizontal ? shellSizes.boxedHorizontal : shellSizes.boxedVertical }}>
            {children}
          </div>
        </main>
        <Footer />
      </div>
    </div>
  );
}
