import { Trans } from '@lingui/react/macro';
import { ApiTokensPanel } from '@web/components/api-tokens-panel';

/** /apps/developer/api-tokens: personal API tokens for scripts. */
export default function ApiTokensPage() {
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 p-4 sm:p-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">
          <Trans>API tokens</Trans>
        </h1>
        <p className="text-sm text-slate-600">
          <Trans>
            Scripts use a token as <code className="font-mono text-xs">Authorization: Bearer cp_…</code> on <code className="font-mono text-xs">/trpc</code> and{' '}
          <code className="font-mono text-xs">/api</code>. A token acts as you, only within its scopes, and cannot change your password or create
          other tokens. See the{' '}
          <a className="font-medium text-brand-700 hover:underline" href="/docs/api">
            API reference
          </a>{' '}
          and the <code className="font-mono text-xs">examples/</code> scripts.
          </Trans>
        </p>
      </header>
      <ApiTokensPanel />
    </div>
  );
}
