import { usersRouter } from '@server/domains/users/users.router';
import { systemRouter } from '@server/domains/system/system.router';
import { createCallerFactory, router } from './init';

export const appRouter = router({
  system: systemRouter,
  users: usersRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
export type AppCaller = ReturnType<typeof createCaller>;
