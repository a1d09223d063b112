import { useEffect, useRef } from 'react';
import { firstFrameTimeoutMs, startWhep } from './whep-client';

interface WhepVideoProps {
  /** `/live/whep/<eventId>` */
  url: string;
  /** The viewer's live playback token (null for a free event). A new token opens a new session on the same <video>. */
  token: string | null;
  title: string;
  /** WebRTC did not work out (refused, no picture in time, connection lost): the player goes on with HLS. */
  onFallback(): void;
  /** The first picture arrived: the player shows "Low latency". */
  onPlaying(): void;
}

/** How long a "disconnected" connection may stay so before the player stops waiting for it to come back. */
const disconnectedGraceMs = 3_000;

/**
 * The `<video>` of a WHEP session: muted autoplay with controls, as the HLS player starts. The session is deleted on
 * unmount; a new token (premium playback tokens expire) opens the next session on the same element, so an unmuted
 * viewer stays unmuted.
 */
export function WhepVideo({ url, token, title, onFallback, onPlaying }: WhepVideoProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const callbacks = useRef({ onFallback, onPlaying });
  useEffect(() => {
    callbacks.current = { onFallback, onPlaying };
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let disposed = false;
    let stopSession: (() => void) | undefined;
    let firstFrame: number | undefined;
    let disconnected: number | undefined;
    const fallBack = () => {
      if (disposed) return;
      disposed = true;
      window.clearTimeout(firstFrame);
      window.clearTimeout(disconnected);
      stopSession?.();
      callbacks.current.onFallback();
    };
    const onFrame = () => {
      window.clearTimeout(firstFrame);
      if (!disposed) callbacks.current.onPlaying();
    };

    startWhep(url, token)
      .then((session) => {
        if (disposed) return session.stop();
        stopSession = session.stop;
        session.pc.addEventListener('connectionstatechange', () => {
          const state = session.pc.connectionState;
          if (state === 'failed' || state === 'closed') fallBack();
          else if (state === 'disconnected') disconnected = window.setTimeout(fallBack, disconnectedGraceMs);
          else window.clearTimeout(disconnected);
        });
        // Ended tracks: the server closed the session (the stream stopped, the token expired).
        session.stream.addEventListener('removetrack', fallBack);
        firstFrame = window.setTimeout(fallBack, firstFrameTimeoutMs);
        video.srcObject = session.stream;
        // A picture, not just a started element: the first decoded frame (requestVideoFrameCallback where there is one).
        if (typeof video.requestVideoFrameCallback === 'function') video.requestVideoFrameCallback(onFrame);
        else video.addEventListener('loadeddata', onFrame, { once: true });
        void video.play().catch(() => undefined);
      })
      .catch(fallBack);

    return () => {
      disposed = true;
      window.clearTimeout(firstFrame);
      window.clearTimeout(disconnected);
      video.removeEventListener('loadeddata', onFrame);
      stopSession?.();
      video.srcObject = null;
    };
  }, [url, token]);

  return <video ref={videoRef} className="size-full bg-black" controls playsInline muted autoPlay title={title} data-testid="stream-video" data-transport="webrtc" />;
}
