import { lazy, Suspense } from 'react';
import { usePendingTermsUrl } from './pending-terms';

const TermsDialog = lazy(() => import('./terms-dialog').then(({ TermsDialog }) => ({ default: TermsDialog })));

/** Mounted on every page; loads the terms dialog (and with it the dialog and PDF code) only when terms are pending. */
export function TermsGate() {
  const pdfUrl = usePendingTermsUrl();
  if (!pdfUrl) return null;
  return (
    <Suspense fallback={null}>
      <TermsDialog />
    </Suspense>
  );
}
