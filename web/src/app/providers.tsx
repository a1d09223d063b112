import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { createQueryClient, createTrpcClient, trpc } from '@web/lib/trpc';
import { useSessionBootstrap } from './session-bootstrap';

/** Toasts: top centre, 6000 ms (platform.md §2 "Shell"). */
export const toastOptions = { position: 'top-center', duration: 6000 } as const;

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  useSessionBootstrap();
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster position={toastOptions.position} duration={toastOptions.duration} richColors closeButton />
      </QueryClientProvider>
    </trpc.Provider>
  );
}
