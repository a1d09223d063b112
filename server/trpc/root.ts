import { usersRouter } from '@server/domains/users/users.router';
import { systemRouter } from '@server/domains/system/system.router';
import { demoRouter } from '@server/domains/demo/demo.router';
import { createCallerFactory, router } from './init';

export const appRouter = router({
  system: systemRouter,
  users: usersRouter,
  demo: demoRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
export type AppCaller = ReturnType<typeof createCaller>;
