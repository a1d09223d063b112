import { AudioLines } from 'lucide-react';
import { cx } from './cx';

export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span className={cx('inline-flex items-center gap-2 font-bold text-slate-900', className)}>
      <span className="flex size-8 items-center justify-center rounded-md bg-brand-500 text-white">
        <AudioLines className="size-5" aria-hidden />
      </span>
      {!compact && <span className="text-lg">Cuepoint</span>}
    </span>
  );
}
