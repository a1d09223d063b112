import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '@lingui/core/macro';
import type { HealthRow } from './live-format';
import { browserHealthRows, sampleFromStats, type SendSample } from './media-health';
import { startWhip, WhipRefusal, type Quality, type WhipSession } from './whip-client';

export type PublishState = 'idle' | 'starting' | 'live' | 'stopping';

/** The health panel reads the sender's counters this often. */
const statsEveryMs = 2_000;

/** The publish's messages, in the active locale. */
export const publishMessages = {
  get failed() {
    return t`The stream could not be started. Please try again.`;
  },
  get lost() {
    return t`The connection to the server was lost: your stream stopped. Start again when you are back online.`;
  },
  get leave() {
    return t`You are live from this page: leaving it ends your stream.`;
  },
};

/**
 * One WHIP publish of the Go live page: Start (with the creator's stream key), Stop (DELETE, the stream ends), the
 * server's refusal text, and the health rows from getStats every 2 s. A new stream or quality goes to the running
 * session; a lost connection stops it; leaving the page (unmount) ends it.
 */
export function useWhipPublish({ streamKey, stream, quality, onChange }: { streamKey: string; stream: MediaStream | null; quality: Quality; onChange?(): void }) {
  const [state, setState] = useState<PublishState>('idle');
  const [error, setError] = useState<string | null>(null);
  const [health, setHealth] = useState<HealthRow[] | null>(null);
  const session = useRef<WhipSession | null>(null);
  /** Bumped by every Start and Stop: an answer that arrives after its attempt was abandoned is stopped at once. */
  const attempt = useRef(0);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const stop = useCallback(async (reason: string | null = null) => {
    attempt.current += 1;
    const current = session.current;
    session.current = null;
    setHealth(null);
    if (reason) setError(reason);
    if (!current) {
      setState('idle');
      return;
    }
    setState('stopping');
    await current.stop();
    setState('idle');
    onChangeRef.current?.();
  }, []);

  const start = useCallback(
    async (media: MediaStream) => {
      const mine = ++attempt.current;
      setError(null);
      setState('starting');
      try {
        const started = await startWhip({ stream: media, streamKey, quality });
        if (mine !== attempt.current) {
          void started.stop();
          return;
        }
        session.current = started;
        started.pc.addEventListener('connectionstatechange', () => {
          if (session.current === started && started.pc.connectionState === 'failed') void stop(publishMessages.lost);
        });
        setState('live');
        onChangeRef.current?.();
      } catch (failure) {
        if (mine !== attempt.current) return;
        setError(failure instanceof WhipRefusal ? failure.message : publishMessages.failed);
        setState('idle');
      }
    },
    [streamKey, quality, stop],
  );

  // A new camera, microphone or screen, or a new quality, while live: the same session sends it.
  useEffect(() => {
    if (state === 'live' && stream) void session.current?.replaceTracks(stream).catch(() => undefined);
  }, [state, stream]);
  useEffect(() => {
    if (state === 'live') void session.current?.setQuality(quality).catch(() => undefined);
  }, [state, quality]);

  useEffect(() => {
    const current = session.current;
    if (state !== 'live' || !current) return;
    const startedAt = Date.now();
    let first: SendSample | null = null;
    let previous: SendSample | null = null;
    const read = async () => {
      const report = await current.pc.getStats().catch(() => null);
      if (!report || session.current !== current) return;
      const sample = sampleFromStats(report as unknown as Parameters<typeof sampleFromStats>[0]);
      first ??= sample;
      setHealth(browserHealthRows({ previous, current: sample, first, startedAt }));
      previous = sample;
    };
    void read();
    const timer = window.setInterval(() => void read(), statsEveryMs);
    return () => window.clearInterval(timer);
  }, [state]);

  // Leaving the page ends the stream (the page asked first, see useLeaveGuard): an in-app move unmounts, a closed or
  // reloaded tab only fires pagehide (the DELETE goes out with keepalive).
  useEffect(() => {
    const end = () => {
      attempt.current += 1;
      void session.current?.stop();
      session.current = null;
    };
    window.addEventListener('pagehide', end);
    return () => {
      window.removeEventListener('pagehide', end);
      end();
    };
  }, []);

  return { state, error, health, start, stop, clearError: () => setError(null) };
}

/**
 * While `active`, leaving the page asks first: closing or reloading the tab (beforeunload) and moving elsewhere in
 * the app (wouter navigates with history.pushState, which this wraps while active; "Cancel" stays on the page).
 */
export function useLeaveGuard(active: boolean, message: string = publishMessages.leave): void {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = message;
      return message;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    const original = window.history.pushState;
    const guarded: History['pushState'] = function (this: History, ...args) {
      if (!window.confirm(message)) return;
      original.apply(this, args);
    };
    window.history.pushState = guarded;
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      if (window.history.pushState === guarded) window.history.pushState = original;
    };
  }, [active, message]);
}
