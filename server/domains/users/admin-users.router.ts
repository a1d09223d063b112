import { z } from 'zod';
import { adminProcedure, router } from '@server/trpc/init';
import { adminUserIdInput, adminUserRow, adminUsersListAnswer, adminUsersListInput, adminUserUpdateInput } from './admin-users.schemas';
import * as adminUsersService from './admin-users.service';
import { contextLocale } from '@server/trpc/context';
import { translate } from '@server/i18n/translate';
import { grantPlanInput, userPlansInput, userPlansOutput, type UserPlansOutput } from '@server/domains/billing/billing.schemas';
import type { Locale } from '@common/locales';

/** A user's plans with the refusal texts of what they may create in the admin's language. */
function plansInLocale(plans: UserPlansOutput, locale: Locale): UserPlansOutput {
  const inLocale = (refusal: string | null) => refusal && translate(locale, refusal);
  const { events, audioTitle, videoTitle } = plans.access.refusals;
  return { ...plans, access: { ...plans.access, refusals: { events: inLocale(events), audioTitle: inLocale(audioTitle), videoTitle: inLocale(videoTitle) } } };
}

/** The admin's user management (platform.md §6: admin only). Emulation is `users.emulate`. */
export const adminUsersRouter = router({
  list: adminProcedure
    .input(adminUsersListInput.prefault({}))
    .output(adminUsersListAnswer)
    .query(({ ctx, input }) => adminUsersService.listUsers(ctx.services.db, input)),

  get: adminProcedure
    .input(adminUserIdInput)
    .output(adminUserRow)
    .query(({ ctx, input }) => adminUsersService.getUser(ctx.services.db, input.id)),

  waitingCount: adminProcedure.output(z.object({ count: z.number().int() })).query(async ({ ctx }) => ({ count: await adminUsersService.waitingCreatorCount(ctx.services.db) })),

  update: adminProcedure
    .input(adminUserUpdateInput)
    .output(adminUserRow)
    .mutation(({ ctx, input }) => adminUsersService.updateUser(ctx.services, ctx.actor, input)),

  sendPasswordReset: adminProcedure
    .input(adminUserIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const { message } = await adminUsersService.sendPasswordReset(ctx.services, ctx.actor, input.id);
      return { message: translate(contextLocale(ctx), message) };
    }),

  /** The user's plans: subscriptions (and whether each counts now), complimentary grants, and what they may create. */
  plans: adminProcedure
    .input(userPlansInput)
    .output(userPlansOutput)
    .query(async ({ ctx, input }) => plansInLocale(await adminUsersService.userPlans(ctx.services, input.userId), contextLocale(ctx))),

  /** A plan without payment: counts as an active plan under "Features require a plan" until revoked. */
  grantComplimentaryPlan: adminProcedure
    .input(grantPlanInput)
    .output(userPlansOutput)
    .mutation(async ({ ctx, input }) =>
      plansInLocale(await adminUsersService.grantComplimentaryPlan(ctx.services, ctx.actor.id, input.userId, input.productId), contextLocale(ctx)),
    ),

  revokeComplimentaryPlan: adminProcedure
    .input(grantPlanInput)
    .output(userPlansOutput)
    .mutation(async ({ ctx, input }) => plansInLocale(await adminUsersService.revokeComplimentaryPlan(ctx.services, input.userId, input.productId), contextLocale(ctx))),
});
