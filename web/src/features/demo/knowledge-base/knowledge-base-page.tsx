import { useState } from 'react';
import { BookOpen, FileText } from 'lucide-react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { EmptyState } from '@web/components/empty-state';
import { Modal } from '@web/components/modal';
import { QueryState } from '@web/components/query-state';
import { SafeHtml } from '@web/components/safe-html';
import { SampleAppShell } from '@web/components/sample-app-shell';
import { SkeletonCards } from '@web/components/skeleton';
import { trpc } from '@web/lib/trpc';
import type { KnowledgeBaseCategory } from '@server/domains/demo/knowledgebase/knowledgebase.schemas';

type Article = KnowledgeBaseCategory['featuredArticles'][number];

function Categories({ categories }: { categories: KnowledgeBaseCategory[] }) {
  const { t } = useLingui();
  const [open, setOpen] = useState<{ article: Article; category: string } | null>(null);
  return (
    <>
      <ul className="grid gap-4 md:grid-cols-2">
        {categories.map((category) => (
          <li key={category.id} className="rounded-lg border border-slate-200 bg-white">
            <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
              <h2 className="font-semibold text-slate-900">{category.title}</h2>
              <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700"><Plural value={category.articlesCount} one="# article" other="# articles" /></span>
            </div>
            {category.featuredArticles.length === 0 ? (
              <p className="px-4 py-3 text-sm text-slate-500">
                <Trans>No featured articles in this category.</Trans>
              </p>
            ) : (
              <ul className="py-1" aria-label={t`Featured articles in ${category.title}`}>
                {category.featuredArticles.map((article) => (
                  <li key={article.id}>
                    <button
                      type="button"
                      onClick={() => setOpen({ article, category: category.title })}
                      className="flex w-full items-center gap-2 px-4 py-2 text-start text-sm text-slate-700 hover:bg-slate-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500"
                    >
                      <FileText className="size-4 shrink-0 text-slate-400" aria-hidden />
                      {article.title}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      <Modal open={open !== null} onOpenChange={(next) => !next && setOpen(null)} title={open?.article.title ?? ''} description={open?.category} size="lg">
        {open && <SafeHtml html={open.article.content} className="prose-sm space-y-3 text-sm leading-relaxed text-slate-700" />}
      </Modal>
    </>
  );
}

/** The help centre of the sample data: categories with their featured articles; an article opens in a dialog. */
export default function KnowledgeBasePage() {
  const { t } = useLingui();
  const categories = trpc.demo.knowledgebase.categories.useQuery();
  return (
    <SampleAppShell title={t`Knowledge base`} icon={<BookOpen aria-hidden />} subtitle={t`Help center`}>
      <QueryState
        query={categories}
        errorTitle={t`Could not load the knowledge base`}
        loading={<SkeletonCards count={4} label={t`Loading categories`} className="md:grid-cols-2 xl:grid-cols-2" />}
        empty={<EmptyState title={t`There are no categories yet`} />}
      >
        {(items) => <Categories categories={items} />}
      </QueryState>
    </SampleAppShell>
  );
}
