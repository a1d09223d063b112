/**
 * Live-video ingest engine (RTMP in → ffmpeg stream copy → HLS + recording parts). No database, no HTTP:
 * the live domain supplies authorize() and the directories, and serves what lands there.
 */
export type {
  EndedInfo,
  IngestHandlers,
  IngestLogger,
  IngestOptions,
  IngestServer,
  PublishAttempt,
  PublishDecision,
  StreamHealth,
} from './types';
export { createIngestServer, keyHint, REFUSE_APP, REFUSE_DUPLICATE } from './ingest-server';
export { REFUSE_AUDIO, REFUSE_VIDEO } from './publish';
export { finalizePlaylist, findFfmpeg, finishRecording, type MediaInfo, VARIANT_480P, VARIANT_SOURCE } from './ffmpeg';
import { probeMedia as probe, type MediaInfo } from './ffmpeg';

/** ffprobe -of json of a media file: duration, first video/audio codec, picture size. */
export function probeMedia(path: string, ffprobePath?: string): Promise<MediaInfo> {
  return probe(path, ffprobePath);
}
