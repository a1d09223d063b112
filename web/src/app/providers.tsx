import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { loadSonner, sonnerRequested } from '@web/lib/lazy-toast';
import { createQueryClient, createTrpcClient, trpc } from '@web/lib/trpc';
import { useSessionBootstrap } from './session-bootstrap';

/** Toasts: top centre, 6000 ms (platform.md §2 "Shell"). */
export const toastOptions = { position: 'top-center', duration: 6000 } as const;

const Toaster = lazy(() => loadSonner().then(({ Toaster }) => ({ default: Toaster })));
/** How long the first screen has to itself before the Toaster (and sonner) loads, unless a toast asks sooner. */
const toasterDelayMs = 1000;

/** sonner's Toaster, loaded after the first screen or with the first toast; it then shows the toasts made before. */
function DeferredToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    const timer = window.setTimeout(want, toasterDelayMs);
    void sonnerRequested.then(want);
    return () => window.clearTimeout(timer);
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position={toastOptions.position} duration={toastOptions.duration} richColors closeButton />
    </Suspense>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  useSessionBootstrap();
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        {children}
        <DeferredToaster />
      </QueryClientProvider>
    </trpc.Provider>
  );
}
