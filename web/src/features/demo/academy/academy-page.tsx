import { useMemo, useState } from 'react';
import { Clock, GraduationCap } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { readableAgainstWhite } from '@common/contrast';
import { buttonClasses } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { QueryState } from '@web/components/query-state';
import { SampleAppShell } from '@web/components/sample-app-shell';
import { SearchField } from '@web/components/search-field';
import { SkeletonCards } from '@web/components/skeleton';
import { trpc } from '@web/lib/trpc';
import { coursePath, courseProgress } from './course-progress';

const allCategories = 'all';

/** Academy: the course list with a category filter and a title search. */
export default function AcademyPage() {
  const { t } = useLingui();
  const categories = trpc.demo.academy.categories.useQuery();
  const courses = trpc.demo.academy.courses.useQuery();
  const [category, setCategory] = useState(allCategories);
  const [search, setSearch] = useState('');
  const categoryByValue = useMemo(() => new Map((categories.data ?? []).map((item) => [item.value, item])), [categories.data]);

  return (
    <SampleAppShell title={t`Academy`} subtitle={t`Courses to learn at your own pace`} icon={<GraduationCap aria-hidden />}>
      <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-end">
        <div className="space-y-1 sm:w-56">
          <label htmlFor="academy-category" className="block text-sm font-medium text-slate-700">
            <Trans>Category</Trans>
          </label>
          <select
            id="academy-category"
            value={category}
            onChange={(event) => setCategory(event.target.value)}
            className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
          >
            <option value={allCategories}>{t`All`}</option>
            {(categories.data ?? []).map((item) => (
              <option key={item.id} value={item.value}>
                {item.label}
              </option>
            ))}
          </select>
        </div>
        <SearchField label={t`Search for a course`} value={search} onChange={setSearch} className="flex-1" />
      </div>
      <QueryState
        query={courses}
        loading={<SkeletonCards count={6} label={t`Loading courses`} />}
        empty={
          <EmptyState title={t`No courses yet`}>
            <Trans>Courses will show here once they are added.</Trans>
          </EmptyState>
        }
        errorTitle={t`Could not load the courses`}
      >
        {(list) => {
          const needle = search.trim().toLowerCase();
          const shown = list.filter((course) => (category === allCategories || course.category === category) && (!needle || course.title.toLowerCase().includes(needle)));
          if (shown.length === 0) return (
              <EmptyState title={t`No courses match`}>
                <Trans>Try another category or search text.</Trans>
              </EmptyState>
            );
          return (
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t`Courses`}>
              {shown.map((course) => {
                const courseCategory = categoryByValue.get(course.category);
                const progress = courseProgress(course);
                return (
                  <li key={course.id} className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
                    <div className="flex items-center justify-between gap-2 px-4 py-3" style={{ backgroundColor: readableAgainstWhite(courseCategory?.color ?? '#64748b') }}>
                      <span className="text-sm font-semibold text-white">{courseCategory?.label ?? course.category}</span>
                      <span className="flex items-center gap-1 text-sm text-white">
                        <Clock className="size-4" aria-hidden />
                        <Trans>{course.length} min</Trans>
                      </span>
                    </div>
                    <div className="flex flex-1 flex-col gap-2 p-4">
                      <h2 className="font-semibold text-slate-900">{course.title}</h2>
                      <p className="line-clamp-3 flex-1 text-sm text-slate-600">{course.description}</p>
                      <div className="text-xs text-slate-500">
                        <Trans>Updated {course.updated}</Trans>
                      </div>
                    </div>
                    <div className="h-1.5 bg-slate-100" role="progressbar" aria-label={t`${course.title} progress`} aria-valuenow={progress.percent} aria-valuemin={0} aria-valuemax={100}>
                      <div className="h-full bg-brand-500" style={{ width: `${progress.percent}%` }} />
                    </div>
                    <div className="flex items-center justify-between gap-2 p-3">
                      <span className="text-xs text-slate-500">{progress.label}</span>
                      <Link href={coursePath(course)} className={buttonClasses('primary', 'sm')}>
                        {progress.action}
                      </Link>
                    </div>
                  </li>
                );
              })}
            </ul>
          );
        }}
      </QueryState>
    </SampleAppShell>
  );
}
