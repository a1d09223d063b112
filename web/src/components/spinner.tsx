import { useLingui } from '@lingui/react/macro';
import { cx } from './cx';

export function Spinner({ label, className }: { label?: string; className?: string }) {
  const { t } = useLingui();
  return (
    <div role="status" className={cx('flex items-center justify-center', className)}>
      <span className="size-8 animate-spin rounded-full border-4 border-brand-500 border-t-transparent" aria-hidden />
      <span className="sr-only">{label ?? t`Loading`}</span>
    </div>
  );
}

export function FullPageSpinner({ label }: { label?: string }) {
  return <Spinner label={label} className="min-h-screen" />;
}
