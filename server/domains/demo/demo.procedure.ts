import { roleProcedure } from '@server/trpc/init';

/**
 * Every sample-data app: any signed-in account except viewers. The sample apps are screens of the dashboard,
 * not something scripts automate, so API tokens are refused (session-only).
 */
export const demoProcedure = roleProcedure('admin', 'dj', 'staff', 'user').meta({ scope: 'session' });
