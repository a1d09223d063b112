import type { RestModule } from '@server/rest/kit';

/** /api/academy-app/... (demo-apps.md §7): thin shims over the academy procedures. */
export const academyRest: RestModule = (app, { caller }) => {
  app.get('/api/academy-app/categories', async (request) => (await caller(request)).demo.academy.categories());
  app.get('/api/academy-app/courses', async (request) => (await caller(request)).demo.academy.courses());
  app.get<{ Querystring: { courseId?: string } }>('/api/academy-app/course', async (request) =>
    (await caller(request)).demo.academy.course({ courseId: request.query.courseId as string }),
  );
  app.post('/api/academy-app/course/save', async (request) => (await caller(request)).demo.academy.save(request.body as never));
  app.post('/api/academy-app/course/update', async (request) =>
    (await caller(request)).demo.academy.update(request.body as never),
  );
};
