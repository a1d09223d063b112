import type { RestModule } from '@server/rest/kit';
import { toTemplateWidgets } from './projectdashboard.service';

/**
 * /api/project-dashboard-app/... (demo-apps.md §7), in the template's wire format: the widgets keyed as its
 * dashboard reads them (widget1..widget11, weatherWidget) and numeric project ids (it opens project 1).
 */
export const projectdashboardRest: RestModule = (app, { caller }) => {
  app.get('/api/project-dashboard-app/widgets', async (request) => toTemplateWidgets(await (await caller(request)).demo.projectdashboard.widgets()));
  app.get('/api/project-dashboard-app/projects', async (request) =>
    (await (await caller(request)).demo.projectdashboard.projects()).map((item) => ({ ...item, id: /^\d+$/.test(item.id) ? Number(item.id) : item.id })),
  );
};
