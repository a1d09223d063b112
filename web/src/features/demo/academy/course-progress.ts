import { msg } from '@lingui/core/macro';
import { i18n } from '@web/lib/i18n/i18n';

/** The progress of a course from its active step (0 = not started; steps are counted from 1). */
export function courseProgress(course: { activeStep: number; totalSteps: number }) {
  const total = Math.max(course.totalSteps, 0);
  const done = Math.min(Math.max(course.activeStep, 0), total);
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  if (done === 0) return { percent, label: i18n._(msg`Not started`), action: i18n._(msg`Start`) };
  if (done >= total) return { percent: 100, label: i18n._(msg`Completed`), action: i18n._(msg`Review`) };
  return { percent, label: i18n._(msg`Step ${done} of ${total}`), action: i18n._(msg`Continue`) };
}

export const coursePath = (course: { id: string; slug: string }) => `/apps/academy/courses/${encodeURIComponent(course.id)}/${encodeURIComponent(course.slug)}`;
