import { useParams, useSearch } from 'wouter';
import { trpc } from '@web/lib/trpc';

/** The event a chat page shows: /…/{subdomain}/{eventId?}, the latest event of the subdomain when no id is given. */
export function useChatPageRoom() {
  const params = useParams<{ subdomain: string; eventId?: string }>();
  const query = new URLSearchParams(useSearch());
  const subdomain = params.subdomain ?? '';
  const room = trpc.chat.room.useQuery(
    { subdomain, ...(params.eventId ? { eventId: params.eventId } : {}) },
    { enabled: subdomain.length > 0, retry: false },
  );
  return { subdomain, room, displayName: query.get('displayName'), photoURL: query.get('photoURL') };
}
