import { Construction } from 'lucide-react';
import { EmptyState } from '@web/components/empty-state';

/** Screens whose features arrive in later issues: an honest empty state inside the real layout. */
export function UpcomingPage({ title, description }: { title: string; description: string }) {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <EmptyState title={`${title} is not available yet`} icon={<Construction className="size-10" aria-hidden />}>
        {description}
      </EmptyState>
    </section>
  );
}
