import { CloudOff } from 'lucide-react';
import { Trans } from '@lingui/react/macro';

/** What the page shows when the server does not federate, and how an operator turns it on. */
export function FederationOff() {
  return (
    <section className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4 sm:p-6" aria-labelledby="federation-off-heading" data-testid="federation-off">
      <div className="flex items-start gap-3">
        <CloudOff className="mt-0.5 size-6 shrink-0 text-amber-600" aria-hidden />
        <div className="min-w-0 space-y-2 text-sm text-slate-700">
          <h2 id="federation-off-heading" className="text-lg font-semibold text-slate-900">
            <Trans>The Fediverse is switched off on this server</Trans>
          </h2>
          <p>
            <Trans>Nobody on Mastodon or other Fediverse servers can find or follow you here yet, and nothing is posted for you.</Trans>
          </p>
          <p>
            <Trans>
            Whoever runs this server turns it on: set <code className="rounded bg-white px-1">PUBLIC_URL</code> to the address people use to reach it (for
            example <code className="rounded bg-white px-1 break-all">https://live.example.com</code>; your handle's server name comes from it) and leave{' '}
            <code className="rounded bg-white px-1">FEDERATION</code> unset or <code className="rounded bg-white px-1">on</code>. With{' '}
            <code className="rounded bg-white px-1">FEDERATION=off</code> it stays off. Then restart the server and open this page again.
            </Trans>
          </p>
        </div>
      </div>
    </section>
  );
}
