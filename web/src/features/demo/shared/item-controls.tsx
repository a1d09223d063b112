import { Star } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { readableAgainstWhite } from '@common/contrast';
import { cx } from '@web/components/cx';

/** The star of a list row: "Star {name}" / "Unstar {name}", pressed while starred. */
export function StarToggle({ name, starred, onToggle, className }: { name: string; starred: boolean; onToggle: () => void; className: string }) {
  const { t } = useLingui();
  return (
    <button type="button" onClick={onToggle} className={cx('rounded', className, starred ? 'text-amber-500' : 'text-slate-500 hover:text-slate-700')} aria-pressed={starred} aria-label={starred ? t`Unstar ${name}` : t`Star ${name}`}>
      <Star className={cx('size-4', starred && 'fill-current')} aria-hidden />
    </button>
  );
}

/** A label pill in the label's colour, darkened where needed so its white text reads (WCAG AA). */
export function LabelChip({ title, color }: { title: string; color: string }) {
  return (
    <span className="rounded-full px-2 py-0.5 text-[11px] font-medium text-white" style={{ backgroundColor: readableAgainstWhite(color) }}>
      {title}
    </span>
  );
}
