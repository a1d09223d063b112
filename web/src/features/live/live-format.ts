import { t } from '@lingui/core/macro';
import { liveLimits, type StreamHealthOutput } from '@server/domains/live/live.schemas';
import { formatNumber } from '@web/lib/i18n/format';

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
  const amount = formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return `${amount} ${units[unit]}`;
}

export function formatDuration(seconds: number | null): string {
  return seconds === null ? '—' : formatClock(seconds);
}

export interface HealthRow {
  /** The row's name in English, for test ids (the label is translated). */
  key: string;
  label: string;
  value: string;
  /** A problem with this value the creator should fix in OBS. */
  warning?: string;
}

const orDash = (value: string | null | undefined) => value || '—';

/** The health panel of the Go live page, in reading order. */
export function healthRows(health: StreamHealthOutput): HealthRow[] {
  const keyframe = health.keyframeIntervalSeconds;
  const kbps = health.bitrateKbps === null ? null : formatNumber(Math.round(health.bitrateKbps));
  const fps = health.frameRate === null ? null : formatNumber(health.frameRate, { maximumFractionDigits: 2 });
  const seconds = keyframe === null ? null : formatNumber(keyframe, { maximumFractionDigits: 1 });
  return [
    { key: 'bitrate', label: t`Bitrate`, value: kbps === null ? '—' : t`${kbps} kbps` },
    { key: 'resolution', label: t`Resolution`, value: health.width && health.height ? `${health.width}×${health.height}` : '—' },
    { key: 'frame-rate', label: t`Frame rate`, value: fps === null ? '—' : t`${fps} fps` },
    { key: 'video-codec', label: t`Video codec`, value: orDash(health.videoCodec) },
    { key: 'audio-codec', label: t`Audio codec`, value: orDash(health.audioCodec) },
    {
      key: 'keyframe-interval',
      label: t`Keyframe interval`,
      value: seconds === null ? '—' : t`${seconds} s`,
      ...(keyframe !== null && keyframe > liveLimits.keyframeWarningSeconds
        ? { warning: t`Keyframe interval above 4 s: set it to 2 s in OBS (segments cannot be shorter than it)` }
        : {}),
    },
    { key: 'uptime', label: t`Uptime`, value: formatClock(health.uptimeSeconds) },
  ];
}

/** Where a publish would go live now: the event's name, or the free event made on the spot. */
export function goesLiveText(nextEvent: { name: string } | null, displayName: string): string {
  if (nextEvent) {
    const eventName = nextEvent.name;
    return t`Going live now streams into “${eventName}”.`;
  }
  const name = displayName;
  return t`Going live now creates a free event “${name} is live”.`;
}
