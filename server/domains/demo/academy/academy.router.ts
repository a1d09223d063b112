import { z } from 'zod';
import { router } from '@server/trpc/init';
import { demoProcedure } from '../demo.procedure';
import { course, courseCategory, courseIdInput, courseSummary, courseUpdateInput } from './academy.schemas';
import * as academy from './academy.service';

export const academyRouter = router({
  categories: demoProcedure.output(z.array(courseCategory)).query(({ ctx }) => academy.listCategories(ctx.services.db)),
  courses: demoProcedure.output(z.array(courseSummary)).query(({ ctx }) => academy.listCourses(ctx.services.db)),
  course: demoProcedure
    .input(courseIdInput)
    .output(course)
    .query(({ ctx, input }) => academy.getCourse(ctx.services.db, input.courseId)),
  save: demoProcedure
    .input(course)
    .output(course)
    .mutation(({ ctx, input }) => academy.saveCourse(ctx.services.db, input)),
  update: demoProcedure
    .input(courseUpdateInput)
    .output(course)
    .mutation(({ ctx, input }) => academy.updateCourse(ctx.services.db, input)),
});
