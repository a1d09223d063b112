import { ArrowLeft, ArrowRight, Check, GraduationCap } from 'lucide-react';
import { toast } from 'sonner';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'wouter';
import { Button, buttonClasses } from '@web/components/button';
import { cx } from '@web/components/cx';
import { failureMessage } from '@web/components/error-message';
import { QueryState } from '@web/components/query-state';
import { SampleAppShell, SidebarSection } from '@web/components/sample-app-shell';
import { Skeleton, SkeletonText } from '@web/components/skeleton';
import { SafeHtml } from '@web/components/safe-html';
import { trpc } from '@web/lib/trpc';
import { courseProgress } from './course-progress';

/** A course: its steps, the current one's content, previous/next and the saved progress. */
export default function CoursePage() {
  const { t } = useLingui();
  const { courseId = '' } = useParams<{ courseId: string }>();
  const utils = trpc.useUtils();
  const course = trpc.demo.academy.course.useQuery({ courseId });
  const update = trpc.demo.academy.update.useMutation({
    onMutate: async ({ activeStep }) => {
      await utils.demo.academy.course.cancel({ courseId });
      const previous = utils.demo.academy.course.getData({ courseId });
      if (previous && activeStep !== undefined) utils.demo.academy.course.setData({ courseId }, { ...previous, activeStep });
      return { previous };
    },
    onError: (error, _input, context) => {
      if (context?.previous) utils.demo.academy.course.setData({ courseId }, context.previous);
      toast.error(failureMessage(error, t`Your progress could not be saved.`));
    },
    onSuccess: (saved) => {
      toast.success(saved.activeStep >= saved.totalSteps ? t`Course completed` : t`Progress saved`, { id: 'course-progress' });
      void utils.demo.academy.courses.invalidate();
    },
  });

  const goTo = (activeStep: number) => update.mutate({ id: courseId, activeStep });

  return (
    <QueryState
      query={course}
      loading={
        <div role="status" aria-label={t`Loading the course`} className="space-y-4">
          <Skeleton className="h-20 w-full" />
          <div className="rounded-lg border border-slate-200 bg-white p-6">
            <Skeleton className="mb-4 h-6 w-1/2" />
            <SkeletonText lines={8} />
          </div>
        </div>
      }
      errorTitle={t`Could not load the course`}
    >
      {(data) => {
        const steps = data.steps;
        const current = Math.min(Math.max(data.activeStep, 0), Math.max(steps.length - 1, 0));
        const step = steps[current];
        const finished = data.activeStep >= data.totalSteps && data.totalSteps > 0;
        const progress = courseProgress(data);
        return (
          <SampleAppShell
            title={data.title}
            subtitle={progress.label}
            icon={<GraduationCap aria-hidden />}
            actions={
              <Link href="/apps/academy" className={buttonClasses('secondary', 'sm')}>
                <Trans>All courses</Trans>
              </Link>
            }
            sidebarLabel={t`Course steps`}
            sidebar={(close) => (
              <SidebarSection title={t`Steps`}>
                {steps.map((item, index) => (
                  <li key={item.id}>
                    <button
                      type="button"
                      onClick={() => {
                        close();
                        if (index !== current) goTo(index);
                      }}
                      aria-current={index === current ? 'step' : undefined}
                      className={cx(
                        'flex w-full items-start gap-2 rounded-md px-2 py-2 text-start text-sm',
                        index === current ? 'bg-brand-50 font-semibold text-brand-700' : 'text-slate-700 hover:bg-slate-100',
                      )}
                    >
                      <span
                        className={cx(
                          'flex size-6 shrink-0 items-center justify-center rounded-full text-xs',
                          index < data.activeStep ? 'bg-brand-500 text-white' : 'border border-slate-300 text-slate-600',
                        )}
                      >
                        {index < data.activeStep ? <Check className="size-3.5" aria-hidden /> : index + 1}
                      </span>
                      <span>{item.title}</span>
                    </button>
                  </li>
                ))}
              </SidebarSection>
            )}
          >
            <div className="h-1.5 overflow-hidden rounded bg-slate-200" role="progressbar" aria-label={t`Course progress`} aria-valuenow={progress.percent} aria-valuemin={0} aria-valuemax={100}>
              <div className="h-full bg-brand-500 transition-[width]" style={{ width: `${progress.percent}%` }} />
            </div>
            <article className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
              {step ? (
                <>
                  <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
                    <Trans>
                      Step {current + 1} of {steps.length}
                    </Trans>
                  </p>
                  <h2 className="mb-4 text-xl font-bold text-slate-900">{step.title}</h2>
                  <SafeHtml html={step.content} />
                </>
              ) : (
                <p className="text-sm text-slate-600">
                  <Trans>This course has no steps yet.</Trans>
                </p>
              )}
            </article>
            <div className="flex items-center justify-between gap-2">
              <Button variant="secondary" onClick={() => goTo(current - 1)} disabled={current === 0 || update.isPending}>
                <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden />
                <Trans>Previous</Trans>
              </Button>
              {current < steps.length - 1 ? (
                <Button onClick={() => goTo(current + 1)} disabled={update.isPending}>
                  <Trans>Next</Trans>
                  <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden />
                </Button>
              ) : (
                <Button onClick={() => goTo(data.totalSteps)} disabled={finished || update.isPending || steps.length === 0}>
                  <Check className="size-4" aria-hidden />
                  {finished ? t`Completed` : t`Finish`}
                </Button>
              )}
            </div>
          </SampleAppShell>
        );
      }}
    </QueryState>
  );
}
