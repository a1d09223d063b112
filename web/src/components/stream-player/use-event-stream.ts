import { useQuery } from '@tanstack/react-query';
import type { EventOutput, EventStreamOutput } from '@server/domains/events/events.schemas';
import { useSession } from '@web/lib/session-store';
import { trpc } from '@web/lib/trpc';
import { viewerTrpc } from '@web/lib/viewer-api';
import { useViewer } from '@web/lib/viewer-session';
import type { EventAccess } from './use-event-access';

/** Ask for a new signed URL this long before the current one expires. */
const refreshBeforeExpiryMs = 60_000;

/** When to ask again: before a signed URL expires; otherwise every half minute (the creator may go live meanwhile). */
export function streamRefetchInterval(stream: EventStreamOutput | undefined, now = Date.now()): number {
  if (stream?.expiresAt) return Math.max(5_000, Date.parse(stream.expiresAt) - now - refreshBeforeExpiryMs);
  return 30_000;
}

/**
 * What the event's player plays (`events.stream`), asked once access is granted, with the token that grants it: the
 * dashboard session for the event's creator or an admin, else the viewer's.
 */
export function useEventStream(event: EventOutput | undefined, access: EventAccess) {
  const utils = trpc.useUtils();
  const creator = useSession((state) => state.user);
  const viewerToken = useViewer((state) => state.token);
  const asCreator = !!event && !!creator && (creator.id === event.userId || creator.role.includes('admin'));
  return useQuery({
    queryKey: ['event-stream', event?.id, asCreator ? `creator:${creator.id}` : `viewer:${viewerToken ?? ''}`],
    enabled: !!event && access === 'granted',
    retry: false,
    queryFn: () => {
      const input = { eventId: event!.id };
      return asCreator ? utils.client.events.stream.query(input) : viewerTrpc.events.stream.query(input);
    },
    refetchInterval: (query) => streamRefetchInterval(query.state.data),
  });
}
