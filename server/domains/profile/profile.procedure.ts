import { dashboardRoles } from '@common/roles';
import { roleProcedure } from '@server/trpc/init';

/**
 * One's own profile (names, email, photo): every dashboard account, creators, admins, staff and `user` accounts.
 * The creator-only fields (description, stream source, creator tag, mail notices) are checked by the service.
 */
export const ownProfileProcedure = roleProcedure(...dashboardRoles);
