import { roleProcedure } from '@server/trpc/init';

/**
 * Every sample-data app: demonstration apps for staff or admins (demo-apps.md §1) — admins, staff and the sample
 * `user` role; creators and viewers are refused (403). The sample apps are screens of the dashboard, not something
 * scripts automate, so API tokens are refused (session-only).
 */
export const demoProcedure = roleProcedure('admin', 'staff', 'user').meta({ scope: 'session' });

/** The shell's global search and quick panel: every signed-in dashboard account, creators included. */
export const shellProcedure = roleProcedure('admin', 'dj', 'staff', 'user').meta({ scope: 'session' });
