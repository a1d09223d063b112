import { useEffect, useRef } from 'react';
import { streamIdentity, withLatestToken } from './stream-state';

interface MediaVideoProps {
  /** The latest signed URL; a new token for the same stream never reloads the player. */
  url: string;
  kind: 'hls' | 'video';
  title: string;
  /** The media cannot be played (a fatal hls.js error, a 404 playlist, a broken file). */
  onFatal(): void;
  onPlaying?(): void;
}

const hlsMime = 'application/vnd.apple.mpegurl';

/**
 * The `<video>` of our own streams: HLS through hls.js (loaded on demand), Safari's native HLS where hls.js cannot run
 * (no Media Source), a replay file with a plain `src`. hls.js is created once per stream: every playlist and segment
 * request takes the token of the latest signed URL (xhrSetup), so a token refresh never interrupts playback. Where the
 * browser itself fetches (native HLS, a replay file) the URL is swapped only when the old one stops opening, at the same time.
 */
export function MediaVideo({ url, kind, title, onFatal, onPlaying }: MediaVideoProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const latestUrl = useRef(url);
  const onFatalRef = useRef(onFatal);
  useEffect(() => {
    latestUrl.current = url;
    onFatalRef.current = onFatal;
  });
  const identity = streamIdentity(url);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let disposed = false;
    const fail = () => !disposed && onFatalRef.current();

    /** The browser fetches: on an error, try the latest URL once (a refreshed token) from where playback was. */
    const playNatively = () => {
      let usedUrl = latestUrl.current;
      const onError = () => {
        if (disposed) return;
        if (latestUrl.current !== usedUrl) {
          const at = video.currentTime;
          usedUrl = latestUrl.current;
          video.src = usedUrl;
          if (kind === 'video' && at > 0) video.currentTime = at;
          void video.play().catch(() => undefined);
          return;
        }
        fail();
      };
      video.addEventListener('error', onError);
      video.src = usedUrl;
      void video.play().catch(() => undefined);
      return () => {
        video.removeEventListener('error', onError);
        video.removeAttribute('src');
        video.load();
      };
    };

    if (kind === 'video') {
      const stop = playNatively();
      return () => {
        disposed = true;
        stop();
      };
    }

    let destroy: (() => void) | undefined;
    void import('hls.js')
      .then(({ default: Hls }) => {
        if (disposed) return;
        if (!Hls.isSupported()) {
          if (video.canPlayType(hlsMime)) destroy = playNatively();
          else fail();
          return;
        }
        const hls = new Hls({
          lowLatencyMode: true,
          // Each request (playlist reloads, segments) carries the newest token: the player is never rebuilt for one.
          xhrSetup: (xhr, requestUrl) => {
            const rewritten = withLatestToken(requestUrl, latestUrl.current);
            if (rewritten !== requestUrl) xhr.open('GET', rewritten, true);
          },
        });
        hls.on(Hls.Events.MANIFEST_PARSED, () => void video.play().catch(() => undefined));
        let mediaRecoveries = 0;
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          if (data.type === Hls.ErrorTypes.MEDIA_ERROR && mediaRecoveries < 2) {
            mediaRecoveries += 1;
            hls.recoverMediaError();
            return;
          }
          fail();
        });
        hls.loadSource(latestUrl.current);
        hls.attachMedia(video);
        destroy = () => hls.destroy();
      })
      .catch(fail);
    return () => {
      disposed = true;
      destroy?.();
    };
    // The player is rebuilt for another stream only, never for a new token of the same one.
  }, [identity, kind]);

  return (
    <video
      ref={videoRef}
      className="size-full bg-black"
      controls
      playsInline
      muted
      autoPlay
      title={title}
      data-testid="stream-video"
      onPlaying={onPlaying}
    />
  );
}
