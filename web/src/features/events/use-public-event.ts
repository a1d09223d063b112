import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { trpc } from '@web/lib/trpc';

/** The event of `/events/{subdomain}/{eventId?}`: by id when given (it must belong to that creator), else the subdomain's latest. */
export function usePublicEvent(subdomain: string, eventId: string | undefined) {
  const { t } = useLingui();
  const byId = trpc.events.publicById.useQuery({ id: eventId ?? '' }, { enabled: !!eventId, retry: false });
  const latest = trpc.events.latest.useQuery({ subdomain }, { enabled: !eventId, retry: false });
  const query = eventId ? byId : latest;
  const event = query.data && query.data.user.userName.toLowerCase() === subdomain.toLowerCase() ? query.data : undefined;
  const notFound = query.isError || (!!query.data && !event);
  return { event, isPending: query.isPending && !notFound, notFound, errorMessage: query.error?.message ?? t`Event not found` };
}

/** False until `ready` has been true for `delayMs` (the page-loading delay, platform.md §9); then true for good. */
export function useRevealAfter(ready: boolean, delayMs: number): boolean {
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    if (!ready || revealed) return;
    const timer = window.setTimeout(() => setRevealed(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [ready, revealed, delayMs]);
  return revealed;
}
