import { useLingui } from '@lingui/react/macro';
import { Skeleton } from '@web/components/skeleton';

/** Shown until permission, event, tips and related episodes are loaded, then for the 2-second delay (platform.md §2, §9). */
export function EventPageSkeleton() {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={t`Loading event`} className="mx-auto grid max-w-[1280px] grid-cols-1 gap-6 p-4 sm:p-6 lg:grid-cols-[minmax(0,1fr)_360px]">
      <div className="min-w-0 space-y-4">
        <Skeleton className="aspect-video w-full rounded-xl" />
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-16 w-full" />
        <div className="flex gap-3 overflow-hidden">
          <Skeleton className="h-14 w-36" />
          <Skeleton className="h-14 w-36" />
          <Skeleton className="h-14 w-36" />
        </div>
      </div>
      <Skeleton className="h-96 w-full rounded-xl" />
    </div>
  );
}
