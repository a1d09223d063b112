import { cx } from './cx';

export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cx('flex items-center justify-center', className)}>
      <span className="size-8 animate-spin rounded-full border-4 border-brand-500 border-t-transparent" aria-hidden />
      <span className="sr-only">{label}</span>
    </div>
  );
}

export function FullPageSpinner({ label }: { label?: string }) {
  return <Spinner label={label} className="min-h-screen" />;
}
