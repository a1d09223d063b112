import { Download } from 'lucide-react';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { buttonClasses } from '@web/components/button';
import { Logo } from '@web/components/logo';
import { Spinner } from '@web/components/spinner';
import { formatDate } from '@web/lib/i18n/format';
import { trpc } from '@web/lib/trpc';
import { PdfViewer } from './pdf-viewer';

/** Public /terms-and-conditions: the current terms PDF, page by page. */
export function TermsPage() {
  const { t } = useLingui();
  const current = trpc.terms.current.useQuery();
  return (
    <div className="mx-auto flex min-h-screen w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <Link href="/" aria-label={t`Cuepoint home`} className="self-start">
        <Logo />
      </Link>
      <h1 className="text-3xl font-extrabold text-slate-900">
        <Trans>Terms and Conditions</Trans>
      </h1>
      {current.isPending && <Spinner label={t`Loading the terms`} className="py-16" />}
      {current.isError && (
        <p role="alert" className="text-red-600">
          <Trans>The terms could not be loaded. Please try again.</Trans>
        </p>
      )}
      {current.data === null && (
        <p className="text-slate-600">
          <Trans>No terms and conditions have been published yet.</Trans>
        </p>
      )}
      {current.data && (
        <>
          <p className="text-sm text-slate-500">
            <Trans>Published {formatDate(current.data.createdAt, { dateStyle: 'long' })}</Trans>
          </p>
          <PdfViewer
            url={current.data.pdfUrl}
            label={t`Terms and Conditions`}
            actions={
              <a href={current.data.pdfUrl} download className={buttonClasses('secondary', 'sm')}>
                <Download className="size-4" aria-hidden />
                <Trans>Download</Trans>
              </a>
            }
          />
        </>
      )}
    </div>
  );
}
