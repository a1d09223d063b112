import { useEffect, useRef, useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Menu, PanelLeftClose, PanelLeftOpen, PanelRightClose, PanelRightOpen, X } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { Logo } from '@web/components/logo';
import { cx } from '@web/components/cx';
import { Footer } from '@web/features/shell/footer';
import { GlobalSearch } from '@web/features/shell/global-search';
import { canUseShellTools } from '@web/features/shell/navigation';
import { QuickPanelButton } from '@web/features/shell/quick-panel';
import { NavList } from '@web/features/shell/nav-list';
import { UnpaidBanner } from '@web/features/shell/unpaid-banner';
import { UserMenu } from '@web/features/shell/user-menu';
import { useLayout, type LayoutStyle } from '@web/lib/layout-store';
import { selectRoles, useSession } from '@web/lib/session-store';

/** Sizes from the spec (platform.md §2 "Shell", §9). */
export const shellSizes = { toolbar: 64, navbar: 280, foldedNavbar: 64, hoverDelayMs: 150, boxedVertical: 1280, boxedHorizontal: 1120 } as const;

/**
 * Under 1024 px every layout opens its navigation as a 280px drawer: from the start side (the left, the right in a
 * right-to-left language), or from the end side in the boxed layout.
 */
function MobileNavbar({ side }: { side: 'start' | 'end' }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  useEffect(() => setOpen(false), [location]);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 lg:hidden" aria-label={t`Open navigation`}>
        <Menu className="size-5" aria-hidden />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          className={cx('fixed inset-y-0 z-50 flex flex-col overflow-y-auto bg-slate-900 p-3 shadow-xl', side === 'start' ? 'start-0' : 'end-0')}
          style={{ width: shellSizes.navbar }}
          aria-describedby={undefined}
        >
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-white">
              <Logo className="text-white" />
            </Dialog.Title>
            <Dialog.Close className="rounded p-2 text-slate-300 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-brand-500" aria-label={t`Close navigation`}>
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <nav aria-label={t`Main`}>
            <NavList onNavigate={() => setOpen(false)} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Vertical navbar: 280px, or folded to 64px and expanding over the content after hovering 150 ms. */
function VerticalNavbar() {
  const { t } = useLingui();
  const folded = useLayout((state) => state.folded);
  const [hovered, setHovered] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const expanded = !folded || hovered;
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return (
    <aside
      className="fixed inset-y-0 start-0 z-30 hidden flex-col bg-slate-900 transition-[width] duration-150 lg:flex"
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
        <Link href="/apps/calendar" className="text-white" aria-label={t`Cuepoint home`}>
          <Logo className="text-white" compact={!expanded} />
        </Link>
      </div>
      <nav aria-label={t`Main`} className="flex-1 overflow-y-auto px-2">
        <NavList compact={!expanded} />
      </nav>
    </aside>
  );
}

/** Boxed layout: the navigation on the end side inside the box (the right; the left in right to left), 280px or folded to its 64px icons (a toolbar button). */
function RightNavbar() {
  const { t } = useLingui();
  const folded = useLayout((state) => state.folded);
  return (
    <aside className="hidden shrink-0 bg-slate-900 transition-[width] duration-150 lg:block" style={{ width: folded ? shellSizes.foldedNavbar : shellSizes.navbar }} data-testid="side-navbar">
      <nav aria-label={t`Main`} className="sticky overflow-y-auto p-2" style={{ top: shellSizes.toolbar, maxHeight: `calc(100dvh - ${shellSizes.toolbar}px)` }}>
        <NavList compact={folded} />
      </nav>
    </aside>
  );
}

function FoldButton({ side }: { side: 'start' | 'end' }) {
  const { t } = useLingui();
  const { folded, toggleFolded } = useLayout();
  const [Open, Close] = side === 'start' ? [PanelLeftOpen, PanelLeftClose] : [PanelRightOpen, PanelRightClose];
  return (
    <button
      type="button"
      onClick={toggleFolded}
      className="hidden rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 lg:inline-flex"
      aria-label={folded ? t`Unfold navigation` : t`Fold navigation`}
      aria-pressed={folded}
    >
      {/* The end-side panel opens towards the start, so its icons are mirrored; right to left mirrors both. */}
      {folded ? <Open className="size-5 rtl:-scale-x-100" aria-hidden /> : <Close className="size-5 rtl:-scale-x-100" aria-hidden />}
    </button>
  );
}

function Toolbar({ style }: { style: LayoutStyle }) {
  const { t } = useLingui();
  const shellTools = canUseShellTools(useSession(selectRoles));
  return (
    <header className="sticky top-0 z-20 flex shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-4" style={{ height: shellSizes.toolbar }}>
      {style !== 'boxed' && <MobileNavbar side="start" />}
      {style === 'vertical' && <FoldButton side="start" />}
      {style !== 'vertical' && (
        <Link href="/apps/calendar" aria-label={t`Cuepoint home`}>
          <Logo />
        </Link>
      )}
      <div className="flex-1" />
      {shellTools && <GlobalSearch />}
      {shellTools && <QuickPanelButton />}
      <UserMenu />
      {style === 'boxed' && <FoldButton side="end" />}
      {style === 'boxed' && <MobileNavbar side="end" />}
    </header>
  );
}

/**
 * The third layout: the whole app in a centred box (1280px at most) on a tinted page, toolbar on top, the
 * navigation on the end side beside the content and the footer inside the box. On phones the box fills the screen
 * and the navigation is a drawer from the end side.
 */
function BoxedLayout({ children }: { children: ReactNode }) {
  return (
    <div className="relative min-h-screen bg-slate-200 lg:px-6 lg:pb-6" data-layout="boxed">
      {/* A brand band behind the top of the box, as in the template's boxed layout. */}
      <div className="pointer-events-none absolute inset-x-0 top-0 hidden h-48 bg-brand-700 lg:block" aria-hidden />
      <div
        className="relative mx-auto flex min-h-screen w-full flex-col overflow-clip bg-slate-50 lg:mt-6 lg:min-h-[calc(100vh-3rem)] lg:rounded-xl lg:shadow-xl"
        style={{ maxWidth: shellSizes.boxedVertical }}
        data-testid="layout-box"
      >
        <Toolbar style="boxed" />
        <UnpaidBanner />
        <div className="flex flex-1">
          <main className="min-w-0 flex-1 p-4 sm:p-6">{children}</main>
          <RightNavbar />
        </div>
        <Footer />
      </div>
    </div>
  );
}

/** The signed-in app shell: vertical, horizontal or boxed navigation (persisted choice), toolbar, content box and footer. */
export default function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const style = useLayout((state) => state.style);
  const folded = useLayout((state) => state.folded);
  if (style === 'boxed') return <BoxedLayout>{children}</BoxedLayout>;
  const horizontal = style === 'horizontal';
  return (
    <div className="min-h-screen bg-slate-50" data-layout={style}>
      {!horizontal && <VerticalNavbar />}
      <div className={cx('flex min-h-screen flex-col', !horizontal && (folded ? 'lg:ps-16' : 'lg:ps-[280px]'))}>
        <Toolbar style={style} />
        {horizontal && (
          <nav aria-label={t`Main`} className="hidden border-b border-slate-200 bg-white px-4 py-2 lg:block">
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
