import { z } from 'zod';

/** Sample course lengths (minutes) and steps per sample course (demo-apps.md §9). */
export const courseLengths = [30, 45, 60, 90, 120] as const;
export const stepsPerCourse = 11;
export const courseCategoryValues = ['web', 'firebase', 'cloud', 'android'] as const;

export const courseCategory = z.object({
  id: z.string().min(1),
  value: z.string().min(1),
  label: z.string().min(1),
  color: z.string().min(1),
});
export type CourseCategory = z.infer<typeof courseCategory>;

export const courseStep = z.object({
  id: z.string().min(1).max(100),
  title: z.string().trim().min(1).max(200),
  content: z.string().max(100_000),
});
export type CourseStep = z.infer<typeof courseStep>;

const courseFields = {
  id: z.string().trim().min(1).max(100),
  title: z.string().trim().min(1).max(200),
  slug: z.string().trim().min(1).max(200),
  description: z.string().max(2000),
  category: z.string().trim().min(1).max(50),
  length: z.number().int().positive().max(10_000),
  totalSteps: z.number().int().min(0).max(1000),
  activeStep: z.number().int().min(0).max(1000),
  updated: z.string().min(1).max(50),
};

/** A course as listed: every field but the steps. */
export const courseSummary = z.object(courseFields);
export type CourseSummary = z.infer<typeof courseSummary>;

/** A whole course with its steps: the input of course/save and the answer of course, save and update. */
export const course = z.object({ ...courseFields, steps: z.array(courseStep).max(1000) });
export type Course = z.infer<typeof course>;

/** course/update: the id plus any fields to merge into the stored course. */
export const courseUpdateInput = course.partial().required({ id: true });
export type CourseUpdateInput = z.infer<typeof courseUpdateInput>;

export const courseIdInput = z.object({ courseId: z.string().trim().min(1).max(100) });
