import { usersRouter } from '@server/domains/users/users.router';
import { systemRouter } from '@server/domains/system/system.router';
import { demoRouter } from '@server/domains/demo/demo.router';
import { termsRouter } from '@server/domains/terms/terms.router';
import { billingRouter } from '@server/domains/billing/billing.router';
import { adminUsersRouter } from '@server/domains/users/admin-users.router';
import { eventsRouter } from '@server/domains/events/events.router';
import { tipsRouter } from '@server/domains/tips/tips.router';
import { chatRouter } from '@server/domains/chat/chat.router';
import { hubRouter } from '@server/domains/hub/hub.router';
import { createCallerFactory, router } from './init';

export const appRouter = router({
  system: systemRouter,
  users: usersRouter,
  demo: demoRouter,
  billing: billingRouter,
  adminUsers: adminUsersRouter,
  terms: termsRouter,
  events: eventsRouter,
  tips: tipsRouter,
  chat: chatRouter,
  hub: hubRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
export type AppCaller = ReturnType<typeof createCaller>;
