import { useState } from 'react';
import { Eye, EyeOff, KeyRound, RefreshCw } from 'lucide-react';
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
      toast.success('New stream key ready: put it in OBS before you go live again');
    } catch (error) {
      toast.error(failureMessage(error, 'The stream key could not be rotated. Please try again.'));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <section className={cardClass} aria-labelledby="stream-setup-heading">
      <h2 id="stream-setup-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <KeyRound className="size-5 text-brand-600" aria-hidden />
        Stream setup
      </h2>
      <div className="space-y-1">
        <p className="text-sm font-medium text-slate-700" id="ingest-url-label">
          Server
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <code className="min-w-0 flex-1 rounded bg-slate-100 px-2 py-1.5 font-mono text-sm break-all text-slate-900" aria-labelledby="ingest-url-label" data-testid="ingest-url">
            {settings.ingestUrl}
          </code>
          <CopyButton value={settings.ingestUrl} label="Copy server URL" />
        </div>
      </div>
      <div className="space-y-1">
        <p className="text-sm font-medium text-slate-700" id="whip-url-label">
          WHIP server (OBS 30 or later)
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <code className="min-w-0 flex-1 rounded bg-slate-100 px-2 py-1.5 font-mono text-sm break-all text-slate-900" aria-labelledby="whip-url-label" data-testid="whip-url">
            {whipUrl}
          </code>
          <CopyButton value={whipUrl} label="Copy WHIP server URL" />
        </div>
        <p className="text-xs text-slate-500">In OBS: Service “WHIP”, this server, and your stream key as the Bearer Token.</p>
      </div>
      <div className="space-y-1">
        <p className="text-sm font-medium text-slate-700" id="stream-key-label">
          Stream key
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
            {revealed ? 'Hide' : 'Reveal'}
          </Button>
          <span className="shrink-0">
            <CopyButton value={settings.streamKey} label="Copy stream key" />
          </span>
        </div>
        <p className="text-xs text-slate-500">Keep the key secret: anyone with it can stream on your page.</p>
      </div>
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
        <RefreshCw className="size-4" aria-hidden />
        Rotate key
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Rotate the stream key?"
        description="The current key stops working at once: a stream running on it ends now. Put the new key in OBS before you go live again."
        confirmLabel="Rotate key"
        destructive
        busy={rotate.isPending}
        onConfirm={() => void rotateKey()}
      />
    </section>
  );
}

/** The encoder settings that work with Cuepoint's HLS (H.264 + AAC, 2 s keyframes). */
export function ObsSettings({ ingestUrl }: { ingestUrl: string }) {
  const rows: Array<[string, string]> = [
    ['Service', 'Custom…'],
    ['Server', ingestUrl],
    ['Stream key', 'Your stream key (above)'],
    ['Video encoder', obsSettings.videoCodec],
    ['Rate control', obsSettings.rateControl],
    ['Bitrate', obsSettings.bitrateHint],
    ['Keyframe interval', `${obsSettings.keyframeIntervalSeconds} s`],
    ['Audio', obsSettings.audioCodec],
  ];
  return (
    <section className={cardClass} aria-labelledby="obs-settings-heading">
      <h2 id="obs-settings-heading" className="text-lg font-semibold text-slate-900">
        OBS settings
      </h2>
      <p className="text-sm text-slate-600">In OBS: Settings → Stream, then Settings → Output (Output mode: Advanced).</p>
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
