import { Download } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '@web/components/button';
import { Logo } from '@web/components/logo';
import { Spinner } from '@web/components/spinner';
import { trpc } from '@web/lib/trpc';
import { PdfViewer } from './pdf-viewer';

/** Public /terms-and-conditions: the current terms PDF, page by page. */
export function TermsPage() {
  const current = trpc.terms.current.useQuery();
  return (
    <div className="mx-auto flex min-h-screen w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <Link href="/" aria-label="Cuepoint home" className="self-start">
        <Logo />
      </Link>
      <h1 className="text-3xl font-extrabold text-slate-900">Terms and Conditions</h1>
      {current.isPending && <Spinner label="Loading the terms" className="py-16" />}
      {current.isError && (
        <p role="alert" className="text-red-600">
          The terms could not be loaded. Please try again.
        </p>
      )}
      {current.data === null && <p className="text-slate-600">No terms and conditions have been published yet.</p>}
      {current.data && (
        <>
          <p className="text-sm text-slate-500">Published {new Date(current.data.createdAt).toLocaleDateString(undefined, { dateStyle: 'long' })}</p>
          <PdfViewer
            url={current.data.pdfUrl}
            label="Terms and Conditions"
            actions={
              <a href={current.data.pdfUrl} download className={buttonClasses('secondary', 'sm')}>
                <Download className="size-4" aria-hidden />
                Download
              </a>
            }
          />
        </>
      )}
    </div>
  );
}
