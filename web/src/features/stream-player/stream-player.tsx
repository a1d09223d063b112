import { useEffect, useMemo, useRef, useState } from 'react';
import { CalendarClock, Eye, Radio, RadioTower, Film, Zap } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { EventStreamOutput } from '@server/domains/events/events.schemas';
import type { LiveStatusOutput } from '@server/domains/live/live.schemas';
import { cx } from '@web/components/cx';
import { Spinner } from '@web/components/spinner';
import { MediaVideo } from './media-video';
import { playerView, retryDelayMs, streamIdentity, type PlayerView, type StreamSchedule } from './stream-state';
import { playbackTokenOf, whepUrlOf } from './whep-client';
import { WhepVideo } from './whep-video';

export interface StreamPlayerProps {
  /** The `events.stream` answer (undefined while it loads). */
  stream: EventStreamOutput | undefined;
  /** `events.stream` failed: nothing to play. */
  streamFailed?: boolean;
  /** The live status (`live.status` / `live.onStatus`): the LIVE badge, the viewer count, "ended". */
  status?: LiveStatusOutput;
  /** The event's window: "Starting soon" before its start. */
  schedule?: StreamSchedule;
  title: string;
  /** Asked when the player gave up and tries again (e.g. refetch `events.stream`). */
  onRetry?(): void;
  /** Smaller texts (the player above /chats, the Go live preview). */
  compact?: boolean;
  className?: string;
}

const messageIcons = { 'starting-soon': CalendarClock, offline: RadioTower, ended: Film } as const;
/** The player's state messages (the English texts are `liveMessages`' own, which `playerView` answers with). */
const messageTexts = {
  'starting-soon': msg`Starting soon`,
  offline: msg`Stream offline — it will start here when the creator goes live`,
  ended: msg`The stream has ended`,
} as const;

function StateMessage({ view, compact }: { view: Extract<PlayerView, { view: 'message' }>; compact: boolean }) {
  const { i18n } = useLingui();
  const Icon = messageIcons[view.reason];
  return (
    <div
      role="status"
      data-testid="stream-state"
      data-state={view.reason}
      className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-gradient-to-br from-slate-800 to-orange-950 p-4 text-center text-orange-100"
    >
      <Icon className={cx('text-orange-300', compact ? 'size-7' : 'size-10')} aria-hidden />
      <p className={cx('max-w-md font-medium text-balance', compact ? 'text-sm' : 'text-base sm:text-lg')}>{i18n._(messageTexts[view.reason])}</p>
    </div>
  );
}

function LiveBadge({ viewers, lowLatency }: { viewers: number | null | undefined; lowLatency: boolean }) {
  return (
    <div className="pointer-events-none absolute start-2 top-2 flex flex-wrap items-center gap-1.5" data-testid="live-badge">
      <span className="inline-flex items-center gap-1 rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold tracking-wide text-white">
        <Radio className="size-3" aria-hidden />
        <Trans>LIVE</Trans>
      </span>
      {lowLatency && (
        <span className="inline-flex items-center gap-1 rounded bg-emerald-600 px-1.5 py-0.5 text-xs font-semibold text-white" data-testid="low-latency">
          <Zap className="size-3" aria-hidden />
          <Trans>Low latency</Trans>
        </span>
      )}
      {viewers !== null && viewers !== undefined && (
        <span className="inline-flex items-center gap-1 rounded bg-black/60 px-1.5 py-0.5 text-xs font-medium text-white" data-testid="viewer-count">
          <Eye className="size-3" aria-hidden />
          <Plural value={viewers} one="# watching" other="# watching" />
        </span>
      )}
    </div>
  );
}

/**
 * The one stream player of every page that shows a stream (event page, embed, /chats, the Go live preview): our HLS
 * (live) or replay file, an external YouTube/Twitch/Vimeo/embed iframe, or the state's message ("Starting soon",
 * "Stream offline…", "The stream has ended"); never a black player at 0:00. A player that gave up tries again on its own.
 * A live stream the server also offers over WHEP plays over WebRTC first ("Low latency"); when that is refused, shows
 * no picture in time or drops, the player goes on with HLS by itself, until the live state changes.
 */
export function StreamPlayer({ stream, streamFailed = false, status, schedule, title, onRetry, compact = false, className }: StreamPlayerProps) {
  const { t } = useLingui();
  /** The stream (URL without its token) whose playback gave up, how many times in a row, and the player's generation. */
  const [failedIdentity, setFailedIdentity] = useState<string | null>(null);
  const [failures, setFailures] = useState(0);
  const [generation, setGeneration] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  /** The WHEP URL that fell back to HLS, and the one that shows a picture now. */
  const [whepFailedFor, setWhepFailedFor] = useState<string | null>(null);
  const [whepPlayingFor, setWhepPlayingFor] = useState<string | null>(null);
  const absoluteUrl = stream?.url && stream.kind !== 'iframe' ? new URL(stream.url, window.location.href).toString() : null;
  const streamKey = absoluteUrl ? streamIdentity(absoluteUrl) : '';
  const playbackFailed = failedIdentity !== null && failedIdentity === streamKey;

  const view = useMemo(
    () =>
      playerView({
        stream,
        streamFailed,
        playbackFailed,
        status,
        schedule,
        parentHost: window.location.hostname,
        base: window.location.href,
        now,
      }),
    [stream, streamFailed, playbackFailed, status, schedule, now],
  );

  // "Starting soon" turns into "offline" at the start time, "ended" at the end: look at the clock now and then.
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);

  const onRetryRef = useRef(onRetry);
  useEffect(() => {
    onRetryRef.current = onRetry;
  });

  // A player that gave up tries again (the playlist may not exist yet, the creator may reconnect), backing off.
  useEffect(() => {
    if (!playbackFailed) return;
    const timer = window.setTimeout(() => {
      setFailedIdentity(null);
      setGeneration((value) => value + 1);
      onRetryRef.current?.();
    }, retryDelayMs(failures - 1));
    return () => window.clearTimeout(timer);
  }, [playbackFailed, failures]);

  // The live state changed (the creator went live, or stopped): a failed player gets a fresh chance at once.
  const liveState = status?.state;
  const seenState = useRef(liveState);
  const failedNow = useRef(playbackFailed);
  useEffect(() => {
    failedNow.current = playbackFailed;
  });
  useEffect(() => {
    if (seenState.current === liveState) return;
    seenState.current = liveState;
    setFailures(0);
    setWhepFailedFor(null);
    if (!failedNow.current) return;
    setFailedIdentity(null);
    setGeneration((value) => value + 1);
  }, [liveState]);

  const onFatal = () => {
    setFailedIdentity(streamKey);
    setFailures((value) => value + 1);
  };
  const onPlaying = () => setFailures(0);

  const media = view.view === 'hls' || view.view === 'video' ? view : null;
  const live = view.view === 'hls' && view.live;
  const whepUrl = live ? whepUrlOf(stream) : null;
  const webrtc = whepUrl !== null && whepFailedFor !== whepUrl ? whepUrl : null;
  return (
    <div
      className={cx('relative overflow-hidden bg-black', className ?? 'aspect-video w-full rounded-xl')}
      data-testid="stream-player"
      data-view={view.view === 'message' ? view.reason : view.view}
    >
      {view.view === 'iframe' ? (
        <iframe
          src={view.source.embedUrl}
          title={title}
          className="size-full border-0"
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          data-testid="stream-iframe"
          data-provider={view.source.provider}
        />
      ) : webrtc ? (
        <WhepVideo
          key={`${webrtc}:${generation}`}
          url={webrtc}
          token={playbackTokenOf(stream?.url, window.location.href)}
          title={title}
          onFallback={() => {
            setWhepPlayingFor(null);
            setWhepFailedFor(webrtc);
          }}
          onPlaying={() => {
            setWhepPlayingFor(webrtc);
            onPlaying();
          }}
        />
      ) : (
        // Kept mounted under a state message once it exists, so a recovering stream does not rebuild the page.
        (media || (playbackFailed && absoluteUrl)) && (
          <MediaVideo
            key={`${streamKey}:${generation}`}
            url={media?.url ?? absoluteUrl!}
            kind={stream?.kind === 'video' ? 'video' : 'hls'}
            title={title}
            onFatal={onFatal}
            onPlaying={onPlaying}
          />
        )
      )}
      {view.view === 'loading' && <Spinner label={t`Loading stream`} className="absolute inset-0" />}
      {view.view === 'message' && <StateMessage view={view} compact={compact} />}
      {live && <LiveBadge viewers={status?.viewers} lowLatency={webrtc !== null && whepPlayingFor === webrtc} />}
      {view.view === 'video' && (
        <div className="pointer-events-none absolute start-2 top-2 rounded bg-black/60 px-1.5 py-0.5 text-xs font-medium text-white" data-testid="replay-badge">
          <Trans>Replay</Trans>
        </div>
      )}
    </div>
  );
}
