import { useEffect, useRef, useState } from 'react';
import { Camera, Mic, MonitorUp, Radio, SwitchCamera, Video, VideoOff } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '@web/lib/i18n/format';
import type { LiveSettingsOutput } from '@server/domains/live/live.schemas';
import { Button } from '@web/components/button';
import { cx } from '@web/components/cx';
import { FormError } from '@web/components/form-error';
import { SelectField } from '@web/components/form-fields';
import { HealthGrid } from './live-monitor';
import { useBrowserMedia, useMicrophoneLevel, type DeviceLists } from './use-browser-media';
import { publishMessages, useLeaveGuard, useWhipPublish } from './use-whip-publish';
import { qualityOrder, qualityPresets, type Quality, type Source } from './whip-client';

const cardClass = 'space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200';

const sources: Array<{ value: Source; label: MessageDescriptor; icon: typeof Camera }> = [
  { value: 'camera', label: msg`Camera`, icon: Camera },
  { value: 'screen', label: msg`Screen or tab`, icon: MonitorUp },
];

function deviceOptions(list: MediaDeviceInfo[], fallback: string) {
  return [
    { value: '', label: fallback },
    ...list.filter((device) => device.deviceId).map((device, index) => ({ value: device.deviceId, label: device.label || `${fallback} ${formatNumber(index + 1)}` })),
  ];
}

function LevelMeter({ level, active }: { level: number; active: boolean }) {
  const { t } = useLingui();
  const percent = Math.round(level * 100);
  return (
    <div className="flex items-center gap-2">
      <Mic className={cx('size-4 shrink-0', active ? 'text-slate-700' : 'text-slate-300')} aria-hidden />
      <div
        role="meter"
        aria-label={t`Microphone level`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-testid="mic-level"
        className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={cx('h-full transition-[width] duration-100', level > 0.9 ? 'bg-red-500' : 'bg-emerald-500')} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function Preview({ stream, placeholder }: { stream: MediaStream | null; placeholder: string }) {
  const { t } = useLingui();
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.srcObject = stream;
    if (stream) void video.play().catch(() => undefined);
  }, [stream]);
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-lg bg-slate-900">
      <video
        ref={videoRef}
        muted
        playsInline
        autoPlay
        dir="ltr"
        className={cx('size-full object-contain', !stream && 'invisible')}
        aria-label={t`Your preview`}
        data-testid="browser-preview"
      />
      {!stream && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-4 text-center text-sm text-slate-300">
          <VideoOff className="size-7 text-slate-500" aria-hidden />
          {placeholder}
        </div>
      )}
    </div>
  );
}

function DevicePickers({ devices, cameraId, microphoneId, showCamera, disabled, onChange }: {
  devices: DeviceLists;
  cameraId: string | null;
  microphoneId: string | null;
  showCamera: boolean;
  disabled: boolean;
  onChange(patch: { cameraId?: string | null; microphoneId?: string | null }): void;
}) {
  const { t } = useLingui();
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {showCamera && (
        <SelectField
          label={t`Camera`}
          value={cameraId ?? ''}
          disabled={disabled}
          options={deviceOptions(devices.cameras, t`Camera`)}
          onChange={(event) => onChange({ cameraId: event.target.value || null })}
        />
      )}
      <SelectField
        label={t`Microphone`}
        value={microphoneId ?? ''}
        disabled={disabled}
        options={deviceOptions(devices.microphones, t`Microphone`)}
        onChange={(event) => onChange({ microphoneId: event.target.value || null })}
      />
    </div>
  );
}

/**
 * "Go live from this browser" on the Go live page: camera and microphone (or a shared screen or tab with the
 * microphone), a muted preview, a level meter, the quality, Start and Stop over WHIP with the creator's stream key,
 * the server's refusal as it says it, and the health of what the browser sends. Leaving the page while live asks first.
 */
export function BrowserPublisher({ settings, onLiveChange }: { settings: LiveSettingsOutput; onLiveChange?(): void }) {
  const { t } = useLingui();
  const media = useBrowserMedia();
  const { choice } = media;
  const publish = useWhipPublish({ streamKey: settings.streamKey, stream: media.stream, quality: choice.quality, onChange: onLiveChange });
  const level = useMicrophoneLevel(media.stream);
  const [startWhenReady, setStartWhenReady] = useState(false);
  const live = publish.state === 'live';
  const busy = publish.state === 'starting' || publish.state === 'stopping';
  useLeaveGuard(live || publish.state === 'starting');

  // Start with the camera off: it turns on first, and the publish starts once the picture is there.
  const { start, stop } = publish;
  useEffect(() => {
    if (!startWhenReady) return;
    if (media.stream) {
      setStartWhenReady(false);
      void start(media.stream);
    } else if (!media.on) setStartWhenReady(false);
  }, [startWhenReady, media.stream, media.on, start]);

  // The camera or the shared screen stopped under a live stream (or could not be opened again): the stream ends with it.
  useEffect(() => {
    if (live && !media.on) void stop(media.error);
  }, [live, media.on, media.error, stop]);

  const onStart = () => {
    media.clearError();
    publish.clearError();
    if (media.stream) void start(media.stream);
    else {
      setStartWhenReady(true);
      media.turnOn();
    }
  };
  const onStop = async () => {
    await stop();
    media.turnOff();
  };

  const canSwitchFacing = choice.source === 'camera' && !choice.cameraId && media.devices.cameras.length > 1;
  const error = publish.error ?? media.error;
  const maxMbits = formatNumber(qualityPresets[choice.quality].maxBitrate / 1_000_000);
  return (
    <section className={cardClass} aria-labelledby="browser-publisher-heading" data-testid="browser-publisher">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="browser-publisher-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Video className="size-5 text-brand-600" aria-hidden />
          <Trans>Go live from this browser</Trans>
        </h2>
        {live && (
          <span className="inline-flex items-center gap-1 rounded-full bg-red-600 px-2.5 py-0.5 text-sm font-semibold text-white" data-testid="browser-live">
            <Radio className="size-4" aria-hidden />
            <Trans>Live from this browser</Trans>
          </span>
        )}
      </div>
      <p className="text-sm text-slate-600">
        <Trans>No OBS needed: stream your camera, or share a screen or tab, with your microphone. Keep this page open while you are live.</Trans>
      </p>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <div className="min-w-0 space-y-3">
          <Preview stream={media.stream} placeholder={choice.source === 'camera' ? t`Your camera preview shows here.` : t`The screen or tab you share shows here.`} />
          <LevelMeter level={level} active={!!media.stream} />
        </div>

        <div className="min-w-0 space-y-4">
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-slate-700">
              <Trans>Source</Trans>
            </legend>
            <div className="flex flex-wrap gap-2">
              {sources.map(({ value, label, icon: Icon }) => (
                <Button
                  key={value}
                  variant={choice.source === value ? 'primary' : 'secondary'}
                  size="sm"
                  aria-pressed={choice.source === value}
                  disabled={busy}
                  onClick={() => media.change({ source: value })}
                >
                  <Icon className="size-4" aria-hidden />
                  {t(label)}
                </Button>
              ))}
              {canSwitchFacing && (
                <Button variant="secondary" size="sm" disabled={busy} onClick={() => media.change({ facing: choice.facing === 'user' ? 'environment' : 'user' })}>
                  <SwitchCamera className="size-4" aria-hidden />
                  {choice.facing === 'user' ? t`Use back camera` : t`Use front camera`}
                </Button>
              )}
            </div>
          </fieldset>

          <DevicePickers
            devices={media.devices}
            cameraId={choice.cameraId}
            microphoneId={choice.microphoneId}
            showCamera={choice.source === 'camera'}
            disabled={busy}
            onChange={media.change}
          />

          <SelectField
            label={t`Quality`}
            value={choice.quality}
            disabled={busy}
            options={qualityOrder.map((quality) => {
              // "720p · 30 fps": the resolution as encoders name it, the frame rate in the reader's language.
              const fps = formatNumber(qualityPresets[quality].frameRate);
              return { value: quality, label: `${quality} · ${t`${fps} fps`}` };
            })}
            onChange={(event) => media.change({ quality: event.target.value as Quality })}
            hint={t`Up to ${maxMbits} Mbit/s upload.`}
          />

          <div className="flex flex-wrap gap-2">
            {!media.on && !live && (
              <Button variant="secondary" busy={media.capturing} disabled={busy} onClick={media.turnOn}>
                {choice.source === 'camera' ? t`Turn on camera` : t`Share screen`}
              </Button>
            )}
            {live || publish.state === 'stopping' ? (
              <Button variant="danger" busy={publish.state === 'stopping'} onClick={() => void onStop()}>
                <Trans>Stop</Trans>
              </Button>
            ) : (
              <Button busy={publish.state === 'starting' || startWhenReady} disabled={!settings.enabled || media.capturing} onClick={onStart}>
                <Radio className="size-4" aria-hidden />
                <Trans>Start</Trans>
              </Button>
            )}
          </div>
          <FormError error={error} testId="browser-publish-error" />
        </div>
      </div>

      {live && (
        <div className="space-y-2 border-t border-slate-100 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">
            <Trans>What your browser sends</Trans>
          </h3>
          {publish.health ? (
            <HealthGrid rows={publish.health} label={t`Browser stream health`} testIdPrefix="browser-health" />
          ) : (
            <p className="text-sm text-slate-500">
              <Trans>Reading…</Trans>
            </p>
          )}
          <p className="text-xs text-slate-500">{publishMessages.leave}</p>
        </div>
      )}
    </section>
  );
}
