import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Copy, ExternalLink } from 'lucide-react';
import QRCode from 'qrcode';
import { toast } from 'sonner';
import { Button, buttonClasses } from '@web/components/button';

/** The address fans install the app from, as a link to share and a QR code to scan. */
export function InstallCard({ path, themeColor }: { path: string; themeColor: string }) {
  const { t } = useLingui();
  const link = new URL(path, window.location.origin).href;
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(link, { width: 240, margin: 1, errorCorrectionLevel: 'M', color: { dark: '#0f172a', light: '#ffffff' } })
      .then((data) => current && setQr(data))
      .catch(() => current && setQr(null));
    return () => {
      current = false;
    };
  }, [link]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t`Install link copied`);
    } catch {
      toast.error(t`Copying is not allowed here; select the link and copy it.`);
    }
  };

  return (
    <section className="space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-labelledby="install-heading">
      <h2 id="install-heading" className="text-lg font-semibold text-slate-900">
        <Trans>Share and install</Trans>
      </h2>
      <p className="text-sm text-slate-600">
        <Trans>Share this link or let fans scan the code. On their phone they open it and choose “Add to Home Screen” (or “Install app”).</Trans>
      </p>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <div className="rounded-lg p-2 ring-2" style={{ ['--tw-ring-color' as string]: themeColor }}>
          {qr ? <img src={qr} alt={t`QR code for ${link}`} width={160} height={160} /> : <div className="size-40 animate-pulse rounded bg-slate-100" />}
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          <input
            readOnly
            value={link}
            aria-label={t`Install link`}
            dir="ltr"
            onFocus={(event) => event.currentTarget.select()}
            className="block h-10 w-full rounded-md border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-800"
          />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={copy}>
              <Copy className="size-4" aria-hidden />
              <Trans>Copy link</Trans>
            </Button>
            <a href={link} target="_blank" rel="noreferrer" className={buttonClasses('secondary', 'sm')}>
              <ExternalLink className="size-4" aria-hidden />
              <Trans>Open app</Trans>
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
