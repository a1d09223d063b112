import { AlertCircle } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { cx } from './cx';
import { failureMessage } from './error-message';
import { planRefusalMessage, PlanRequiredNotice } from './plan-notice';

/** The English fallback, as the spec words it; shown in the reader's language. */
export const unexpectedFailure = 'Unexpected error. Please try again.';
const unexpectedFailureText = msg`Unexpected error. Please try again.`;

/**
 * The server's refusal of a submitted form or dialog, shown inside it (never only in a toast that fades): its text
 * for a 4xx answer, the fallback otherwise; the "Features require a plan" refusal with its link to the plans page.
 * `error` is a failed call (tRPC or upload) or a message already worked out; nothing renders without one.
 */
export function FormError({ error, fallback = unexpectedFailure, className, testId = 'form-error' }: { error: unknown; fallback?: string; className?: string; testId?: string }) {
  const { i18n } = useLingui();
  if (error === null || error === undefined || error === false || error === '') return null;
  const planRefusal = planRefusalMessage(error);
  if (planRefusal) return <PlanRequiredNotice message={planRefusal} className={className} />;
  const message = typeof error === 'string' ? error : failureMessage(error, fallback === unexpectedFailure ? i18n._(unexpectedFailureText) : fallback);
  return (
    <div role="alert" data-testid={testId} className={cx('flex items-start gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200', className)}>
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>{message}</p>
    </div>
  );
}
