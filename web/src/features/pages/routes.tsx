import type { PageRoute } from '@web/app/route-types';

/** Pages of the `pages` feature (auth demo pages, errors, maintenance, profile, legal). Filled by that feature. */
export const pageRoutes: PageRoute[] = [];
