import type { FastifyRequest } from 'fastify';

/**
 * What a media route served that may count as a download or a play (issue 33), told on the request path after the
 * answer's status is known. Routes tell only GETs answered 200/206 (or redirected to MEDIA_PUBLIC_URL); the audience
 * counter applies the rest of the rules (bytes=0-1, thresholds, windows, bots).
 */
export type ServedMedia =
  /** Bytes `start`..`end` (inclusive) of the stored upload `name` (`/uploads/<name>`), `size` bytes in all. */
  | { kind: 'upload'; name: string; start: number; end: number; size: number }
  /** A redirect of the upload `name` to MEDIA_PUBLIC_URL: the app never sees the bytes (counted per request). */
  | { kind: 'upload-redirect'; name: string; range: string | undefined }
  /** An HLS segment of a finished recording: seconds `startSecond`..`endSecond` (end exclusive) of `totalSeconds`. */
  | { kind: 'replay-segment'; recordingId: string; startSecond: number; endSecond: number; totalSeconds: number };

/**
 * The port media routes tell what they served (server/platform/serve-uploads.ts, the members' media, the replays):
 * the analytics domain answers it, handed in by the composition root. `served` must be cheap and never throw: it runs
 * before the bytes go out.
 */
export interface MediaAudience {
  served(request: FastifyRequest, media: ServedMedia): void;
}

/** Counting turned off (the benchmark's baseline, and apps built without the analytics runtime). */
export const uncountedMediaAudience: MediaAudience = { served: () => undefined };
