import { AlertTriangle, RotateCw } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from './button';
import { cx } from './cx';
import { failureMessage } from './error-message';

export interface ErrorStateProps {
  title?: string;
  /** Shown under the title; defaults to the failure's message (server text for 4xx, a generic text otherwise). */
  message?: string;
  error?: unknown;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}

/** A failed load: what happened and a Retry button. */
export function ErrorState({ title, message, error, onRetry, retrying = false, className }: ErrorStateProps) {
  const { t } = useLingui();
  return (
    <section role="alert" className={cx('flex flex-col items-center justify-center gap-3 rounded-lg border border-red-200 bg-red-50 px-6 py-12 text-center', className)}>
      <AlertTriangle className="size-10 text-red-500" aria-hidden />
      <h2 className="text-lg font-semibold text-slate-900">{title ?? t`Could not load this`}</h2>
      <p className="max-w-md text-sm text-slate-600">{message ?? failureMessage(error, t`The server did not answer as expected. Please try again.`)}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry} busy={retrying}>
          {!retrying && <RotateCw className="size-4" aria-hidden />}
          <Trans>Retry</Trans>
        </Button>
      )}
    </section>
  );
}
