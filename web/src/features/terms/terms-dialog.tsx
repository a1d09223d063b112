import * as Dialog from '@radix-ui/react-dialog';
import { Download } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, buttonClasses } from '@web/components/button';
import { FormError } from '@web/components/form-error';
import { trpc } from '@web/lib/trpc';
import { useSession } from '@web/lib/session-store';
import { PdfViewer } from './pdf-viewer';
import { termsFailureMessage } from './terms-errors';
import { usePendingTermsUrl, useTermsDeferral } from './pending-terms';

/**
 * Opens over every page but login, terms and privacy while the signed-in user has pending terms (pdfUrl).
 * It cannot be dismissed: only Accept closes it, by clearing the pending terms. An admin emulating the user sees
 * Accept disabled with the reason, and may continue without accepting for this emulation.
 */
export function TermsDialog() {
  const { t } = useLingui();
  const pdfUrl = usePendingTermsUrl();
  const setUser = useSession((state) => state.setUser);
  const emulating = useSession((state) => state.originalToken !== null);
  const token = useSession((state) => state.token);
  const userName = useSession((state) => state.user?.displayName ?? null);
  const acceptedBefore = trpc.terms.acceptedBefore.useQuery(undefined, { enabled: !!pdfUrl });
  const accept = trpc.terms.accept.useMutation({
    onSuccess: ({ user }) => setUser(user),
  });
  if (!pdfUrl) return null;
  const holder = userName ?? t`the account holder`;

  return (
    <Dialog.Root open modal>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/60" />
        <Dialog.Content
          className="fixed top-1/2 start-1/2 z-[61] flex max-h-[95vh] w-[calc(100vw-1.5rem)] max-w-[850px] -translate-x-1/2 rtl:translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl bg-white p-5 shadow-2xl focus:outline-none sm:p-6"
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          onEscapeKeyDown={(event) => event.preventDefault()}
        >
          <div>
            <Dialog.Title className="text-xl font-bold text-slate-900">
              <Trans>Terms and Conditions</Trans>
            </Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-slate-600">
              {acceptedBefore.data?.acceptedBefore ? (
                <Trans>Please read and accept the updated terms and conditions to continue.</Trans>
              ) : (
                <Trans>Please read and accept the terms and conditions to continue.</Trans>
              )}
            </Dialog.Description>
            {emulating && (
              <p id="terms-emulation-reason" role="note" className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
                <Trans>Only {holder} can accept the terms</Trans>
              </p>
            )}
          </div>
          {/* A refused Accept: the server's message (or the generic text) in the dialog, over which no toast shows. */}
          {accept.error && <FormError error={termsFailureMessage(accept.error)} />}
          <PdfViewer
            url={pdfUrl}
            label={t`Terms and Conditions`}
            maxPageHeight={Math.max(320, Math.round(window.innerHeight * 0.6))}
            actions={
              <div className="flex items-center gap-2">
                <a href={pdfUrl} download className={buttonClasses('ghost', 'sm')}>
                  <Download className="size-4" aria-hidden />
                  <Trans>Download</Trans>
                </a>
                {emulating && token && (
                  <Button variant="ghost" onClick={() => useTermsDeferral.getState().defer(token)}>
                    <Trans>Continue without accepting</Trans>
                  </Button>
                )}
                <Button onClick={() => accept.mutate()} busy={accept.isPending} disabled={emulating} aria-describedby={emulating ? 'terms-emulation-reason' : undefined}>
                  <Trans>Accept</Trans>
                </Button>
              </div>
            }
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
