/**
 * The badge an event shows wherever it is listed (event page, calendar, `/m/{tag}/`, `/c/{tag}`, the creator's event
 * list). It follows the stream, not the schedule: LIVE only while Cuepoint's own ingest is on air for the event (the
 * live domain's state, which stays `live` through the ingest's reconnect grace). Pure: the server and the web use it.
 */

/** What the live domain knows of the event's own stream (`live.status`'s `state`). */
export type OnAirState = 'offline' | 'live' | 'ended';

export interface EventBadgeInput {
  startDateTime: string | null;
  endDateTime: string | null;
  /** Our own ingest for this event: on air now (`live`), a session that has ended (`ended`), never (`offline`). */
  onAir: OnAirState;
  /** The external source the event's player plays (a provider name, never a URL), or null. */
  streamProvider: string | null;
}

export type EventBadge =
  | { kind: 'live'; text: 'LIVE' }
  | { kind: 'starting-soon'; text: 'Starting soon' }
  | { kind: 'external'; text: string }
  | { kind: 'ended'; text: 'Ended' }
  /** Before "Starting soon" (or no time yet): the page shows the start time as it formats it. */
  | { kind: 'scheduled'; text: null };

/** "Starting soon" from this many minutes before the start until on air. */
export const startingSoonMinutes = 15;

export const eventBadgeTexts = {
  live: 'LIVE',
  startingSoon: 'Starting soon',
  ended: 'Ended',
  streamingFrom: (provider: string) => `Streaming from ${provider}`,
} as const;

/** The names an external source is shown with (`parseStreamValue`'s kinds and providers). */
export const streamProviderNames = {
  youtube: 'YouTube',
  twitch: 'Twitch',
  vimeo: 'Vimeo',
  embed: 'an embedded player',
  hls: 'HLS',
} as const;

/**
 * LIVE while on air (whatever the schedule says: an early start or an overrun is live); else "Ended" once the end
 * has passed, or once our own stream of the event has ended after its start; "Streaming from {provider}" during the
 * scheduled time of an event played from an external source; "Starting soon" from 15 minutes before the start until
 * the end; the start time before that (and for an event without a time).
 */
export function eventBadge(input: EventBadgeInput, now: number = Date.now()): EventBadge {
  if (input.onAir === 'live') return { kind: 'live', text: eventBadgeTexts.live };
  const start = input.startDateTime ? Date.parse(input.startDateTime) : NaN;
  const end = input.endDateTime ? Date.parse(input.endDateTime) : NaN;
  if (Number.isNaN(start)) return { kind: 'scheduled', text: null };
  if (!Number.isNaN(end) && end <= now) return { kind: 'ended', text: eventBadgeTexts.ended };
  if (input.onAir === 'ended' && start <= now) return { kind: 'ended', text: eventBadgeTexts.ended };
  if (input.streamProvider && start <= now) return { kind: 'external', text: eventBadgeTexts.streamingFrom(input.streamProvider) };
  if (start - startingSoonMinutes * 60_000 <= now) return { kind: 'starting-soon', text: eventBadgeTexts.startingSoon };
  return { kind: 'scheduled', text: null };
}
