const block = 'animate-pulse rounded-md bg-slate-200';

/** Shown until permission, event, tips and related episodes are loaded, then for the 2-second delay (platform.md §2, §9). */
export function EventPageSkeleton() {
  return (
    <div role="status" aria-label="Loading event" className="mx-auto grid max-w-[1280px] gap-6 p-4 sm:p-6 lg:grid-cols-[minmax(0,1fr)_360px]">
      <div className="space-y-4">
        <div className={`${block} aspect-video w-full rounded-xl`} />
        <div className={`${block} h-7 w-2/3`} />
        <div className={`${block} h-4 w-1/3`} />
        <div className={`${block} h-16 w-full`} />
        <div className="flex gap-3">
          <div className={`${block} h-14 w-36`} />
          <div className={`${block} h-14 w-36`} />
          <div className={`${block} h-14 w-36`} />
        </div>
      </div>
      <div className={`${block} h-96 w-full rounded-xl`} />
      <span className="sr-only">Loading event</span>
    </div>
  );
}
