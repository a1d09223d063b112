import { roleProcedure } from '@server/trpc/init';

/** Every sample-data app: any signed-in account except viewers. */
export const demoProcedure = roleProcedure('admin', 'dj', 'staff', 'user');
