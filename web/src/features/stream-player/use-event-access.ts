import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { EventOutput } from '@server/domains/events/events.schemas';
import { useSession } from '@web/lib/session-store';
import { viewerTrpc } from '@web/lib/trpc';
import { useViewer } from '@web/lib/viewer-session';

export type EventAccess = 'checking' | 'granted' | 'locked';

/** Refreshes a stored viewer token once (alive) so the page knows who the viewer is. A refused token signs the viewer out. */
export function useViewerBootstrap(): { ready: boolean } {
  const token = useViewer((state) => state.token);
  const user = useViewer((state) => state.user);
  const refresh = useQuery({
    queryKey: ['viewer', 'alive', token],
    enabled: !!token && !user,
    retry: false,
    staleTime: Infinity,
    queryFn: async () => {
      const answer = await viewerTrpc.users.alive.query();
      if (useViewer.getState().token === token) useViewer.getState().signIn(answer);
      return answer.user;
    },
  });
  return { ready: !token || !!user || refresh.isError };
}

/**
 * Event gating (platform.md §4): a non-premium event is open at once; a premium one is open at once when its id is in
 * the stored permission list, otherwise the server is asked with the viewer's token (a failure means no permission).
 * The server is asked again each time a premium event opens, and its answer replaces the stored list: an event a
 * membership opened closes once the membership lapses. The event's own creator (or an admin) signed in on the
 * dashboard may always watch.
 */
export function useEventAccess(event: EventOutput | undefined): EventAccess {
  const { ready } = useViewerBootstrap();
  const viewerId = useViewer((state) => state.user?.id ?? null);
  const storedIds = useViewer((state) => state.permissionIds);
  const creator = useSession((state) => state.user);
  const isOwner = !!event && !!creator && (creator.id === event.userId || creator.role.includes('admin'));

  const serverCheck = useQuery({
    queryKey: eventAccessQueryKey(viewerId),
    enabled: !!event?.isPremium && !isOwner && !!viewerId,
    retry: false,
    refetchOnMount: 'always',
    queryFn: () => viewerTrpc.events.checkHasPermission.query({ userId: viewerId! }),
  });
  // Only an answer asked for since this page opened: a cached one may predate a payment made here.
  const serverIds = serverCheck.isSuccess && serverCheck.isFetchedAfterMount ? serverCheck.data.eventIds : undefined;
  useEffect(() => {
    if (serverIds) useViewer.getState().keepEventAccess(serverIds);
  }, [serverIds]);

  if (!event) return 'checking';
  if (!event.isPremium || isOwner || storedIds.includes(event.id)) return 'granted';
  if (!ready) return 'checking';
  if (!viewerId) return 'locked';
  if (serverIds) return serverIds.includes(event.id) ? 'granted' : 'locked';
  return serverCheck.isError ? 'locked' : 'checking';
}

/** The viewer's permission check in the query cache (asked again when a stream is refused). */
export function eventAccessQueryKey(viewerId: string | null) {
  return ['viewer', 'event-access', viewerId] as const;
}
