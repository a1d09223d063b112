import { z } from 'zod';
import { userRoles } from './roles';
import { adminProcedure, router } from '@server/trpc/init';
import * as adminUsersService from './admin-users.service';

export const adminUserRow = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: z.enum(userRoles),
  isActive: z.boolean(),
  pendingPayment: z.boolean(),
  subdomain: z.string().nullable(),
});

export const adminUsersRouter = router({
  list: adminProcedure.output(z.array(adminUserRow)).query(({ ctx }) => adminUsersService.listUsers(ctx.services.db)),
});
