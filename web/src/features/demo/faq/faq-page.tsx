import { useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, HelpCircle } from 'lucide-react';
import { EmptyState } from '@web/components/empty-state';
import { QueryState } from '@web/components/query-state';
import { SampleAppShell } from '@web/components/sample-app-shell';
import { SearchField } from '@web/components/search-field';
import { SkeletonList } from '@web/components/skeleton';
import { trpc } from '@web/lib/trpc';
import type { FaqEntry } from '@server/domains/demo/faq/faq.schemas';

function FaqList({ entries }: { entries: FaqEntry[] }) {
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return needle ? entries.filter((entry) => `${entry.question} ${entry.answer}`.toLowerCase().includes(needle)) : entries;
  }, [entries, query]);
  return (
    <div className="space-y-4">
      <SearchField label={t`Search the questions`} value={query} onChange={setQuery} className="max-w-xl" />
      {shown.length === 0 ? (
        <EmptyState title={t`No questions match`}>
          <Trans>Try other words.</Trans>
        </EmptyState>
      ) : (
        <ul className="space-y-2">
          {shown.map((entry) => (
            <li key={entry.id}>
              <details className="group rounded-lg border border-slate-200 bg-white open:border-brand-300">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 [&::-webkit-details-marker]:hidden">
                  {entry.question}
                  <ChevronDown className="size-4 shrink-0 text-slate-400 transition-transform group-open:rotate-180" aria-hidden />
                </summary>
                <p className="border-t border-slate-100 px-4 py-3 text-sm leading-relaxed text-slate-700">{entry.answer}</p>
              </details>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Frequently asked questions of the sample data: searchable, each answer folds open. */
export default function FaqPage() {
  const { t } = useLingui();
  const faqs = trpc.demo.faq.list.useQuery();
  return (
    <SampleAppShell title={t`Frequently asked questions`} icon={<HelpCircle aria-hidden />} subtitle={t`Help center`}>
      <QueryState
        query={faqs}
        errorTitle={t`Could not load the questions`}
        loading={<SkeletonList rows={6} avatar={false} label={t`Loading questions`} />}
        empty={<EmptyState title={t`There are no questions yet`} />}
      >
        {(entries) => <FaqList entries={entries} />}
      </QueryState>
    </SampleAppShell>
  );
}
