import { z } from 'zod';
import { adminProcedure, router } from '@server/trpc/init';
import { adminUserIdInput, adminUserRow, adminUsersListAnswer, adminUsersListInput, adminUserUpdateInput } from './admin-users.schemas';
import * as adminUsersService from './admin-users.service';

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

  waitingCount: adminProcedure.output(z.object({ count: z.number().int() })).query(({ ctx }) => ({ count: adminUsersService.waitingCreatorCount(ctx.services.db) })),

  update: adminProcedure
    .input(adminUserUpdateInput)
    .output(adminUserRow)
    .mutation(({ ctx, input }) => adminUsersService.updateUser(ctx.services, ctx.actor, input)),

  sendPasswordReset: adminProcedure
    .input(adminUserIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx, input }) => adminUsersService.sendPasswordReset(ctx.services, ctx.actor, input.id)),
});
