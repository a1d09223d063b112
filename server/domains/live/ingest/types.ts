/** The ingest engine's public types (re-exported by index.ts). */

export interface StreamHealth {
  videoCodec: string | null;
  audioCodec: string | null;
  width: number | null;
  height: number | null;
  frameRate: number | null;
  /** Measured from bytes received on the RTMP connection over the last ~6 s. */
  bitrateKbps: number | null;
  /** Measured from the timestamps of the last video keyframes. */
  keyframeIntervalSeconds: number | null;
  uptimeSeconds: number;
}

export interface PublishAttempt {
  connectionId: string;
  streamKey: string;
  app: string;
  remoteAddress: string;
}

export type PublishDecision =
  | { accept: true; hlsDir: string; recordingPath: string }
  | { accept: false; reason: string };

export interface EndedInfo {
  /** 'stopped': the publisher ended the stream on purpose (a WHIP DELETE), so no reconnect is waited for. */
  reason: 'publisher-left' | 'stopped' | 'kicked' | 'error' | 'shutdown';
  recordingPath: string;
  /** False when the publish ended before ffmpeg ran (no recording part was written). */
  started: boolean;
  /** ffmpeg's last error output when reason is 'error'. */
  error?: string;
}

export interface IngestHandlers {
  authorize(attempt: PublishAttempt): Promise<PublishDecision> | PublishDecision;
  /** ffmpeg running, first packets flowing. */
  onStarted?(connectionId: string): void;
  /** About every 2 s while publishing. */
  onHealth?(connectionId: string, health: StreamHealth): void;
  /**
   * A publish was refused, before authorize (unknown application, key already live) or after it accepted
   * (codec refusal: "Use H.264 video" / "Use AAC or MP3 audio"); onEnded is not called for it.
   */
  onRefused?(attempt: PublishAttempt, reason: string): void;
  /**
   * Every accepted publish that was not refused ends with exactly one onEnded, after ffmpeg exited and the
   * recording part is flushed (`started` false: ended before ffmpeg ran, no part was written).
   */
  onEnded?(connectionId: string, info: EndedInfo): void;
}

export interface IngestLogger {
  info(o: object | string, m?: string): void;
  warn(o: object | string, m?: string): void;
  error(o: object | string, m?: string): void;
}

export interface IngestOptions {
  host: string;
  /** 0 = pick a free one (start() answers it). */
  port: number;
  /** Default 'ffmpeg' from PATH. */
  ffmpegPath?: string;
  /** Default 2. */
  segmentSeconds?: number;
  /** Default 6. */
  playlistSize?: number;
  /**
   * Default false. When true, hlsDir/index.m3u8 is a master playlist (written by the engine) with the source
   * (copy, hlsDir/source/index.m3u8) and a 480p libx264 variant (hlsDir/480p/index.m3u8).
   */
  transcode480p?: boolean;
  logger?: IngestLogger;
  /** Concurrent RTMP connections accepted (default 500). */
  maxConnections?: number;
}

export interface IngestServer {
  start(): Promise<{ port: number }>;
  /** Closes the listener, ends every publisher (onEnded reason 'shutdown') and waits for the ffmpeg exits. */
  stop(): Promise<void>;
  /** Ends a running publish at once (onEnded reason 'kicked'). */
  kick(connectionId: string): void;
  /** Connections with an accepted (or being authorized) publish. */
  activeConnections(): string[];
}
