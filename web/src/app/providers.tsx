import '@web/lib/zod-jitless';
import { lazy, Suspense, useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { i18n } from '@web/lib/i18n/i18n';
import { loadSonner, sonnerRequested } from '@web/lib/lazy-toast';
import { createQueryClient, sessionTrpc, trpc } from '@web/lib/trpc';
import { useSession } from '@web/lib/session-store';
import { useSessionBootstrap } from './session-bootstrap';

/** Toasts: top centre, 6000 ms (platform.md §2 "Shell"). */
export const toastOptions = { position: 'top-center', duration: 6000 } as const;

/**
 * sonner's rich colours with darker text: its own (success #008a2e on #ecfdf3 is 4.25:1, warning 3.1:1) fall short of
 * WCAG's 4.5:1. Each of these is 5.8:1 or more on sonner's background of that kind.
 */
export const toastColours = {
  '--success-text': '#166534',
  '--info-text': '#1d4ed8',
  '--warning-text': '#92400e',
  '--error-text': '#b91c1c',
} as CSSProperties;

const Toaster = lazy(() => loadSonner().then(({ Toaster }) => ({ default: Toaster })));
/** How long a signed-in first screen has to itself before the Toaster (and sonner) loads, unless a toast asks sooner. */
const toasterDelayMs = 1000;
const firstInputEvents = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * sonner's Toaster, loaded with the first toast, 1 s after a signed-in screen, or when a guest first touches the
 * page (a guest's toasts answer what the guest did, so the sign-in page loads no sonner of its own); it then shows
 * the toasts made before it.
 */
function DeferredToaster() {
  const { t } = useLingui();
  const [wanted, setWanted] = useState(false);
  const signedIn = useSession((state) => state.token !== null);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const timer = signedIn ? window.setTimeout(want, toasterDelayMs) : undefined;
    const listener = { capture: true, passive: true } as const;
    for (const type of firstInputEvents) window.addEventListener(type, want, listener);
    void sonnerRequested.then(want);
    return () => {
      window.clearTimeout(timer);
      for (const type of firstInputEvents) window.removeEventListener(type, want, listener);
    };
  }, [signedIn, wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position={toastOptions.position}
        duration={toastOptions.duration}
        richColors
        closeButton
        style={toastColours}
        containerAriaLabel={t`Notifications`}
        toastOptions={{ closeButtonAriaLabel: t`Close` }}
      />
    </Suspense>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useSessionBootstrap();
  return (
    <I18nProvider i18n={i18n}>
      <trpc.Provider client={sessionTrpc} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          {children}
          <DeferredToaster />
        </QueryClientProvider>
      </trpc.Provider>
    </I18nProvider>
  );
}
