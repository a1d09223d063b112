import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { Trans } from '@lingui/react/macro';
import { Button } from '@web/components/button';
import type { BotCheck } from './use-bot-check';

/** The proof-of-work check's small status badge (reCAPTCHA shows its own badge). */
export function BotCheckBadge({ botCheck, error }: { botCheck: BotCheck; error?: string }) {
  if (botCheck.hidden || botCheck.provider === 'off' || botCheck.provider === undefined) return error ? <p role="alert" className="text-sm text-red-600">{error}</p> : null;
  return (
    <div className="space-y-1">
      {botCheck.provider === 'pow' && (
        <div className="flex items-center gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm" data-testid="bot-check-badge">
          {botCheck.state === 'ready' && (
            <>
              <ShieldCheck className="size-4 text-green-600" aria-hidden /> <span>
                <Trans>Verified — you are human</Trans>
              </span>
            </>
          )}
          {botCheck.state === 'loading' && (
            <>
              <span className="size-4 animate-spin rounded-full border-2 border-brand-500 border-t-transparent" aria-hidden /> <span>
                <Trans>Checking that you are human…</Trans>
              </span>
            </>
          )}
          {botCheck.state === 'error' && (
            <>
              <ShieldAlert className="size-4 text-red-600" aria-hidden /> <span>
                <Trans>The bot check could not load.</Trans>
              </span>
              <Button size="sm" variant="ghost" onClick={botCheck.retry}>
                <Trans>Retry</Trans>
              </Button>
            </>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
