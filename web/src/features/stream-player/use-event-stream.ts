import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventOutput, EventStreamOutput } from '@server/domains/events/events.schemas';
import type { LiveStatusOutput } from '@server/domains/live/live.schemas';
import { useSession } from '@web/lib/session-store';
import { trpc, viewerTrpc } from '@web/lib/trpc';
import { useViewer } from '@web/lib/viewer-session';
import { failureStatus } from '@web/components/error-message';
import { eventAccessQueryKey, type EventAccess } from './use-event-access';
import { statusOfUpdate } from './stream-state';

/** Ask for a new signed URL this long before the current one expires. */
const refreshBeforeExpiryMs = 60_000;
/** The slow poll behind the live subscription (the creator may go live meanwhile, the socket may be down). */
const slowPollMs = 30_000;
/** Live, but no playlist yet (the first segments are being written): ask again soon. */
const startingPollMs = 3_000;

/** When to ask again: before a signed URL expires; soon while the stream is starting; otherwise every half minute. */
export function streamRefetchInterval(stream: EventStreamOutput | undefined, now = Date.now(), status?: LiveStatusOutput): number {
  if (status?.state === 'live' && (!stream || stream.kind === 'none')) return startingPollMs;
  if (stream?.expiresAt) return Math.max(5_000, Math.min(slowPollMs * 20, Date.parse(stream.expiresAt) - now - refreshBeforeExpiryMs));
  return slowPollMs;
}

/**
 * The live status of an event: `live.onStatus` over the websocket (public), `live.status` polled slowly behind it.
 * Each subscription update lands in the query's cache, so there is one status whatever brought it.
 */
export function useLiveStatus(eventId: string | undefined, enabled = true): LiveStatusOutput | undefined {
  const utils = trpc.useUtils();
  const input = { eventId: eventId ?? '' };
  const on = enabled && !!eventId;
  const status = trpc.live.status.useQuery(input, { enabled: on, retry: false, refetchInterval: slowPollMs, staleTime: 5_000 });
  trpc.live.onStatus.useSubscription(input, {
    enabled: on,
    onData: (update: unknown) => {
      const next = statusOfUpdate(update);
      if (next) utils.live.status.setData(input, next);
    },
  });
  return status.data;
}

/**
 * What the event's player plays (`events.stream`), asked once access is granted, with the token that grants it: the
 * dashboard session for the event's creator or an admin, else the viewer's. Asked again when the live state changes
 * (so the player starts without a reload when the creator goes live) and before a signed URL expires.
 */
export function useEventStream(event: EventOutput | undefined, access: EventAccess, status?: LiveStatusOutput) {
  const utils = trpc.useUtils();
  const creator = useSession((state) => state.user);
  const viewerToken = useViewer((state) => state.token);
  const asCreator = !!event && !!creator && (creator.id === event.userId || creator.role.includes('admin'));
  const query = useQuery({
    queryKey: ['event-stream', event?.id, asCreator ? `creator:${creator.id}` : `viewer:${viewerToken ?? ''}`],
    enabled: !!event && access === 'granted',
    retry: false,
    queryFn: () => {
      const input = { eventId: event!.id };
      return asCreator ? utils.client.events.stream.query(input) : viewerTrpc.events.stream.query(input);
    },
    refetchInterval: (current) => streamRefetchInterval(current.state.data, Date.now(), status),
  });

  // A refused stream (the membership that opened the event lapsed) drops the event from the stored list and asks the
  // server again, so the page shows the paywall instead of a player error.
  const queryClient = useQueryClient();
  const viewerId = useViewer((state) => state.user?.id ?? null);
  const refusedEventId = !asCreator && event && failureStatus(query.error) === 403 ? event.id : null;
  useEffect(() => {
    if (!refusedEventId) return;
    useViewer.getState().revokeEventAccess(refusedEventId);
    void queryClient.invalidateQueries({ queryKey: eventAccessQueryKey(viewerId) });
  }, [refusedEventId, viewerId, queryClient]);

  const liveState = status?.state;
  const seenState = useRef(liveState);
  const { refetch } = query;
  useEffect(() => {
    if (seenState.current === liveState) return;
    const first = seenState.current === undefined;
    seenState.current = liveState;
    if (!first) void refetch();
  }, [liveState, refetch]);
  return query;
}

/** The stream and live status of an event page (event page, embed, /chats): everything the StreamPlayer needs. */
export function useEventPlayback(event: EventOutput | undefined, access: EventAccess) {
  const status = useLiveStatus(event?.id, access === 'granted');
  const stream = useEventStream(event, access, status);
  return { stream, status };
}
