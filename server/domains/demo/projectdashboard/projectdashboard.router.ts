import { z } from 'zod';
import { router } from '@server/trpc/init';
import { demoProcedure } from '../demo.procedure';
import { project, projectDashboardWidgets } from './projectdashboard.schemas';
import { getProjectDashboardWidgets, listProjects } from './projectdashboard.service';

export const projectdashboardRouter = router({
  widgets: demoProcedure.meta({ errors: ['NOT_FOUND'] }).output(projectDashboardWidgets).query(({ ctx }) => getProjectDashboardWidgets(ctx.services.db)),
  projects: demoProcedure.output(z.array(project)).query(({ ctx }) => listProjects(ctx.services.db)),
});
