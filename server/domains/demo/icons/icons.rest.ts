import type { RestModule } from '@server/rest/kit';

/** GET /api/icons (demo-apps.md §7). */
export const iconsRest: RestModule = (app, { caller }) => {
  app.get('/api/icons', async (request) => (await caller(request)).demo.icons.list());
};
