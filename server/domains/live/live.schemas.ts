import { z } from 'zod';

/** Every user-facing text of live streaming (the Go live page, the players and the ingest refusals show exactly these). */
export const liveMessages = {
  // Ingest availability (the start-up banner and the Go live page).
  ingestOff: 'Live ingest is off (LIVE_INGEST=off): set LIVE_INGEST=on to go live from OBS',
  ffmpegMissing: 'Live ingest is off: ffmpeg was not found on this server (install Debian’s ffmpeg)',
  // Refusals at publish (shown on the creator's page as the last refusal).
  unknownKey: 'Unknown stream key',
  deactivated: 'This account is deactivated',
  pendingPayment: 'Complete your subscription payment to go live',
  alreadyLive: 'This stream key is already live',
  tooManyStreams: 'Too many streams are live on this server right now. Try again later',
  videoCodec: 'Use H.264 video',
  audioCodec: 'Use AAC or MP3 audio',
  keyRotated: 'The stream key was rotated: the stream on the old key ended',
  // The player's states (event page, embed, /chats).
  startingSoon: 'Starting soon',
  ended: 'The stream has ended',
  offline: 'Stream offline — it will start here when the creator goes live',
  // Recordings.
  recordingNotFound: 'Recording not found',
  recordingNotReady: 'This recording is still being finished',
  recordingPublished: 'This recording is already an episode',
  titleNotFound: 'Podcast title not found',
  videoTitleOnly: 'Choose a video podcast title',
  episodeNameRequired: 'Please enter the episode name',
  tooLong: 'This value is too long',
  eventsRequired: 'Name at least one event',
  tooManyEvents: 'At most 100 events at once',
  premiumReplayBecomesPublic: 'This event is premium: the episode will be public. The replay on the event page stays for ticket holders.',
  recordingsRule: (maxGb: number) => `Recordings use up to ${maxGb} GB: past that, the oldest recording not published as an episode is deleted.`,
  keyframeWarning: 'Keyframe interval above 4 s: set it to 2 s in OBS (segments cannot be shorter than it)',
  // Who goes live where (the calendar's event dialog).
  goesLiveHere: 'Going live from OBS now streams into this event.',
  noEventGoesLive: 'Going live now creates a free event “{name} is live”.',
  // Where an event's stream comes from (the calendar's event dialog).
  liveNowFromObs: 'Live now from OBS: this event plays your stream from this server.',
  playsStreamSource: (source: string) => `The event page plays your stream source (${source}) whenever you are not live from OBS.`,
  noStreamSource: 'No stream yet: go live from OBS, or set a stream source (YouTube, Twitch, Vimeo or an HLS URL) in your profile.',
} as const;

/** Defaults and limits of live streaming (config may change the ones marked). */
export const liveLimits = {
  /** A publisher that reconnects within this many seconds continues the same live session. */
  reconnectGraceSeconds: 30,
  /** Signed playback URLs (premium) live at most this long. */
  playbackTokenSeconds: 600,
  /** A player counts as watching while it fetched the playlist within this many seconds. */
  viewerWindowSeconds: 30,
  /** The event made on the spot when nothing is scheduled lasts this long. */
  spotEventHours: 4,
  /** An active event starting within this many minutes can be started early. */
  earlyStartMinutes: 60,
  keyframeWarningSeconds: 4,
  segmentSeconds: 2,
  streamKeyPrefix: 'live_',
} as const;

/** The recommended OBS settings shown on the Go live page. */
export const obsSettings = {
  videoCodec: 'H.264 (x264 or a hardware H.264 encoder)',
  audioCodec: 'AAC, 48 kHz (or 44.1 kHz), 128–160 kbps',
  keyframeIntervalSeconds: 2,
  rateControl: 'CBR',
  bitrateHint: '2500–4500 kbps for 720p, 4500–6000 kbps for 1080p',
} as const;

const id = z.string().trim().min(1).max(64);

export const liveEventInput = z.strictObject({ eventId: id });
export const recordingIdInput = z.strictObject({ recordingId: id });
export const publishRecordingInput = z.strictObject({
  recordingId: id,
  titleId: id,
  name: z.string().trim().min(1, liveMessages.episodeNameRequired).max(200, liveMessages.tooLong),
  /** Posted on the Fediverse when the creator publishes there (false: this replay is not). */
  fediverse: z.boolean().default(true),
});
export const updateLiveSettingsInput = z.strictObject({ showViewerCount: z.boolean() });

/** `live.settings` (creator): where OBS sends the stream, with the key (only its owner and admins see it). */
export const liveSettingsOutput = z.object({
  /** `rtmp://{PUBLIC_URL's host name, else localhost}:{port}/live` */
  ingestUrl: z.string(),
  streamKey: z.string(),
  /** Ingest is running on this server. */
  enabled: z.boolean(),
  /** Why ingest is off (null when enabled). */
  reason: z.string().nullable(),
  showViewerCount: z.boolean(),
  recordingsMaxGb: z.number(),
});
export type LiveSettingsOutput = z.infer<typeof liveSettingsOutput>;

export const rotateKeyOutput = z.object({ streamKey: z.string() });

export const liveStates = ['offline', 'live', 'ended'] as const;
export type LiveState = (typeof liveStates)[number];

/** `live.status` (public) and each `live.onStatus` update. `viewers` is null to viewers when the creator hides the count. */
export const liveStatusOutput = z.object({
  state: z.enum(liveStates),
  viewers: z.number().int().min(0).nullable(),
  startedAt: z.string().nullable(),
});
export type LiveStatusOutput = z.infer<typeof liveStatusOutput>;

/** Stream health while publishing (RTMP metadata and what the ingest measures). */
export const streamHealthOutput = z.object({
  videoCodec: z.string().nullable(),
  audioCodec: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  frameRate: z.number().nullable(),
  bitrateKbps: z.number().nullable(),
  keyframeIntervalSeconds: z.number().nullable(),
  uptimeSeconds: z.number(),
});
export type StreamHealthOutput = z.infer<typeof streamHealthOutput>;

/** `live.dashboard` (creator): everything the Go live page shows besides the key. */
export const liveDashboardOutput = z.object({
  state: z.enum(liveStates),
  /** The live (or last) session and the event it went live in. */
  session: z
    .object({ id: z.string(), eventId: z.string(), eventName: z.string(), startedAt: z.string(), endedAt: z.string().nullable() })
    .nullable(),
  viewers: z.number().int().min(0),
  health: streamHealthOutput.nullable(),
  /** The last publish this server refused for this creator, with the reason. */
  lastRefusal: z.object({ reason: z.string(), at: z.string() }).nullable(),
  /** The event a publish would go live in right now (null: a new free event would be created). */
  nextEvent: z.object({ id: z.string(), name: z.string(), startDateTime: z.string().nullable() }).nullable(),
});
export type LiveDashboardOutput = z.infer<typeof liveDashboardOutput>;

export const recordingStatuses = ['recording', 'processing', 'ready', 'failed'] as const;

export const recordingOutput = z.object({
  id: z.string(),
  eventId: z.string().nullable(),
  eventName: z.string().nullable(),
  eventIsPremium: z.boolean(),
  startedAt: z.string(),
  durationSeconds: z.number().nullable(),
  sizeBytes: z.number().nullable(),
  status: z.enum(recordingStatuses),
  /** The episode it was published as, when it was. */
  episodeId: z.string().nullable(),
});
export type RecordingOutput = z.infer<typeof recordingOutput>;
export const recordingsOutput = z.array(recordingOutput);

/** The live playback paths (served by Fastify; premium ones need `?token=`). */
export function livePlaylistPath(sessionId: string): string {
  return `/live/${encodeURIComponent(sessionId)}/index.m3u8`;
}
export function replayPath(recordingId: string): string {
  return `/live/replays/${encodeURIComponent(recordingId)}.mp4`;
}

/** `live.rotateKey` takes nothing (an empty object or no input). */
export const rotateKeyInput = z.strictObject({}).optional();

/** `live.publishRecording`: the episode the recording became. */
export const publishRecordingOutput = z.object({ episodeId: z.string(), recordingId: z.string() });
export type PublishRecordingOutput = z.infer<typeof publishRecordingOutput>;
export type PublishRecordingInput = z.infer<typeof publishRecordingInput>;
export type UpdateLiveSettingsInput = z.infer<typeof updateLiveSettingsInput>;

/** More texts (added after the first contract). */
export const liveNotices = {
  ingestStarting: 'Live ingest is starting',
  ingestFailed: (why: string) => `Live ingest could not start: ${why}`,
  unavailable: 'Publishing is unavailable right now',
} as const;

/** liveNotices as the catalogs hold them (a Go live page's reason and a last refusal are sent in the caller's language). */
export const liveNoticeTemplates = {
  ingestStarting: liveNotices.ingestStarting,
  ingestFailed: 'Live ingest could not start: {why}',
  unavailable: liveNotices.unavailable,
} as const;

/** `live.badges`: up to 100 events at once (the events a page lists). */
export const liveBadgesInput = z.strictObject({
  eventIds: z.array(id).min(1, liveMessages.eventsRequired).max(100, liveMessages.tooManyEvents),
});
export type LiveBadgesInput = z.infer<typeof liveBadgesInput>;

/**
 * `live.badges` (public): what an event's badge follows (common/event-badge.ts). `onAir` is `live.status`'s state
 * (live while our own ingest is on air for the event, through the reconnect grace); `streamProvider` names the
 * external source the event's player plays (YouTube, Twitch, Vimeo, HLS…), never its URL. Unknown ids are left out.
 */
export const liveBadgeOutput = z.object({
  eventId: z.string(),
  onAir: z.enum(liveStates),
  streamProvider: z.string().nullable(),
});
export type LiveBadgeOutput = z.infer<typeof liveBadgeOutput>;
export const liveBadgesOutput = z.array(liveBadgeOutput);
