import { z } from 'zod';
import { adminProcedure, router } from '@server/trpc/init';
import { adminUserIdInput, adminUserRow, adminUsersListAnswer, adminUsersListInput, adminUserUpdateInput } from './admin-users.schemas';
import * as adminUsersService from './admin-users.service';
import { contextLocale } from '@server/trpc/context';
import { translate } from '@server/i18n/translate';
import { grantPlanInput, userPlansInput, userPlansOutput } from '@server/domains/billing/billing.schemas';

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
    .query(({ ctx, input }) => adminUsersService.userPlans(ctx.services, input.userId)),

  /** A plan without payment: counts as an active plan under "Features require a plan" until revoked. */
  grantComplimentaryPlan: adminProcedure
    .input(grantPlanInput)
    .output(userPlansOutput)
    .mutation(({ ctx, input }) => adminUsersService.grantComplimentaryPlan(ctx.services, ctx.actor.id, input.userId, input.productId)),

  revokeComplimentaryPlan: adminProcedure
    .input(grantPlanInput)
    .output(userPlansOutput)
    .mutation(({ ctx, input }) => adminUsersService.revokeComplimentaryPlan(ctx.services, input.userId, input.productId)),
});
