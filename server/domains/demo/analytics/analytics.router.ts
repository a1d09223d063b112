import { router } from '@server/trpc/init';
import { demoProcedure } from '../demo.procedure';
import { analyticsWidgets } from './analytics.schemas';
import { getAnalyticsWidgets } from './analytics.service';

export const analyticsRouter = router({
  widgets: demoProcedure.meta({ errors: ['NOT_FOUND'] }).output(analyticsWidgets).query(({ ctx }) => getAnalyticsWidgets(ctx.services.db)),
});
