import { TRPCError } from '@trpc/server';
import type { Db } from '@db/client';
import { collection } from '../demo.store';
import type { Course, CourseCategory, CourseSummary, CourseUpdateInput } from './academy.schemas';

export const academyCategories = (db: Db) => collection<CourseCategory>(db, 'academy.categories');
export const academyCourses = (db: Db) => collection<Course>(db, 'academy.courses');

export const courseNotFoundMessage = 'Requested course does not exist.';

export function listCategories(db: Db): CourseCategory[] {
  return academyCategories(db).list();
}

/** The course list leaves out each course's steps. */
export function listCourses(db: Db): CourseSummary[] {
  return academyCourses(db)
    .list()
    .map(({ steps: _steps, ...summary }) => summary);
}

export function getCourse(db: Db, courseId: string): Course {
  const found = academyCourses(db).get(courseId);
  if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: courseNotFoundMessage });
  return found;
}

/** Replaces the course with the same id, or appends it. */
export function saveCourse(db: Db, input: Course): Course {
  return academyCourses(db).put(input);
}

/** Merges the given fields into the stored course. */
export function updateCourse(db: Db, input: CourseUpdateInput): Course {
  const existing = getCourse(db, input.id);
  const merged: Course = { ...existing };
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  return academyCourses(db).put(merged);
}
