import type { ReactNode } from 'react';
import { cx } from '@web/components/cx';

/** A dashboard widget: a titled card with an optional control at the right of the title. */
export function WidgetCard({ title, action, children, className }: { title: string; action?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={cx('min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm', className)} aria-label={title}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-slate-900">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}
