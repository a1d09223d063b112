import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '@lingui/core/macro';
import { cameraConstraints, defaultQuality, microphoneConstraints, qualityPresets, screenConstraints, type Facing, type Quality, type Source } from './whip-client';

export interface MediaChoice {
  source: Source;
  /** A picked device, or null for the browser's default (the camera facing `facing`). */
  cameraId: string | null;
  microphoneId: string | null;
  facing: Facing;
  quality: Quality;
}

export interface DeviceLists {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
}

/** Why the camera, microphone or screen could not be used, in the active locale. */
export const mediaMessages = {
  get insecure() {
    return t`Your browser allows the camera only on a secure (https) page: open Cuepoint over https to go live from here.`;
  },
  get blocked() {
    return t`Camera or microphone access is blocked: allow it in your browser’s address bar, then try again.`;
  },
  get screenCancelled() {
    return t`Screen sharing was cancelled or blocked: choose a screen, window or tab to share.`;
  },
  get notFound() {
    return t`No camera or microphone was found: plug one in, or share your screen.`;
  },
  get busy() {
    return t`The camera or microphone is in use by another app: close it and try again.`;
  },
  get unusable() {
    return t`This camera cannot give that picture: pick another camera or a lower quality.`;
  },
  get failed() {
    return t`The camera or microphone could not be started. Please try again.`;
  },
  get screenEnded() {
    return t`Screen sharing ended.`;
  },
  get cameraEnded() {
    return t`The camera stopped (unplugged or taken by another app).`;
  },
};

/** The message for a failed getUserMedia/getDisplayMedia (a DOMException's name says what went wrong). */
export function captureFailureMessage(error: unknown, source: Source): string {
  const name = error && typeof error === 'object' && 'name' in error ? String((error as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return source === 'screen' ? mediaMessages.screenCancelled : mediaMessages.blocked;
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError') return mediaMessages.notFound;
  if (name === 'NotReadableError' || name === 'TrackStartError') return mediaMessages.busy;
  if (name === 'OverconstrainedError') return mediaMessages.unusable;
  return mediaMessages.failed;
}

function stopAll(stream: MediaStream | null) {
  stream?.getTracks().forEach((track) => track.stop());
}

async function capture(choice: MediaChoice): Promise<MediaStream> {
  const devices = navigator.mediaDevices;
  if (choice.source === 'camera') return devices.getUserMedia(cameraConstraints(choice.quality, choice));
  const screen = await devices.getDisplayMedia(screenConstraints(choice.quality));
  try {
    const microphone = await devices.getUserMedia({ audio: microphoneConstraints(choice.microphoneId), video: false });
    screen.getVideoTracks().forEach((track) => (track.contentHint = 'detail'));
    return new MediaStream([...screen.getVideoTracks(), ...microphone.getAudioTracks()]);
  } catch (error) {
    stopAll(screen);
    throw error;
  }
}

/**
 * The camera and microphone (or a shared screen with the microphone) of a browser publish: the choice, the device
 * lists (labels once allowed), the captured stream while it is on, and the message when capture fails. A new device,
 * source or facing captures again; a new quality changes the running video track in place.
 */
export function useBrowserMedia() {
  const [choice, setChoice] = useState<MediaChoice>({ source: 'camera', cameraId: null, microphoneId: null, facing: 'user', quality: defaultQuality });
  const [on, setOn] = useState(false);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [devices, setDevices] = useState<DeviceLists>({ cameras: [], microphones: [] });
  const [error, setError] = useState<string | null>(null);
  const [capturing, setCapturing] = useState(false);
  const streamRef = useRef<MediaStream | null>(null);
  const qualityRef = useRef(choice.quality);
  qualityRef.current = choice.quality;

  const refreshDevices = useCallback(async () => {
    const all = await navigator.mediaDevices?.enumerateDevices().catch(() => []);
    if (!all) return;
    setDevices({ cameras: all.filter((device) => device.kind === 'videoinput'), microphones: all.filter((device) => device.kind === 'audioinput') });
  }, []);

  useEffect(() => {
    void refreshDevices();
    const devicesApi = navigator.mediaDevices;
    devicesApi?.addEventListener('devicechange', refreshDevices);
    return () => devicesApi?.removeEventListener('devicechange', refreshDevices);
  }, [refreshDevices]);

  const replaceStream = useCallback((next: MediaStream | null) => {
    if (streamRef.current !== next) stopAll(streamRef.current);
    streamRef.current = next;
    setStream(next);
  }, []);

  const { source, cameraId, microphoneId, facing } = choice;
  useEffect(() => {
    if (!on) {
      setCapturing(false);
      return;
    }
    if (!navigator.mediaDevices) {
      setError(mediaMessages.insecure);
      setOn(false);
      return;
    }
    let cancelled = false;
    setCapturing(true);
    setError(null);
    // One camera at a time: phones cannot open the front and the back camera together.
    if (source === 'camera') replaceStream(null);
    capture({ source, cameraId, microphoneId, facing, quality: qualityRef.current })
      .then((next) => {
        if (cancelled) return stopAll(next);
        next.getVideoTracks()[0]?.addEventListener('ended', () => {
          if (streamRef.current !== next) return;
          replaceStream(null);
          setOn(false);
          setError(source === 'screen' ? mediaMessages.screenEnded : mediaMessages.cameraEnded);
        });
        replaceStream(next);
        void refreshDevices();
      })
      .catch((failure: unknown) => {
        if (cancelled) return;
        setError(captureFailureMessage(failure, source));
        setOn(false);
      })
      .finally(() => !cancelled && setCapturing(false));
    return () => {
      cancelled = true;
    };
  }, [on, source, cameraId, microphoneId, facing, replaceStream, refreshDevices]);

  // A new quality: the running camera or screen track takes the new size and frame rate without asking again.
  useEffect(() => {
    const preset = qualityPresets[choice.quality];
    const track = streamRef.current?.getVideoTracks()[0];
    void track?.applyConstraints({ width: { ideal: preset.width }, height: { ideal: preset.height }, frameRate: { ideal: preset.frameRate } }).catch(() => undefined);
  }, [choice.quality]);

  useEffect(() => () => stopAll(streamRef.current), []);

  const turnOff = useCallback(() => {
    setOn(false);
    replaceStream(null);
  }, [replaceStream]);

  return {
    choice,
    change: (patch: Partial<MediaChoice>) => setChoice((current) => ({ ...current, ...patch })),
    on,
    turnOn: () => setOn(true),
    turnOff,
    stream,
    capturing,
    devices,
    error,
    clearError: () => setError(null),
  };
}

/** The microphone's loudness, 0..1 (-60 dB .. 0 dB of the RMS), read ten times a second from a WebAudio AnalyserNode. */
export function useMicrophoneLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);
  const track = stream?.getAudioTracks()[0] ?? null;
  useEffect(() => {
    if (!track || typeof AudioContext === 'undefined') {
      setLevel(0);
      return;
    }
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(new MediaStream([track])).connect(analyser);
    void context.resume().catch(() => undefined);
    const samples = new Float32Array(analyser.fftSize);
    const timer = window.setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      const rms = Math.sqrt(samples.reduce((sum, value) => sum + value * value, 0) / samples.length);
      const db = rms > 0 ? 20 * Math.log10(rms) : -Infinity;
      setLevel(Math.min(1, Math.max(0, (db + 60) / 60)));
    }, 100);
    return () => {
      window.clearInterval(timer);
      void context.close().catch(() => undefined);
    };
  }, [track]);
  return level;
}
