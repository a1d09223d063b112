import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { viewerTrpc } from '@web/lib/trpc';
import { useViewer } from '@web/lib/viewer-session';

/** The cache key of the signed-in viewer's memberships (`memberships.mine`). */
export const myMembershipsKey = ['viewer', 'memberships'] as const;

/** The signed-in viewer's memberships; nothing is asked for a guest. */
export function useMyMemberships() {
  const token = useViewer((state) => state.token);
  return useQuery({
    queryKey: [...myMembershipsKey, token],
    enabled: !!token,
    retry: false,
    queryFn: () => viewerTrpc.memberships.mine.query(),
  });
}

/**
 * After a join: the viewer's memberships and premium-event access are asked again, so "You're a member" shows and an
 * event the tier includes opens (the event page's permission check, `use-event-access.ts`).
 */
export function useRefreshMembershipAccess(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: myMembershipsKey }),
      queryClient.invalidateQueries({ queryKey: ['viewer', 'event-access'] }),
    ]);
  }, [queryClient]);
}
