import { usersRouter } from '@server/domains/users/users.router';
import { systemRouter } from '@server/domains/system/system.router';
import { demoRouter } from '@server/domains/demo/demo.router';
import { termsRouter } from '@server/domains/terms/terms.router';
import { billingRouter } from '@server/domains/billing/billing.router';
import { adminUsersRouter } from '@server/domains/users/admin-users.router';
import { eventsRouter } from '@server/domains/events/events.router';
import { tipsRouter } from '@server/domains/tips/tips.router';
import { podcastsRouter } from '@server/domains/podcasts/podcasts.router';
import { settingsRouter } from '@server/domains/settings/settings.router';
import { profileRouter } from '@server/domains/profile/profile.router';
import { chatRouter } from '@server/domains/chat/chat.router';
import { hubRouter } from '@server/domains/hub/hub.router';
import { pushRouter } from '@server/domains/push/push.router';
import { mobileAppRouter } from '@server/domains/mobile-app/mobile-app.router';
import { paymentsRouter } from '@server/domains/payments/payments.router';
import { subscriptionsRouter } from '@server/domains/subscriptions/subscriptions.router';
import { earningsRouter } from '@server/domains/earnings/earnings.router';
import { tipOptionsRouter } from '@server/domains/tips/tip-options.router';
import { apiTokensRouter } from '@server/domains/api-tokens/api-tokens.router';
import { webhooksRouter } from '@server/domains/webhooks/webhooks.router';
import { liveRouter } from '@server/domains/live/live.router';
import { publicPagesRouter } from '@server/domains/public-pages/public-pages.router';
import { membershipsRouter } from '@server/domains/memberships/memberships.router';
import { analyticsRouter } from '@server/domains/analytics/analytics.router';
import { federationRouter } from '@server/domains/federation/federation.router';
import { TRPCError, type AnyTRPCProcedure } from '@trpc/server';
import { router } from './init';
import type { Context } from './context';
import { callProcedure } from './procedure-call';

export const appRouter = router({
  system: systemRouter,
  users: usersRouter,
  demo: demoRouter,
  billing: billingRouter,
  adminUsers: adminUsersRouter,
  terms: termsRouter,
  events: eventsRouter,
  tips: tipsRouter,
  podcasts: podcastsRouter,
  settings: settingsRouter,
  profile: profileRouter,
  chat: chatRouter,
  hub: hubRouter,
  push: pushRouter,
  mobileApp: mobileAppRouter,
  payments: paymentsRouter,
  subscriptions: subscriptionsRouter,
  earnings: earningsRouter,
  tipOptions: tipOptionsRouter,
  apiTokens: apiTokensRouter,
  webhooks: webhooksRouter,
  live: liveRouter,
  publicPages: publicPagesRouter,
  memberships: membershipsRouter,
  analytics: analyticsRouter,
  federation: federationRouter,
});

export type AppRouter = typeof appRouter;
export type AppCaller = ReturnType<typeof appRouter.createCaller>;

const procedures = appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure | undefined>;

/**
 * The router's caller (same typing and behaviour as tRPC's `createCallerFactory(appRouter)`), calling through
 * callProcedure: REST shims make one per request.
 */
export function createCaller(ctx: Context): AppCaller {
  return callerAt(ctx, '') as AppCaller;
}

function callerAt(ctx: Context, path: string): unknown {
  const procedure = procedures[path];
  if (procedure) return (input?: unknown) => callProcedure(procedure, { path, type: procedure._def.type, ctx, input });
  return new Proxy(notAProcedure, {
    // Not a promise: `await` looks for `then`.
    get: (_target, key) => (typeof key === 'string' && key !== 'then' ? callerAt(ctx, path ? `${path}.${key}` : key) : undefined),
    apply: () => Promise.reject(new TRPCError({ code: 'NOT_FOUND', message: `No procedure found on path "${path}"` })),
  });
}

function notAProcedure() {}
