import { Trans } from '@lingui/react/macro';

/** Payments are made as a viewer: a guest signs in first (the page's Log in / Register). */
export function SignInToPay({ action }: { action: string }) {
  return (
    <p role="note" className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
      <Trans>Log in or register as a viewer (Login or Register at the top of the page) to {action}.</Trans>
    </p>
  );
}
