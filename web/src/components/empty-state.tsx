import type { ReactNode } from 'react';
import { Inbox } from 'lucide-react';
import { cx } from './cx';

export function EmptyState({ title, children, icon, className }: { title: string; children?: ReactNode; icon?: ReactNode; className?: string }) {
  return (
    <section className={cx('flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white px-6 py-16 text-center', className)}>
      <div className="text-brand-500">{icon ?? <Inbox className="size-10" aria-hidden />}</div>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children && <div className="max-w-md text-sm text-slate-600">{children}</div>}
    </section>
  );
}
