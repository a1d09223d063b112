import type { RestModule } from '@server/rest/kit';

/** GET /api/quick-panel/data (demo-apps.md §7). */
export const quickpanelRest: RestModule = (app, { caller }) => {
  app.get('/api/quick-panel/data', async (request) => (await caller(request)).demo.quickpanel.data());
};
