import { Bell } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';

export interface PreviewContent {
  title: string;
  body: string;
  url: string;
  icon: string | null;
  siteName: string;
}

/** How the notification looks on a phone's lock screen and in a desktop notification centre. */
export function NotificationPreview({ title, body, url, icon, siteName }: PreviewContent) {
  const { t } = useLingui();
  const shownTitle = title.trim() || t`Your title`;
  const shownBody = body.trim() || t`Your message to your fans.`;
  const image = icon ? <img src={icon} alt="" className="size-10 shrink-0 rounded-lg" /> : <Bell className="size-10 shrink-0 rounded-lg bg-brand-500 p-2 text-white" aria-hidden />;
  const shownUrl = url || '/';
  return (
    <figure className="space-y-4" aria-label={t`Notification preview`}>
      <div className="rounded-[2rem] bg-gradient-to-br from-slate-800 via-slate-700 to-brand-700 p-4 shadow-inner">
        <p className="text-center text-3xl font-light text-white/90" aria-hidden>
          9:41
        </p>
        <div className="mt-4 rounded-2xl bg-white/85 p-3 shadow-lg backdrop-blur">
          <div className="flex items-center justify-between text-[11px] uppercase tracking-wide text-slate-500">
            <span>{siteName}</span>
            <span>
              <Trans>now</Trans>
            </span>
          </div>
          <div className="mt-1 flex gap-3">
            {image}
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-slate-900">{shownTitle}</p>
              <p className="line-clamp-3 text-sm text-slate-700">{shownBody}</p>
            </div>
          </div>
        </div>
      </div>
      <figcaption className="text-xs text-slate-500">
        <Trans>
          Tapping it opens <span className="font-mono text-slate-700">{shownUrl}</span>
        </Trans>
      </figcaption>
    </figure>
  );
}
