import { useLingui } from '@lingui/react/macro';
import { cx } from './cx';

/** One pulsing placeholder block; size it with classes (e.g. `h-4 w-32`). */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden className={cx('block animate-pulse rounded-md bg-slate-200', className)} />;
}

/** Placeholder paragraph lines; the last one is shorter. */
export function SkeletonText({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <div aria-hidden className={cx('space-y-2', className)}>
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} className={cx('h-3', index === lines - 1 && lines > 1 ? 'w-2/3' : 'w-full')} />
      ))}
    </div>
  );
}

/** Placeholder list rows (avatar + two lines), announced once as loading. */
export function SkeletonList({ rows = 5, avatar = true, label, className }: { rows?: number; avatar?: boolean; label?: string; className?: string }) {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={label ?? t`Loading`} className={cx('divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white', className)}>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="flex items-center gap-3 p-4">
          {avatar && <Skeleton className="size-9 shrink-0 rounded-full" />}
          <div className="min-w-0 flex-1 space-y-2">
            <Skeleton className="h-3 w-1/3" />
            <Skeleton className="h-3 w-2/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Placeholder cards in a responsive grid, announced once as loading. */
export function SkeletonCards({ count = 6, label, className, cardClassName }: { count?: number; label?: string; className?: string; cardClassName?: string }) {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={label ?? t`Loading`} className={cx('grid gap-4 sm:grid-cols-2 xl:grid-cols-3', className)}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={cx('space-y-3 rounded-lg border border-slate-200 bg-white p-4', cardClassName)}>
          <Skeleton className="h-4 w-1/2" />
          <SkeletonText lines={3} />
        </div>
      ))}
    </div>
  );
}
