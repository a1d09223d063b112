import { contrastRatio } from '@common/contrast';
import { useLingui } from '@lingui/react/macro';
import { cx } from '@web/components/cx';
import { GeneratedIcon } from './generated-icon';

export interface PreviewApp {
  name: string;
  shortName: string;
  themeColor: string;
  backgroundColor: string;
  /** The uploaded icon (192 px); null shows the drawn icon in the theme colour. */
  iconUrl: string | null;
}

const placeholderApps = ['bg-sky-400', 'bg-emerald-400', 'bg-violet-400', 'bg-rose-400', 'bg-amber-300', 'bg-teal-400', 'bg-indigo-400'];

function AppIcon({ app, className }: { app: PreviewApp; className: string }) {
  return app.iconUrl ? <img src={app.iconUrl} alt="" className={cx(className, 'rounded-[22%] object-cover')} /> : <GeneratedIcon color={app.themeColor} className={className} />;
}

function Phone({ label, children, className, statusBarColor }: { label: string; children: React.ReactNode; className?: string; statusBarColor?: string }) {
  return (
    <figure className="space-y-2">
      <div className={cx('relative mx-auto h-[380px] w-[190px] overflow-hidden rounded-[2rem] border-[6px] border-slate-900 shadow-lg', className)}>
        <div
          className={cx('absolute inset-x-0 top-0 z-10 flex h-5 items-center justify-between px-4 text-[9px] font-semibold', !statusBarColor && 'text-white/90')}
          style={statusBarColor ? { backgroundColor: statusBarColor, color: readableOn(statusBarColor) } : undefined}
          aria-hidden
        >
          <span>9:41</span>
          <span className="mx-auto h-3 w-14 rounded-full bg-slate-900" />
          <span>100%</span>
        </div>
        {children}
      </div>
      <figcaption className="text-center text-xs text-slate-500">{label}</figcaption>
    </figure>
  );
}

/** The app on a phone's home screen, and the splash screen it opens with (from the manifest's colours). */
export function PhonePreview({ app }: { app: PreviewApp }) {
  const { t } = useLingui();
  return (
    <div className="flex flex-wrap justify-center gap-6" aria-label={t`How your app looks on a phone`} role="group">
      <Phone label={t`Home screen`} className="bg-gradient-to-b from-slate-700 via-slate-600 to-slate-800">
        <div className="grid grid-cols-4 gap-x-2 gap-y-4 px-3 pt-10">
          {placeholderApps.map((color) => (
            <span key={color} className={cx('mx-auto size-9 rounded-[22%] opacity-80', color)} aria-hidden />
          ))}
          <span className="flex flex-col items-center gap-1">
            <AppIcon app={app} className="size-9" />
            <span className="w-full truncate text-center text-[9px] text-white" data-testid="home-screen-label">
              {app.shortName || app.name}
            </span>
          </span>
        </div>
      </Phone>
      <Phone label={t`Opening screen`} statusBarColor={app.themeColor}>
        <div className="flex h-full flex-col items-center justify-center gap-4 px-4 text-center" style={{ backgroundColor: app.backgroundColor }}>
          <AppIcon app={app} className="size-20" />
          <span className="text-sm font-semibold" style={{ color: readableOn(app.backgroundColor) }}>
            {app.name}
          </span>
        </div>
      </Phone>
    </div>
  );
}

/** Dark or white text, whichever contrasts more with the colour (WCAG 2 contrast ratio). */
export function readableOn(hex: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return '#0f172a';
  return contrastRatio('#0f172a', hex) >= contrastRatio('#ffffff', hex) ? '#0f172a' : '#ffffff';
}
