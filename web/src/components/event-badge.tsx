import { useEffect, useState } from 'react';
import { Radio } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { eventBadge, eventBadgeTexts, type EventBadge, type OnAirState } from '@common/event-badge';
import type { LiveBadgeOutput } from '@server/domains/live/live.schemas';
import { cx } from '@web/components/cx';
import { trpc } from '@web/lib/trpc';

/** How often the badges ask the server again (a creator going live or stopping shows within this). */
const badgePollMs = 15_000;
/** How often the clock behind the time rules ("Starting soon", "Ended") ticks. */
const clockTickMs = 30_000;

interface Timed {
  id: string;
  startDateTime: string | null;
  endDateTime: string | null;
}

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * The badge of each event (common/event-badge.ts), fed by the server's on-air state (`live.badges`, polled). `onAir`
 * overrides the polled state of one event (the event page's live status subscription, heard at once).
 */
export function useEventBadges(events: readonly Timed[], overrides: Record<string, OnAirState | undefined> = {}): Map<string, EventBadge> {
  const eventIds = events.map((event) => event.id).slice(0, 100);
  const answer = trpc.live.badges.useQuery({ eventIds }, { enabled: eventIds.length > 0, retry: false, refetchInterval: badgePollMs, staleTime: 5_000 });
  const now = useNow(clockTickMs);
  const known = new Map<string, LiveBadgeOutput>((answer.data ?? []).map((row) => [row.eventId, row]));
  const badges = new Map<string, EventBadge>();
  for (const event of events) {
    const row = known.get(event.id);
    const onAir = overrides[event.id] ?? row?.onAir ?? 'offline';
    badges.set(event.id, eventBadge({ startDateTime: event.startDateTime, endDateTime: event.endDateTime, onAir, streamProvider: row?.streamProvider ?? null }, now));
  }
  return badges;
}

const styles: Record<Exclude<EventBadge['kind'], 'scheduled'>, string> = {
  live: 'bg-red-600 text-white font-semibold uppercase',
  'starting-soon': 'bg-amber-100 text-amber-900 font-medium',
  external: 'bg-sky-100 text-sky-900 font-medium',
  ended: 'bg-slate-200 text-slate-700 font-medium',
};

/** The provider an external badge names ("Streaming from YouTube" → "YouTube"). */
const streamingFromPrefix = eventBadgeTexts.streamingFrom('');

/** The badge as a pill (nothing for a scheduled event: the page shows its start time), in the reader's language. */
export function EventBadgePill({ badge, className }: { badge: EventBadge | undefined; className?: string }) {
  const { t } = useLingui();
  if (!badge || badge.kind === 'scheduled') return null;
  const provider = badge.text.startsWith(streamingFromPrefix) ? badge.text.slice(streamingFromPrefix.length) : badge.text;
  const text = { live: t`LIVE`, 'starting-soon': t`Starting soon`, ended: t`Ended`, external: t`Streaming from ${provider}` }[badge.kind];
  return (
    <span data-testid="event-badge" data-kind={badge.kind} className={cx('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs', styles[badge.kind], className)}>
      {badge.kind === 'live' && <Radio className="size-3" aria-hidden />}
      {text}
    </span>
  );
}
