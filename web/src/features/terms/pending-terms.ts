import { useLocation } from 'wouter';
import { create } from 'zustand';
import { useSession } from '@web/lib/session-store';

/**
 * An admin emulating a creator cannot accept the creator's terms; "Continue without accepting" puts the dialog away
 * for that emulation token only (the creator is asked at their own next sign-in).
 */
export const useTermsDeferral = create<{ deferredForToken: string | null; defer(token: string): void }>()((set) => ({
  deferredForToken: null,
  defer: (token) => set({ deferredForToken: token }),
}));

/** Pages the dialog never covers (platform.md §2 Shell): login, terms and privacy. */
export const termsDialogExcludedPaths = ['/login', '/terms-and-conditions', '/privacy-policy'];

function normalisedPath(location: string): string {
  const path = location.split('?')[0] ?? '';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The pending terms PDF the dialog must show on this page, or null. */
export function usePendingTermsUrl(): string | null {
  const [location] = useLocation();
  const pdfUrl = useSession((state) => state.user?.pdfUrl ?? null);
  const token = useSession((state) => state.token);
  const deferredForToken = useTermsDeferral((state) => state.deferredForToken);
  const deferred = token !== null && token === deferredForToken;
  return pdfUrl && !deferred && !termsDialogExcludedPaths.includes(normalisedPath(location)) ? pdfUrl : null;
}
