import { formatNumber } from '@web/lib/i18n/format';
import { cx } from './cx';

/** A labelled progress bar (0..1), announced to assistive technology. */
export function ProgressBar({ value, label, className }: { value: number; label: string; className?: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className={cx('space-y-1', className)}>
      <div className="flex justify-between text-xs text-slate-600">
        <span>{label}</span>
        <span>{formatNumber(percent / 100, { style: 'percent' })}</span>
      </div>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-slate-200">
        <div className="h-full rounded-full bg-brand-500 transition-[width] duration-200" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
