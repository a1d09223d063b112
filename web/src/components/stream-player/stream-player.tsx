import { useEffect, useMemo, useRef, useState } from 'react';
import type { EventStreamOutput } from '@server/domains/events/events.schemas';
import { parseStreamValue, type StreamSource } from '@server/domains/events/stream';
import placeholderImage from './stream-placeholder.svg';

/** Plays an HLS stream: natively where the browser can (Safari), otherwise through hls.js (loaded on demand). */
function HlsPlayer({ url, title }: { url: string; title: string }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    setFailed(false);
    if (video.canPlayType('application/vnd.apple.mpegurl')) {
      video.src = url;
      return () => video.removeAttribute('src');
    }
    let destroyed = false;
    let destroy: (() => void) | undefined;
    void import('hls.js').then(({ default: Hls }) => {
      if (destroyed) return;
      if (!Hls.isSupported()) return setFailed(true);
      const hls = new Hls({ lowLatencyMode: true });
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) setFailed(true);
      });
      hls.loadSource(url);
      hls.attachMedia(video);
      destroy = () => hls.destroy();
    });
    return () => {
      destroyed = true;
      destroy?.();
    };
  }, [url]);

  return (
    <div className="relative size-full">
      <video ref={videoRef} className="size-full bg-black" controls playsInline muted autoPlay title={title} data-testid="stream-video" />
      {failed && (
        <p role="status" className="absolute inset-x-0 bottom-12 mx-auto w-fit rounded bg-black/70 px-3 py-1 text-sm text-white">
          The stream cannot be played right now.
        </p>
      )}
    </div>
  );
}

function StreamContent({ source, title }: { source: StreamSource; title: string }) {
  if (source.kind === 'hls') return <HlsPlayer url={source.url} title={title} />;
  if (source.kind === 'iframe') {
    return (
      <iframe
        src={source.embedUrl}
        title={title}
        className="size-full border-0"
        allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        data-testid="stream-iframe"
        data-provider={source.provider}
      />
    );
  }
  return <img src={placeholderImage} alt="No stream yet" className="size-full object-cover" data-testid="stream-placeholder" />;
}

/** The player source of an `events.stream` answer; our own playlists come as URLs relative to this site. */
export function streamSource(stream: EventStreamOutput | undefined, parentHost: string, base: string): StreamSource {
  if (!stream?.url || stream.kind === 'none') return { kind: 'none' };
  if (stream.kind === 'hls') return { kind: 'hls', url: new URL(stream.url, base).toString() };
  return parseStreamValue(stream.url, { parentHost });
}

/** The 16:9 stream frame of an event (platform.md §2): HLS video, a YouTube/Twitch/Vimeo/embed iframe, or the placeholder image. */
export function StreamFrame({ stream, title, className }: { stream: EventStreamOutput | undefined; title: string; className?: string }) {
  const source = useMemo(() => streamSource(stream, window.location.hostname, window.location.href), [stream]);
  return (
    <div className={className ?? 'aspect-video w-full overflow-hidden rounded-xl bg-black'}>
      <StreamContent source={source} title={title} />
    </div>
  );
}
