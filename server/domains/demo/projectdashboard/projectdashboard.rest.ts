import type { RestModule } from '@server/rest/kit';

/** /api/project-dashboard-app/... (demo-apps.md §7). */
export const projectdashboardRest: RestModule = (app, { caller }) => {
  app.get('/api/project-dashboard-app/widgets', async (request) => (await caller(request)).demo.projectdashboard.widgets());
  app.get('/api/project-dashboard-app/projects', async (request) => (await caller(request)).demo.projectdashboard.projects());
};
