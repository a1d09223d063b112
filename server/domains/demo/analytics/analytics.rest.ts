import type { RestModule } from '@server/rest/kit';

/** GET /api/analytics-dashboard-app/widgets (demo-apps.md §7). */
export const analyticsRest: RestModule = (app, { caller }) => {
  app.get('/api/analytics-dashboard-app/widgets', async (request) => (await caller(request)).demo.analytics.widgets());
};
