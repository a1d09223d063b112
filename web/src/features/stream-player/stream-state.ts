/**
 * What a stream player shows, decided from the `events.stream` answer, the live status and the event's schedule.
 * Pure (no DOM, no React): the player renders from it and the unit tests check it.
 */
import type { EventStreamOutput } from '@server/domains/events/events.schemas';
import { parseStreamValue, type StreamSource } from '@common/stream-url';
import { liveMessages, type LiveStatusOutput } from '@server/domains/live/live.schemas';

export interface StreamSchedule {
  startDateTime: string | null;
  endDateTime: string | null;
}

export type PlayerView =
  | { view: 'loading' }
  | { view: 'message'; reason: 'starting-soon' | 'offline' | 'ended'; text: string }
  | { view: 'hls'; url: string; live: boolean }
  | { view: 'video'; url: string }
  | { view: 'iframe'; source: Extract<StreamSource, { kind: 'iframe' }> };

export interface PlayerViewInput {
  stream: EventStreamOutput | undefined;
  /** `events.stream` failed (a 403/404/network error): nothing to play. */
  streamFailed: boolean;
  /** The media element gave up (a 404 playlist, a fatal hls.js error). */
  playbackFailed: boolean;
  status: LiveStatusOutput | undefined;
  schedule: StreamSchedule | undefined;
  /** The host name of this page (Twitch needs it) and the page URL our relative stream URLs resolve against. */
  parentHost: string;
  base: string;
  now?: number;
}

/** The player source of an `events.stream` answer; our own playlists and replays come as URLs relative to this site. */
export function streamSource(stream: EventStreamOutput | undefined, parentHost: string, base: string): StreamSource | { kind: 'video'; url: string } {
  if (!stream?.url || stream.kind === 'none') return { kind: 'none' };
  if (stream.kind === 'hls') return { kind: 'hls', url: new URL(stream.url, base).toString() };
  if (stream.kind === 'video') return { kind: 'video', url: new URL(stream.url, base).toString() };
  return parseStreamValue(stream.url, { parentHost });
}

/** Nothing to play: "Starting soon" before a scheduled start, "ended" once the stream or the event is over, else offline. */
export function idleMessage(status: LiveStatusOutput | undefined, schedule: StreamSchedule | undefined, now = Date.now()): Extract<PlayerView, { view: 'message' }> {
  const start = schedule?.startDateTime ? Date.parse(schedule.startDateTime) : NaN;
  const end = schedule?.endDateTime ? Date.parse(schedule.endDateTime) : NaN;
  if (status?.state === 'ended' || (Number.isFinite(end) && end <= now)) return { view: 'message', reason: 'ended', text: liveMessages.ended };
  if (status?.state !== 'live' && Number.isFinite(start) && start > now) return { view: 'message', reason: 'starting-soon', text: liveMessages.startingSoon };
  return { view: 'message', reason: 'offline', text: liveMessages.offline };
}

/** The one view of the player: a message (never a black player at 0:00 when nothing plays), HLS, a replay file or an iframe. */
export function playerView(input: PlayerViewInput): PlayerView {
  const { stream, streamFailed, playbackFailed, status, schedule, parentHost, base, now } = input;
  if (!stream && !streamFailed) return { view: 'loading' };
  const source = streamFailed ? ({ kind: 'none' } as const) : streamSource(stream, parentHost, base);
  if (source.kind === 'iframe') return { view: 'iframe', source };
  if (source.kind === 'none' || playbackFailed) return idleMessage(status, schedule, now);
  if (source.kind === 'video') return { view: 'video', url: source.url };
  // LIVE is our own ingest on air (our playlists come as site-relative URLs); an external source is never LIVE.
  const ownOnAir = !!stream?.live && !!stream.url?.startsWith('/');
  return { view: 'hls', url: source.url, live: ownOnAir || status?.state === 'live' };
}

/** A URL without its `token` parameter: the same stream whatever signed token it carries. */
export function streamIdentity(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.searchParams.delete('token');
    return parsed.toString();
  } catch {
    return url;
  }
}

/**
 * A request of the player (playlist or segment) with the token of the latest signed URL, so a refreshed token is used
 * without reloading the player. Only requests to the latest URL's own site that already carry a token are touched.
 */
export function withLatestToken(requestUrl: string, latestUrl: string): string {
  try {
    const request = new URL(requestUrl);
    const latest = new URL(latestUrl);
    const token = latest.searchParams.get('token');
    if (!token || request.origin !== latest.origin || !request.searchParams.has('token')) return requestUrl;
    if (request.searchParams.get('token') === token) return requestUrl;
    request.searchParams.set('token', token);
    return request.toString();
  } catch {
    return requestUrl;
  }
}

/** A `live.onStatus` item: the status itself, or tRPC's `{ id, data }` of a tracked event. */
export function statusOfUpdate(update: unknown): LiveStatusOutput | undefined {
  if (!update || typeof update !== 'object') return undefined;
  if ('state' in update) return update as LiveStatusOutput;
  if ('data' in update) return statusOfUpdate((update as { data: unknown }).data);
  return undefined;
}

/** Retry a player that gave up after this long (doubling, at most 30 s): the stream may come (back) any moment. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000, 4_000 * 2 ** Math.max(0, attempt));
}
