import { useState } from 'react';
import { Eye, EyeOff, KeyRound, RefreshCw } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from 'sonner';
import { obsSettings, type LiveSettingsOutput } from '@server/domains/live/live.schemas';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { CopyButton } from '@web/components/copy-button';
import { cx } from '@web/components/cx';
import { failureMessage } from '@web/components/error-message';
import { trpc } from '@web/lib/trpc';
import { whipEndpoint } from './whip-client';

const cardClass = 'space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200';
const hiddenKey = '•'.repeat(24);

/** Where OBS sends the stream: the RTMP server URL, the WHIP URL (OBS 30+), and the stream key (hidden until revealed), copy and rotate. */
export function StreamSetup({ settings }: { settings: LiveSettingsOutput }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const rotate = trpc.live.rotateKey.useMutation();
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const whipUrl = new URL(whipEndpoint, window.location.origin).toString();

  const rotateKey = async () => {
    try {
      const { streamKey } = await rotate.mutateAsync();
      utils.live.settings.setData(undefined, (current) => (current ? { ...current, streamKey } : current));
      void utils.live.settings.invalidate();
      void utils.live.dashboard.invalidate();
      setRevealed(true);
      toast.success(t`New stream key ready: put it in OBS before you go live again`);
    } catch (error) {
      toast.error(failureMessage(error, t`The stream key could not be rotated. Please try again.`));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <section className={cardClass} aria-labelledby="stream-setup-heading">
      <h2 id="stream-setup-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <KeyRound className="size-5 text-brand-600" aria-hidden />
        <Trans>Stream setup</Trans>
      </h2>
      <div className="space-y-1">
        <p className="text-sm font-medium text-slate-700" id="ingest-url-label">
          <Trans>Server</Trans>
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <code className="min-w-0 flex-1 rounded bg-slate-100 px-2 py-1.5 font-mono text-sm break-all text-slate-900" aria-labelledby="ingest-url-label" data-testid="ingest-url">
            {settings.ingestUrl}
          </code>
          <CopyButton value={settings.ingestUrl} label={t`Copy server URL`} />
        </div>
      </div>
      <div className="space-y-1">
        <p className="text-sm font-medium text-slate-700" id="whip-url-label">
          <Trans>WHIP server (OBS 30 or later)</Trans>
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <code className="min-w-0 flex-1 rounded bg-slate-100 px-2 py-1.5 font-mono text-sm break-all text-slate-900" aria-labelledby="whip-url-label" data-testid="whip-url">
            {whipUrl}
          </code>
          <CopyButton value={whipUrl} label={t`Copy WHIP server URL`} />
        </div>
        <p className="text-xs text-slate-500">
          <Trans>In OBS: Service “WHIP”, this server, and your stream key as the Bearer Token.</Trans>
        </p>
      </div>
      <div className="space-y-1">
        <p className="text-sm font-medium text-slate-700" id="stream-key-label">
          <Trans>Stream key</Trans>
        </p>
        {/* One line with Reveal and Copy on a phone too: the hidden key is cut to the room left, the revealed one wraps. */}
        <div className="flex items-center gap-2" data-testid="stream-key-row">
          <code
            className={cx(
              'min-w-0 flex-1 rounded bg-slate-100 px-2 py-1.5 font-mono text-sm text-slate-900',
              revealed ? 'break-all' : 'overflow-hidden text-ellipsis whitespace-nowrap',
            )}
            aria-labelledby="stream-key-label"
            data-testid="stream-key"
          >
            {revealed ? settings.streamKey : hiddenKey}
          </code>
          <Button variant="secondary" size="sm" className="shrink-0" onClick={() => setRevealed((value) => !value)} aria-pressed={revealed}>
            {revealed ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
            {revealed ? t`Hide` : t`Reveal`}
          </Button>
          <span className="shrink-0">
            <CopyButton value={settings.streamKey} label={t`Copy stream key`} />
          </span>
        </div>
        <p className="text-xs text-slate-500">
          <Trans>Keep the key secret: anyone with it can stream on your page.</Trans>
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
        <RefreshCw className="size-4" aria-hidden />
        <Trans>Rotate key</Trans>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Rotate the stream key?`}
        description={t`The current key stops working at once: a stream running on it ends now. Put the new key in OBS before you go live again.`}
        confirmLabel={t`Rotate key`}
        destructive
        busy={rotate.isPending}
        onConfirm={() => void rotateKey()}
      />
    </section>
  );
}

/** The encoder settings that work with Cuepoint's HLS (H.264 + AAC, 2 s keyframes). */
export function ObsSettings({ ingestUrl }: { ingestUrl: string }) {
  const { t } = useLingui();
  const keyframeSeconds = obsSettings.keyframeIntervalSeconds;
  const rows: Array<[string, string]> = [
    [t`Service`, t`Custom…`],
    [t`Server`, ingestUrl],
    [t`Stream key`, t`Your stream key (above)`],
    // The values of obsSettings (server/domains/live/live.schemas.ts), in the reader's language.
    [t`Video encoder`, t`H.264 (x264 or a hardware H.264 encoder)`],
    // OBS names its rate control CBR in every language.
    [t`Rate control`, t`CBR`],
    [t`Bitrate`, t`2500–4500 kbps for 720p, 4500–6000 kbps for 1080p`],
    [t`Keyframe interval`, t`${keyframeSeconds} s`],
    [t`Audio`, t`AAC, 48 kHz (or 44.1 kHz), 128–160 kbps`],
  ];
  return (
    <section className={cardClass} aria-labelledby="obs-settings-heading">
      <h2 id="obs-settings-heading" className="text-lg font-semibold text-slate-900">
        <Trans>OBS settings</Trans>
      </h2>
      <p className="text-sm text-slate-600">
        <Trans>In OBS: Settings → Stream, then Settings → Output (Output mode: Advanced).</Trans>
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
