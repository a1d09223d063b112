import { useRef, useState } from 'react';
import { ExternalLink, FileText, Upload } from 'lucide-react';
import { toast } from 'sonner';
import { Trans, useLingui } from '@lingui/react/macro';
import { FormError } from '@web/components/form-error';
import { Button } from '@web/components/button';
import { Spinner } from '@web/components/spinner';
import { formatDateTime } from '@web/lib/i18n/format';
import { trpc } from '@web/lib/trpc';
import { uploadTermsPdf } from './upload-terms';

const maxBytes = 20 * 1024 * 1024;

const formatDate = (iso: string) => formatDateTime(iso, { dateStyle: 'medium', timeStyle: 'short' });

/** Admin /apps/terms-and-conditions: publish a new terms PDF and see who accepted each version. */
export function TermsAdminPage() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const list = trpc.terms.list.useQuery();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadFailure, setUploadFailure] = useState<unknown>(null);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    if (chosen && chosen.size > maxBytes) setFileError(t`Please upload a PDF file of at most 20 MB`);
    else setFileError(null);
  };

  const upload = async () => {
    if (!file || fileError) return;
    setUploadFailure(null);
    setUploading(true);
    try {
      const answer = await uploadTermsPdf(file);
      toast.success(answer.message);
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      await Promise.all([utils.terms.list.invalidate(), utils.terms.current.invalidate()]);
    } catch (error) {
      // uploadTermsPdf throws the text to show (the server's message or the generic one).
      setUploadFailure(error instanceof Error ? error.message : error);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 p-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">
          <Trans>Terms and Conditions</Trans>
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          <Trans>Publishing a new PDF asks every creator to accept it the next time they use Cuepoint.</Trans>
        </p>
      </header>

      <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-labelledby="terms-upload-heading">
        <h2 id="terms-upload-heading" className="text-lg font-semibold text-slate-900">
          <Trans>Upload a new version</Trans>
        </h2>
        <FormError error={uploadFailure} className="mt-4" />
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1 space-y-1">
            <label htmlFor="terms-pdf" className="block text-sm font-medium text-slate-700">
              <Trans>PDF file</Trans>
            </label>
            <input
              ref={inputRef}
              id="terms-pdf"
              type="file"
              accept="application/pdf,.pdf"
              aria-invalid={!!fileError || undefined}
              aria-describedby={fileError ? 'terms-pdf-error' : undefined}
              onChange={(event) => choose(event.target.files?.[0] ?? null)}
              className="block w-full text-sm text-slate-700 file:me-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100"
            />
            {fileError && (
              <p id="terms-pdf-error" role="alert" className="text-xs text-red-600">
                {fileError}
              </p>
            )}
          </div>
          <Button onClick={upload} disabled={!file || !!fileError} busy={uploading}>
            <Upload className="size-4" aria-hidden />
            <Trans>Upload PDF</Trans>
          </Button>
        </div>
      </section>

      <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-labelledby="terms-list-heading">
        <h2 id="terms-list-heading" className="px-6 pt-6 text-lg font-semibold text-slate-900">
          <Trans>Published versions</Trans>
        </h2>
        {list.isPending && <Spinner label={t`Loading the documents`} className="py-10" />}
        {list.isError && (
          <p role="alert" className="px-6 py-6 text-sm text-red-600">
            <Trans>The documents could not be loaded.</Trans>
          </p>
        )}
        {list.data?.length === 0 && (
          <p className="px-6 py-6 text-sm text-slate-600">
            <Trans>No terms have been published yet.</Trans>
          </p>
        )}
        {list.data && list.data.length > 0 && (
          <div className="overflow-x-auto">
            <table className="mt-4 w-full text-start text-sm">
              <thead className="border-y border-slate-100 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="px-6 py-3 font-semibold">
                    <Trans>Document</Trans>
                  </th>
                  <th scope="col" className="px-6 py-3 font-semibold">
                    <Trans>Published</Trans>
                  </th>
                  <th scope="col" className="px-6 py-3 font-semibold">
                    <Trans>Uploaded by</Trans>
                  </th>
                  <th scope="col" className="px-6 py-3 text-end font-semibold">
                    <Trans>Acceptances</Trans>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.data.map((document, index) => (
                  <tr key={document.id}>
                    <td className="px-6 py-3">
                      <a href={document.pdfUrl} target="_blank" rel="noreferrer" className="inline-flex items-center gap-2 font-medium text-brand-700 hover:underline">
                        <FileText className="size-4" aria-hidden />
                        {index === 0 ? t`Current version` : t`Version ${list.data.length - index}`}
                        <ExternalLink className="size-3" aria-hidden />
                      </a>
                    </td>
                    <td className="px-6 py-3 text-slate-700">{formatDate(document.createdAt)}</td>
                    <td className="px-6 py-3 text-slate-700">{document.uploadedBy?.displayName ?? t`System`}</td>
                    <td className="px-6 py-3 text-end tabular-nums text-slate-900">{document.acceptances}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
