/**
 * The health panel of a browser publish, read from `RTCPeerConnection.getStats()` every couple of seconds: what the
 * browser sends (resolution, frame rate, bitrate), its keyframes and the frames it could not send. Pure: the unit tests feed it reports.
 */
import { t } from '@lingui/core/macro';
import { formatNumber } from '@web/lib/i18n/format';
import { formatClock, type HealthRow } from './live-format';

/** One reading of the sender's counters. */
export interface SendSample {
  /** Milliseconds (the stats' own timestamp). */
  at: number;
  bytesSent: number;
  width: number | null;
  height: number | null;
  framesPerSecond: number | null;
  framesEncoded: number | null;
  keyFramesEncoded: number | null;
  /** Frames the camera or screen gave that were never encoded (or the browser's own count where it keeps one). */
  framesDropped: number | null;
  qualityLimitationReason: string | null;
  videoCodec: string | null;
  audioCodec: string | null;
}

type Stat = Record<string, unknown> & { id: string; type: string };

const numberOr = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const stringOr = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** "video/H264" → "H.264", "audio/opus" → "Opus"; other codecs by their name. */
export function codecName(mimeType: string | null): string | null {
  if (!mimeType) return null;
  const name = mimeType.split('/')[1] ?? mimeType;
  const known: Record<string, string> = { h264: 'H.264', opus: 'Opus', vp8: 'VP8', vp9: 'VP9', av1: 'AV1' };
  return known[name.toLowerCase()] ?? name;
}

/** The sample of a stats report (an RTCStatsReport, or an array of its stats): the video and audio `outbound-rtp`, their codecs and the video source. */
export function sampleFromStats(report: { forEach(callback: (stat: Stat) => void): void }, fallbackAt = Date.now()): SendSample {
  const stats: Stat[] = [];
  report.forEach((stat) => stats.push(stat));
  const byId = new Map(stats.map((stat) => [stat.id, stat]));
  const outbound = (kind: string) => stats.find((stat) => stat.type === 'outbound-rtp' && (stat.kind ?? stat.mediaType) === kind);
  const video = outbound('video');
  const audio = outbound('audio');
  const codecOf = (stat: Stat | undefined) => codecName(stringOr(stat && byId.get(String(stat.codecId))?.mimeType));
  const source = video && byId.get(String(video.mediaSourceId));
  const framesEncoded = numberOr(video?.framesEncoded);
  const captured = numberOr(source?.frames);
  const explicitDrops = numberOr(video?.framesDropped) ?? numberOr(source?.framesDropped);
  const derivedDrops = captured !== null && framesEncoded !== null ? Math.max(0, captured - framesEncoded) : null;
  const at = numberOr(video?.timestamp) ?? numberOr(audio?.timestamp) ?? fallbackAt;
  return {
    at,
    bytesSent: (numberOr(video?.bytesSent) ?? 0) + (numberOr(audio?.bytesSent) ?? 0),
    width: numberOr(video?.frameWidth) ?? numberOr(source?.width),
    height: numberOr(video?.frameHeight) ?? numberOr(source?.height),
    framesPerSecond: numberOr(video?.framesPerSecond) ?? numberOr(source?.framesPerSecond),
    framesEncoded,
    keyFramesEncoded: numberOr(video?.keyFramesEncoded),
    framesDropped: explicitDrops ?? derivedDrops,
    qualityLimitationReason: stringOr(video?.qualityLimitationReason),
    videoCodec: codecOf(video),
    audioCodec: codecOf(audio),
  };
}

/** The bitrate between two samples, in kbit/s; null without an earlier one (or when the clock did not move). */
export function bitrateKbps(previous: SendSample | null, current: SendSample): number | null {
  if (!previous) return null;
  const seconds = (current.at - previous.at) / 1000;
  if (seconds <= 0 || current.bytesSent < previous.bytesSent) return null;
  return ((current.bytesSent - previous.bytesSent) * 8) / 1000 / seconds;
}

/** The warning for the browser's reason to send less than the full quality, in the active locale. */
export const limitationWarnings: Record<string, string> = {
  get cpu() {
    return t`Your computer is too busy to send the full quality: close other apps or pick a lower quality.`;
  },
  get bandwidth() {
    return t`Your connection cannot carry the full quality: pick a lower quality or move closer to the Wi-Fi.`;
  },
};

/**
 * The rows of the health panel: Bitrate, Resolution, Frame rate, Video and Audio codec, Keyframes (how many, and how
 * far apart on average since the start), Dropped frames (with the browser's reason when it holds the quality back), Uptime.
 */
export function browserHealthRows(input: { previous: SendSample | null; current: SendSample; first: SendSample; startedAt: number; now?: number }): HealthRow[] {
  const { previous, current, first, startedAt, now = Date.now() } = input;
  const kbps = bitrateKbps(previous, current);
  const keyframes = current.keyFramesEncoded;
  const seconds = (current.at - first.at) / 1000;
  const newKeyframes = keyframes !== null && first.keyFramesEncoded !== null ? keyframes - first.keyFramesEncoded : 0;
  const interval = newKeyframes > 0 && seconds > 0 ? seconds / newKeyframes : null;
  const reason = current.qualityLimitationReason && current.qualityLimitationReason !== 'none' ? current.qualityLimitationReason : null;
  const dropped = current.framesDropped === null ? '—' : formatNumber(current.framesDropped);
  const rate = kbps === null ? null : formatNumber(Math.round(kbps));
  const fps = current.framesPerSecond === null ? null : formatNumber(current.framesPerSecond, { maximumFractionDigits: 1 });
  const count = keyframes === null ? null : formatNumber(keyframes);
  const every = interval === null ? null : formatNumber(interval, { maximumFractionDigits: 1 });
  return [
    { key: 'bitrate', label: t`Bitrate`, value: rate === null ? '—' : t`${rate} kbps` },
    { key: 'resolution', label: t`Resolution`, value: current.width && current.height ? `${current.width}×${current.height}` : '—' },
    { key: 'frame-rate', label: t`Frame rate`, value: fps === null ? '—' : t`${fps} fps` },
    { key: 'video-codec', label: t`Video codec`, value: current.videoCodec ?? '—' },
    { key: 'audio-codec', label: t`Audio codec`, value: current.audioCodec ?? '—' },
    {
      key: 'keyframes',
      label: t`Keyframes`,
      value: count === null ? '—' : every === null ? count : t`${count} · every ${every} s`,
    },
    {
      key: 'dropped-frames',
      label: t`Dropped frames`,
      value: reason ? t`${dropped} (limited by ${reason})` : dropped,
      ...(reason && limitationWarnings[reason] ? { warning: limitationWarnings[reason] } : {}),
    },
    { key: 'uptime', label: t`Uptime`, value: formatClock((now - startedAt) / 1000) },
  ];
}
