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
 * Event gating (platform.md §4): a non-premium event is open at once; a premium one is open when its id is in the stored
 * permission list, otherwise the server is asked with the viewer's token (a failure means no permission). The event's
 * own creator (or an admin) signed in on the dashboard may always watch.
 */
export function useEventAccess(event: EventOutput | undefined): EventAccess {
  const { ready } = useViewerBootstrap();
  const viewerId = useViewer((state) => state.user?.id ?? null);
  const storedIds = useViewer((state) => state.permissionIds);
  const creator = useSession((state) => state.user);
  const isOwner = !!event && !!creator && (creator.id === event.userId || creator.role.includes('admin'));
  const grantedLocally = !!event && (!event.isPremium || isOwner || storedIds.includes(event.id));

  const serverCheck = useQuery({
    queryKey: ['viewer', 'event-access', viewerId],
    enabled: !!event && !grantedLocally && !!viewerId,
    retry: false,
    queryFn: () => viewerTrpc.events.checkHasPermission.query({ userId: viewerId! }),
  });
  const serverIds = serverCheck.data?.eventIds;
  useEffect(() => {
    if (serverIds?.length) useViewer.getState().grantEventAccess(...serverIds);
  }, [serverIds]);

  if (!event) return 'checking';
  if (grantedLocally) return 'granted';
  if (!ready) return 'checking';
  if (!viewerId) return 'locked';
  if (serverCheck.isPending) return 'checking';
  return serverIds?.includes(event.id) ? 'granted' : 'locked';
}
