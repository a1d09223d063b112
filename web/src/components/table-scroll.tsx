import type { ReactNode } from 'react';
import { MoveHorizontal } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { cx } from './cx';

/** A wide table that scrolls sideways inside its card, with a hint on narrow screens. */
export function TableScroll({ children, className, label }: { children: ReactNode; className?: string; label?: string }) {
  const { t } = useLingui();
  return (
    <div className={cx('rounded-lg border border-slate-200 bg-white', className)}>
      <p className="flex items-center gap-1 border-b border-slate-100 px-3 py-1.5 text-xs text-slate-500 md:hidden">
        <MoveHorizontal className="size-3.5" aria-hidden />
        <Trans>Scroll sideways to see every column</Trans>
      </p>
      <div className="relative overflow-x-auto" role="region" aria-label={label ?? t`Table`} tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
