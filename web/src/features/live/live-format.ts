import { liveLimits, liveMessages, type StreamHealthOutput } from '@server/domains/live/live.schemas';

/** 83 → "00:01:23". */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/** A file size for people: "812 KB", "1.40 MB", "20.5 GB". */
export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

export function formatDuration(seconds: number | null): string {
  return seconds === null ? '—' : formatClock(seconds);
}

export interface HealthRow {
  label: string;
  value: string;
  /** A problem with this value the creator should fix in OBS. */
  warning?: string;
}

const orDash = (value: string | null | undefined) => value || '—';

/** The health panel of the Go live page, in reading order. */
export function healthRows(health: StreamHealthOutput): HealthRow[] {
  const keyframe = health.keyframeIntervalSeconds;
  return [
    { label: 'Bitrate', value: health.bitrateKbps === null ? '—' : `${Math.round(health.bitrateKbps).toLocaleString('en')} kbps` },
    { label: 'Resolution', value: health.width && health.height ? `${health.width}×${health.height}` : '—' },
    { label: 'Frame rate', value: health.frameRate === null ? '—' : `${Number(health.frameRate.toFixed(2))} fps` },
    { label: 'Video codec', value: orDash(health.videoCodec) },
    { label: 'Audio codec', value: orDash(health.audioCodec) },
    {
      label: 'Keyframe interval',
      value: keyframe === null ? '—' : `${Number(keyframe.toFixed(1))} s`,
      ...(keyframe !== null && keyframe > liveLimits.keyframeWarningSeconds ? { warning: liveMessages.keyframeWarning } : {}),
    },
    { label: 'Uptime', value: formatClock(health.uptimeSeconds) },
  ];
}

/** Where a publish would go live now: the event's name, or the free event made on the spot. */
export function goesLiveText(nextEvent: { name: string } | null, displayName: string): string {
  if (nextEvent) return `Going live now streams into “${nextEvent.name}”.`;
  return liveMessages.noEventGoesLive.replace('{name}', displayName);
}
