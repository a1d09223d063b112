import { DomainError } from '@server/platform/errors';
import type { Db } from '@db/client';
import { collection } from '../demo.store';
import type { Course, CourseCategory, CourseSummary, CourseUpdateInput } from './academy.schemas';

export const academyCategories = (db: Db) => collection<CourseCategory>(db, 'academy.categories');
export const academyCourses = (db: Db) => collection<Course>(db, 'academy.courses');

export const courseNotFoundMessage = 'Requested course does not exist.';

export async function listCategories(db: Db): Promise<CourseCategory[]> {
  return academyCategories(db).list();
}

/** The course list leaves out each course's steps. */
export async function listCourses(db: Db): Promise<CourseSummary[]> {
  return (await academyCourses(db).list()).map(({ steps: _steps, ...summary }) => summary);
}

export async function getCourse(db: Db, courseId: string): Promise<Course> {
  const found = await academyCourses(db).get(courseId);
  if (!found) throw new DomainError({ code: 'NOT_FOUND', message: courseNotFoundMessage });
  return found;
}

/** Replaces the course with the same id, or appends it. */
export async function saveCourse(db: Db, input: Course): Promise<Course> {
  return academyCourses(db).put(input);
}

/** Merges the given fields into the stored course. */
export async function updateCourse(db: Db, input: CourseUpdateInput): Promise<Course> {
  // Read, merged and written back in one step: no change made meanwhile is lost.
  return db.transaction(async () => {
    const existing = await getCourse(db, input.id);
    const merged: Course = { ...existing };
    for (const [key, value] of Object.entries(input)) {
      if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
    }
    return academyCourses(db).put(merged);
  });
}
