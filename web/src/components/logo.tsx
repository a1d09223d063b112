import { AudioLines } from 'lucide-react';
import { useSiteName } from '@web/lib/site-name';
import { cx } from './cx';

export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  const siteName = useSiteName();
  return (
    <span className={cx('inline-flex items-center gap-2 font-bold text-slate-900', className)}>
      <span className="flex size-8 items-center justify-center rounded-md bg-brand-500 text-white">
        <AudioLines className="size-5" aria-hidden />
      </span>
      {!compact && <span className="text-lg">{siteName}</span>}
    </span>
  );
}
